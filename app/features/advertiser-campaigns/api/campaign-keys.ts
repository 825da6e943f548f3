/** Every console campaign query sits under `campaignConsoleKeys.all`. */
export const campaignConsoleKeys = {
  all: ["advertiser-campaigns"] as const,
  list: (advertiserId: string) => [...campaignConsoleKeys.all, advertiserId, "list"] as const,
  campaign: (advertiserId: string, campaignId: string) => [...campaignConsoleKeys.all, advertiserId, campaignId] as const,
};

export function campaignsPath(advertiserId: string, campaignId?: string): string {
  const base = `/v1/advertiser/${encodeURIComponent(advertiserId)}/campaigns`;
  return campaignId === undefined ? base : `${base}/${encodeURIComponent(campaignId)}`;
}
