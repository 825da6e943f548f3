import type { Capabilities } from "../../capabilities.ts";
import type { FunnelRow } from "../../contracts/funnel.ts";
import { listFunnelRows } from "../../db/analytics-events.ts";

/**
 * The landing → sign-in → join funnel in distinct devices, per campaign and utm campaign, for every advertiser or
 * one (an advertiser's report) or one campaign (its report). Authorization is the caller's.
 */
export function listFunnel({ db }: Pick<Capabilities, "db">, filter: { advertiserId?: string; campaignId?: string }): Promise<FunnelRow[]> {
  return listFunnelRows(db, { advertiserId: filter.advertiserId ?? null, campaignId: filter.campaignId ?? null });
}
