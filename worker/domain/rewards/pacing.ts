import type { CampaignHealth } from "../../contracts/vocabulary.ts";
import { MINUTE } from "../../clock.ts";
import { campaignPacingFacts, recordHealthStatement, type RewardCampaign } from "../../db/reward-campaigns.ts";
import { campaignHealth } from "../campaigns/health.ts";
import { isLiveOrMaturing } from "./calendar.ts";
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

/**
 * Brings the stored health of a live or maturing campaign up to date when it is due (shown on cards and pages), and
 * makes it due again in `HEALTH_REFRESH_INTERVAL`. Answers whether it changed and when it is due next (null: never,
 * the campaign is not live).
 */
export async function refreshDueHealth(
  { db, clock }: RewardsDeps,
  campaign: RewardCampaign,
  healthDueAt: number,
): Promise<{ changed: boolean; healthDueAt: number | null }> {
  const now = clock.now();
  if (!isLiveOrMaturing(campaign.status)) return { changed: false, healthDueAt: null };
  if (healthDueAt > now) return { changed: false, healthDueAt };
  const health = (await healthOf(db, [campaign], now)).get(campaign.id) ?? campaign.health;
  const dueAt = now + HEALTH_REFRESH_INTERVAL;
  await recordHealthStatement(db, [{ campaignId: campaign.id, health, dueAt }], now).run();
  return { changed: health !== campaign.health, healthDueAt: dueAt };
}
