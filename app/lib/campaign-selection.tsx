import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

/**
 * The store of SPEC.md section 2: the campaign and campaign week the creator has open, remembered across
 * client-side navigation (the post editor preselects them).
 */
type CampaignSelection = {
  campaignId: string | null;
  campaignWeek: number | null;
  select(campaignId: string | null, campaignWeek?: number | null): void;
};

const SelectionContext = createContext<CampaignSelection | null>(null);

export function CampaignSelectionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ campaignId: string | null; campaignWeek: number | null }>({
    campaignId: null,
    campaignWeek: null,
  });
  const value = useMemo<CampaignSelection>(
    () => ({
      ...state,
      select: (campaignId, campaignWeek = null) =>
        setState((previous) =>
          previous.campaignId === campaignId && previous.campaignWeek === campaignWeek ? previous : { campaignId, campaignWeek },
        ),
    }),
    [state],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

export function useCampaignSelection(): CampaignSelection {
  const selection = useContext(SelectionContext);
  if (selection === null) throw new Error("useCampaignSelection needs a CampaignSelectionProvider");
  return selection;
}
