import { notifyCampaignAudienceStatement, type AudienceNotification } from "../../db/notification-fanout.ts";
import { listCampaignsToAdvance, moveCampaignStatement } from "../../db/reward-campaigns.ts";
import type { CampaignStatus } from "../../contracts/vocabulary.ts";
import { campaignStatusAt, ENDING_WINDOW } from "./calendar.ts";
import type { RewardsDeps } from "./deps.ts";
import { campaignEndedNotice, campaignEndingNotice, campaignStartedNotice } from "./notifications.ts";

export type CampaignMove = { campaignId: string; from: CampaignStatus; to: CampaignStatus };

/**
 * Moves campaigns on as time passes: inactive → active (start reached and pool funded) → ending (last 24 h) →
 * evaluating (ended). Each move is a conditional UPDATE batched with its notifications (to the participants, once
 * each by dedupe key), so concurrent runs move a campaign once. A campaign whose last day passed unseen goes
 * straight on; it is told what it skipped only when that still means something (no "ending" once it has ended).
 */
export async function advanceCampaigns({ db, clock }: RewardsDeps): Promise<CampaignMove[]> {
  const now = clock.now();
  const moves: CampaignMove[] = [];
  for (const campaign of await listCampaignsToAdvance(db, now, ENDING_WINDOW)) {
    const target = campaignStatusAt(campaign, now);
    if (target === campaign.status) continue;
    const notices: AudienceNotification[] = [];
    if (campaign.status === "inactive") notices.push(campaignStartedNotice(campaign));
    if (target === "ending") notices.push(campaignEndingNotice(campaign));
    if (target === "evaluating") notices.push(campaignEndedNotice(campaign));
    const [moved] = await db.batch([
      moveCampaignStatement(db, { campaignId: campaign.id, from: campaign.status, to: target, now }),
      ...notices.map((notice) => notifyCampaignAudienceStatement(db, { ...notice, campaignId: campaign.id, createdAt: now })),
    ]);
    if ((moved?.meta.changes ?? 0) > 0) moves.push({ campaignId: campaign.id, from: campaign.status, to: target });
  }
  return moves;
}
