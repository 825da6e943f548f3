import type { CampaignHealth } from "../../contracts/vocabulary.ts";
import { campaignPacingFacts, listCampaignsInStatus, updateHealthStatement, type RewardCampaign } from "../../db/reward-campaigns.ts";
import { campaignHealth } from "../campaigns/health.ts";
import type { RewardsDeps } from "./deps.ts";
import type { Database } from "../../database.ts";

/** The health of each given campaign now, from the scores of its posts (domain/campaigns/health.ts). */
export async function healthOf(db: Database, campaigns: readonly RewardCampaign[], now: number): Promise<Map<string, CampaignHealth>> {
  const facts = new Map(
    (
      await campaignPacingFacts(
        db,
        campaigns.map((campaign) => campaign.id),
      )
    ).map((row) => [row.campaign_id, row]),
  );
  return new Map(
    campaigns.map((campaign) => {
      const fact = facts.get(campaign.id);
      const health = campaignHealth({
        scoreSoFar: fact?.score ?? 0,
        targetScore: campaign.targetScore,
        startsAt: campaign.startsAt,
        endsAt: campaign.endsAt,
        now,
        hasMetrics: (fact?.polled ?? 0) > 0,
      });
      return [campaign.id, health];
    }),
  );
}

/** Brings the stored health of live and maturing campaigns up to date (shown on cards and pages). */
export async function refreshCampaignHealth({ db, clock }: RewardsDeps): Promise<number> {
  const now = clock.now();
  const campaigns = await listCampaignsInStatus(db, ["active", "ending", "evaluating"]);
  if (campaigns.length === 0) return 0;
  const health = await healthOf(db, campaigns, now);
  const changed = campaigns.flatMap((campaign) => {
    const current = health.get(campaign.id);
    return current === undefined || current === campaign.health ? [] : [{ campaignId: campaign.id, health: current }];
  });
  if (changed.length === 0) return 0;
  const result = await updateHealthStatement(db, changed, now).run();
  return result.meta.changes;
}
