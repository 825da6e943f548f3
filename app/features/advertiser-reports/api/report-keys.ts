/** Every report query sits under `reportKeys.all`. */
export const reportKeys = {
  all: ["advertiser-reports"] as const,
  report: (advertiserId: string, campaignId: string | null, from: string, to: string) =>
    [...reportKeys.all, advertiserId, campaignId ?? "account", from, to] as const,
};
