import type { CampaignHealth } from "../../contracts/vocabulary.ts";
import { MINUTE } from "../../clock.ts";
import { campaignPacingFacts, listCampaignsDueForHealth, recordHealthStatement, type RewardCampaign } from "../../db/reward-campaigns.ts";
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

/**
 * How often a live or maturing campaign's health is recomputed: it moves with the engagement X reports (polled
 * hourly per post) and the time elapsed, so a card's health is at most this old.
 */
export const HEALTH_REFRESH_INTERVAL = 15 * MINUTE;

/** Campaigns whose health one run recomputes at most (the rest are due next minute). */
export const HEALTH_CAMPAIGNS_PER_RUN = 200;

/**
 * Brings the stored health of the live and maturing campaigns that are due up to date (shown on cards and pages),
 * and makes each due again in `HEALTH_REFRESH_INTERVAL`. Returns how many changed health.
 */
export async function refreshCampaignHealth({ db, clock }: RewardsDeps): Promise<number> {
  const now = clock.now();
  const campaigns = await listCampaignsDueForHealth(db, now, HEALTH_CAMPAIGNS_PER_RUN);
  if (campaigns.length === 0) return 0;
  const health = await healthOf(db, campaigns, now);
  const rows = campaigns.map((campaign) => ({
    campaignId: campaign.id,
    health: health.get(campaign.id) ?? campaign.health,
    dueAt: now + HEALTH_REFRESH_INTERVAL,
  }));
  await recordHealthStatement(db, rows, now).run();
  return rows.filter((row, index) => row.health !== campaigns[index]?.health).length;
}
