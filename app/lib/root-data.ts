import { useRouteLoaderData } from "react-router";
import type { Brand, BrandLayout } from "@contracts/brand.ts";
import type { CurrentUser } from "@contracts/current-user.ts";

/** What the root loader hands to every page: who is signed in, the brand of the hostname, telemetry, and the page's nonce. */
export type RootData = {
  currentUser: CurrentUser | null;
  /** Whether the signed-in creator has a running campaign to post to: New Post is rendered usable from the start. */
  hasCurrentCampaign: boolean;
  sessionId: string | null;
  brand: Brand | null;
  brandLayout: BrandLayout;
  iconEndpoint: string;
  /** Application Insights in the browser: the key of the connection string (public; the worker checks it). */
  telemetry: { instrumentationKey: string };
  nonce: string;
};

/** The root loader's data (undefined only while the root itself failed). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
