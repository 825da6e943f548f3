import { createContext, type ReactNode, useContext } from "react";

/** The advertiser and campaign a page is about, for the calls to action inside it (a sign-in button, say). */
export type AnalyticsScopeValue = { advertiserId?: string; campaignId?: string };

const AnalyticsScopeContext = createContext<AnalyticsScopeValue>({});

export function AnalyticsScope({ children, ...scope }: AnalyticsScopeValue & { children: ReactNode }) {
  return <AnalyticsScopeContext value={scope}>{children}</AnalyticsScopeContext>;
}

export function useAnalyticsScope(): AnalyticsScopeValue {
  return useContext(AnalyticsScopeContext);
}
