import { notifyCampaignAudienceStatement, type AudienceNotification } from "../../db/notification-fanout.ts";
import { moveCampaignStatement, type RewardCampaign } from "../../db/reward-campaigns.ts";
import type { CampaignStatus } from "../../contracts/vocabulary.ts";
import { campaignStatusAt } from "./calendar.ts";
import type { RewardsDeps } from "./deps.ts";
import { campaignEndedNotice, campaignEndingNotice, campaignStartedNotice } from "./notifications.ts";

export type CampaignMove = { campaignId: string; from: CampaignStatus; to: CampaignStatus };

/**
 * Moves a campaign on as time passes: inactive → active (start reached and pool funded) → ending (last 24 h) →
 * evaluating (ended). The move is a conditional UPDATE batched with its notifications (to the participants, once
 * each by dedupe key), so two runs at once move it once. A campaign whose last day passed unseen goes straight on; it
 * is told what it skipped only when that still means something (no "ending" once it has ended).
 */
export async function advanceCampaign({ db, clock }: RewardsDeps, campaign: RewardCampaign): Promise<CampaignMove | null> {
  const now = clock.now();
  const target = campaignStatusAt(campaign, now);
  if (target === campaign.status) return null;
  const notices: AudienceNotification[] = [];
  if (campaign.status === "inactive") notices.push(campaignStartedNotice(campaign));
  if (target === "ending") notices.push(campaignEndingNotice(campaign));
  if (target === "evaluating") notices.push(campaignEndedNotice(campaign));
  const [moved] = await db.batch([
    moveCampaignStatement(db, { campaignId: campaign.id, from: campaign.status, to: target, now }),
    ...notices.map((notice) => notifyCampaignAudienceStatement(db, { ...notice, campaignId: campaign.id, createdAt: now })),
  ]);
  return (moved?.meta.changes ?? 0) > 0 ? { campaignId: campaign.id, from: campaign.status, to: target } : null;
}
