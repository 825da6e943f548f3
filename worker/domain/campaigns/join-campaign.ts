import type { Clock } from "../../clock.ts";
import { findCampaignListing } from "../../db/campaigns.ts";
import {
  abortUnlessCountedStatement,
  countInvitationUseStatement,
  findInvitation,
  findInvitationByToken,
  USE_NOT_COUNTED,
  type Invitation,
} from "../../db/invitations.ts";
import { findCarriedInvitationId } from "../../db/attribution.ts";
import { joinCampaignStatements, joinedCampaignIdsAmong } from "../../db/memberships.ts";
import { insertNotificationStatement } from "../../db/notifications.ts";
import { listLinkedAccounts } from "../../db/network-accounts.ts";
import { AppError } from "../../contracts/errors.ts";
import { campaignJoinedNotification } from "../notifications/events.ts";
import { invitationRefusal } from "./invitation-rules.ts";
import { joinRefusal } from "./start-rules.ts";
import type { Database } from "../../database.ts";

/**
 * An invitation named by its public token; invitations made before docs/decisions/020 also by their internal id
 * (the old `invitationId` body field and sign-in's carried `invite_id`).
 */
async function resolveInvitation(db: Database, value: string): Promise<Invitation | null> {
  const byToken = await findInvitationByToken(db, value);
  if (byToken !== null) return byToken;
  const byId = await findInvitation(db, value);
  return byId !== null && byId.idRedeemable ? byId : null;
}

type JoinRequest = { userId: string; campaignId: string; invitationToken?: string | undefined; invitationId?: string | undefined };

/**
 * The first usable invitation to this campaign among those given now (`invitationToken`, the old `invitationId`) and
 * the one carried through sign-in; else why the first given one cannot be used (null when none was given).
 */
async function usableInvitation(
  db: Database,
  request: JoinRequest,
  campaign: { id: string; status: string },
  now: number,
): Promise<{ invitation: Invitation | null; refusal: AppError | null }> {
  const carried = await findCarriedInvitationId(db, request.userId);
  const candidates: { value: string | null | undefined; field: string; given: boolean }[] = [
    { value: request.invitationToken, field: "invitationToken", given: true },
    { value: request.invitationId, field: "invitationId", given: true },
    { value: carried, field: "invitationToken", given: false },
  ];
  if (candidates.every((candidate) => candidate.value === undefined || candidate.value === null))
    return { invitation: null, refusal: null };
  const accounts = await listLinkedAccounts(db, request.userId);
  let refusal: AppError | null = null;
  for (const candidate of candidates) {
    if (candidate.value === undefined || candidate.value === null) continue;
    const found = await resolveInvitation(db, candidate.value);
    if (found === null || found.campaignId !== campaign.id) {
      if (candidate.given && refusal === null) {
        refusal = new AppError(403, "invitation_invalid", "This invitation link is not valid for this campaign.", [
          { loc: ["body", candidate.field], msg: "no invitation to this campaign has this token" },
        ]);
      }
      continue;
    }
    const refused = invitationRefusal(found, campaign.status, now, accounts, candidate.field);
    if (refused === null) return { invitation: found, refusal: null };
    refusal ??= refused;
  }
  return { invitation: null, refusal };
}

/**
 * `POST /v1/page/campaign/{campaignId}/join`: the creator joins a campaign that has not ended and whose start did not
 * pass without funding (start-rules.ts: 409 with the reason in words). Invite-only campaigns need a usable invitation
 * to that campaign (given now as `invitationToken`, or carried through sign-in as invite_id): not revoked, not
 * expired, with a use left, and for this creator's handle when it names one. A public campaign takes a usable one too
 * and records it, so an advertiser or creator sees who joined through their link (docs/decisions/032 section 5); one
 * that cannot be used there only means the join is not attributed. The use is counted in the join's own batch, guarded
 * in SQL. Joining twice is harmless: the answer is the same.
 */
export async function joinCampaign(
  deps: { db: Database; clock: Clock },
  request: JoinRequest,
): Promise<{ campaignId: string; joined: true; alreadyJoined: boolean }> {
  const { db, clock } = deps;
  const campaign = await findCampaignListing(db, request.campaignId);
  if (campaign === null) throw new AppError(404, "not_found", "This campaign does not exist.");
  if ((await joinedCampaignIdsAmong(db, request.userId, [campaign.id])).has(campaign.id)) {
    return { campaignId: campaign.id, joined: true, alreadyJoined: true };
  }
  const refused = joinRefusal(campaign, clock.now());
  if (refused !== null) throw refused;

  const inviteOnly = campaign.visibility === "invite-only";
  const { invitation, refusal } = await usableInvitation(db, request, campaign, clock.now());
  if (inviteOnly && invitation === null) {
    throw (
      refusal ??
      new AppError(403, "invitation_required", "This campaign is invite-only. Open your invitation link to join.", [
        { loc: ["body", "invitationId"], msg: "a valid invitation to this campaign is required (send invitationToken)" },
      ])
    );
  }

  const now = clock.now();
  const joined = (through: Invitation | null) => [
    ...joinCampaignStatements(db, campaign.id, request.userId, now, through?.id ?? null),
    insertNotificationStatement(db, campaignJoinedNotification({ userId: request.userId, campaign, now })),
  ];
  // Parallel joins by one creator all pass the check above; the insert decides which of them joined.
  let participantInsert: D1Result | undefined;
  if (invitation === null) {
    [participantInsert] = await db.batch(joined(null));
  } else {
    try {
      const results = await db.batch([
        countInvitationUseStatement(db, invitation.id, now),
        abortUnlessCountedStatement(db, invitation.id),
        ...joined(invitation),
      ]);
      participantInsert = results[2];
    } catch (error) {
      if (!(error instanceof Error && error.message.includes(USE_NOT_COUNTED))) throw error;
      if (!inviteOnly) {
        // The link's last use went to someone else meanwhile: the public campaign is joined all the same, unattributed.
        [participantInsert] = await db.batch(joined(null));
      } else {
        // Another join took the last use (or the invitation was revoked) meanwhile: say which, nothing was written.
        const fresh = await findInvitation(db, invitation.id);
        const accounts = await listLinkedAccounts(db, request.userId);
        throw (
          (fresh === null ? null : invitationRefusal(fresh, campaign.status, now, accounts, "invitationToken")) ??
          new AppError(409, "invitation_used_up", "This invitation has no uses left. Ask the advertiser for a new one.")
        );
      }
    }
  }
  return { campaignId: campaign.id, joined: true, alreadyJoined: (participantInsert?.meta.changes ?? 0) === 0 };
}
