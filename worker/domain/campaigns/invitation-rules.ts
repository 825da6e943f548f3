import type { CampaignInvitationState } from "../../contracts/campaign-invitations.ts";
import { AppError } from "../../contracts/errors.ts";
import { describeInvitee, inviteeMismatch, type HandleOnNetwork } from "../../contracts/invitee.ts";
import type { Invitation } from "../../db/invitations.ts";

const joinableStatuses: readonly string[] = ["inactive", "active", "ending"];

/** What joining with this invitation meets at `now`, before the handle is considered. */
export function invitationState(invitation: Invitation, campaignStatus: string, now: number): CampaignInvitationState {
  if (invitation.revokedAt !== null) return "revoked";
  if (!joinableStatuses.includes(campaignStatus)) return "campaign-closed";
  if (invitation.expiresAt !== null && invitation.expiresAt <= now) return "expired";
  if (invitation.maxUses !== null && invitation.uses >= invitation.maxUses) return "used-up";
  return "ok";
}

/**
 * Why this user may not join with the invitation, in words, or null when they may. `accounts` are the user's accounts
 * on networks; `field` names the body field the invitation came in.
 */
export function invitationRefusal(
  invitation: Invitation,
  campaignStatus: string,
  now: number,
  accounts: readonly HandleOnNetwork[],
  field: string,
): AppError | null {
  const detail = (msg: string) => [{ loc: ["body", field], msg }];
  switch (invitationState(invitation, campaignStatus, now)) {
    case "revoked":
      return new AppError(
        410,
        "invitation_revoked",
        "This invitation was withdrawn by the advertiser.",
        detail("the invitation was revoked"),
      );
    case "campaign-closed":
      return new AppError(409, "campaign_closed", "This campaign has ended, so it cannot be joined any more.");
    case "expired":
      return new AppError(
        410,
        "invitation_expired",
        `This invitation expired on ${new Date(invitation.expiresAt ?? now).toISOString().slice(0, 10)}. Ask the advertiser for a new one.`,
        detail("the invitation has expired"),
      );
    case "used-up":
      return new AppError(
        409,
        "invitation_used_up",
        `This invitation has been used as many times as it allows (${invitation.maxUses ?? 0}). Ask the advertiser for a new one.`,
        detail("the invitation has no uses left"),
      );
    case "ok":
      break;
  }
  const mismatch = inviteeMismatch(invitation, accounts);
  if (mismatch !== null && invitation.inviteeHandle !== null && invitation.inviteeNetwork !== null) {
    return new AppError(
      403,
      "invitation_for_someone_else",
      mismatch,
      detail(`only ${describeInvitee(invitation.inviteeHandle, invitation.inviteeNetwork)} may use this invitation`),
    );
  }
  return null;
}
