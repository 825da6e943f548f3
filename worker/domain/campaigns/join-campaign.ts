import type { Clock } from "../../clock.ts";
import { findCampaignListing, insertParticipantStatement } from "../../db/campaigns.ts";
import { findInvitation } from "../../db/invitations.ts";
import { findCarriedInvitationId } from "../../db/attribution.ts";
import { joinedCampaignIdsAmong } from "../../db/participants.ts";
import { insertNotificationStatement } from "../../db/notifications.ts";
import { AppError } from "../../contracts/errors.ts";
import { campaignJoinedNotification } from "../notifications/events.ts";

const joinableStatuses = new Set(["inactive", "active", "ending"]);

/**
 * `POST /v1/page/campaign/{campaignId}/join`: the creator joins a campaign that has not ended. Invite-only
 * campaigns need an invitation to that campaign (given now, or carried through sign-in as invite_id). Joining
 * twice is harmless: the answer is the same.
 */
export async function joinCampaign(
  deps: { db: D1Database; clock: Clock },
  request: { userId: string; campaignId: string; invitationId: string | undefined },
): Promise<{ campaignId: string; joined: true; alreadyJoined: boolean }> {
  const { db, clock } = deps;
  const campaign = await findCampaignListing(db, request.campaignId);
  if (campaign === null) throw new AppError(404, "not_found", "This campaign does not exist.");
  if ((await joinedCampaignIdsAmong(db, request.userId, [campaign.id])).has(campaign.id)) {
    return { campaignId: campaign.id, joined: true, alreadyJoined: true };
  }
  if (!joinableStatuses.has(campaign.status)) {
    throw new AppError(409, "campaign_closed", "This campaign has ended, so it cannot be joined any more.");
  }

  let invitationId: string | null = null;
  if (campaign.visibility === "invite-only") {
    const carried = await findCarriedInvitationId(db, request.userId);
    for (const candidate of [request.invitationId, carried]) {
      if (candidate === undefined || candidate === null) continue;
      const invitation = await findInvitation(db, candidate);
      const valid = invitation !== null && invitation.campaignId === campaign.id && (invitation.expiresAt ?? Infinity) > clock.now();
      if (valid) {
        invitationId = invitation.id;
        break;
      }
    }
    if (invitationId === null) {
      throw new AppError(403, "invitation_required", "This campaign is invite-only. Open your invitation link to join.", [
        { loc: ["body", "invitationId"], msg: "a valid invitation to this campaign is required" },
      ]);
    }
  }

  const now = clock.now();
  await db.batch([
    insertParticipantStatement(db, campaign.id, request.userId, now, invitationId),
    insertNotificationStatement(db, campaignJoinedNotification({ userId: request.userId, campaign, now })),
  ]);
  return { campaignId: campaign.id, joined: true, alreadyJoined: false };
}
