import type { Capabilities } from "../../capabilities.ts";
import type { FunnelRow } from "../../contracts/funnel.ts";
import { listFunnelRows } from "../../db/funnel-rollups.ts";

/**
 * The landing → sign-in → join funnel in distinct devices, per campaign and utm campaign, for every advertiser or
 * one (an advertiser's report) or one campaign (its report), over every day or the UTC days asked (YYYY-MM-DD,
 * inclusive). Authorization is the caller's.
 */
export function listFunnel(
  { db }: Pick<Capabilities, "db">,
  filter: { advertiserId?: string; campaignId?: string; days?: { from: string; to: string } },
): Promise<FunnelRow[]> {
  return listFunnelRows(db, {
    advertiserId: filter.advertiserId ?? null,
    campaignId: filter.campaignId ?? null,
    days: filter.days ?? null,
  });
}
