import type { Capabilities } from "../../capabilities.ts";
import {
  CAMPAIGN_INVITATION_DEFAULT_DAYS,
  type CampaignInvitation,
  type CampaignInvitations,
  type CreateCampaignInvitationInput,
  type CreatedCampaignInvitation,
} from "../../contracts/campaign-invitations.ts";
import { AppError } from "../../contracts/errors.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import {
  findInvitation,
  insertInvitationStatement,
  listCampaignInvitations as listInvitationRows,
  revokeCampaignInvitation as revokeInvitationRow,
  type Invitation,
} from "../../db/invitations.ts";
import { insertNotificationStatement } from "../../db/notifications.ts";
import { findRewardCampaign, type RewardCampaign } from "../../db/reward-campaigns.ts";
import { findUserIdByNetworkHandle } from "../../db/network-accounts.ts";
import { randomToken } from "../../security/tokens.ts";
import { requireMembership } from "../advertisers/membership.ts";
import { campaignInvitedNotification } from "../notifications/events.ts";
import { invitationState } from "./invitation-rules.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** 16 random bytes: a 128-bit public token in base64url, the only way to redeem the invitation. */
const TOKEN_BYTES = 16;
const closedStatuses: readonly string[] = ["evaluating", "evaluated"];

/** The page an invitation's link opens (app/routes.ts: `invitation/:publicToken`). */
export function campaignInvitationLink(origin: string, publicToken: string): string {
  return `${origin}/invitation/${publicToken}`;
}

/**
 * The campaign, when the user is a member of the account that owns it. Anyone else, and a campaign of another
 * account, gets the same 404 as a campaign that does not exist.
 */
export async function requireAccountCampaign(
  caps: Pick<Capabilities, "db">,
  userId: string,
  advertiserId: string,
  campaignId: string,
): Promise<RewardCampaign> {
  await requireMembership(caps, userId, advertiserId);
  return accountCampaignOrNotFound(await findRewardCampaign(caps.db, campaignId), advertiserId);
}

/** The campaign read for an account (`rewardCampaignQuery`), or the 404 of one that is not the account's. */
export function accountCampaignOrNotFound(campaign: RewardCampaign | null, advertiserId: string): RewardCampaign {
  if (campaign === null || campaign.advertiserId !== advertiserId) {
    throw new AppError(404, "not_found", "This campaign does not exist in this advertiser account.");
  }
  return campaign;
}

/** An invitation as the campaign's members see it, with its link and state. */
export function campaignInvitationView(invitation: Invitation, campaign: RewardCampaign, origin: string, now: number): CampaignInvitation {
  return {
    id: invitation.id,
    campaignId: invitation.campaignId,
    link: campaignInvitationLink(origin, invitation.publicToken),
    inviteeHandle: invitation.inviteeHandle,
    inviteeNetwork: invitation.inviteeNetwork,
    maxUses: invitation.maxUses,
    uses: invitation.uses,
    expiresAt: invitation.expiresAt,
    revokedAt: invitation.revokedAt,
    createdAt: invitation.createdAt,
    state: invitationState(invitation, campaign.status, now),
  };
}

/**
 * `POST /v1/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`: a member invites to one of the account's
 * campaigns. The invitation may be for one person (a handle on a network), may expire (14 days by default) and may be limited in uses. When
 * the handle is a known creator, they are notified (`campaign-invited`) in the same batch.
 */
export async function createCampaignInvitation(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  input: CreateCampaignInvitationInput,
  origin: string,
): Promise<CreatedCampaignInvitation> {
  const { db, clock } = caps;
  const campaign = await requireAccountCampaign(caps, userId, advertiserId, campaignId);
  if (closedStatuses.includes(campaign.status)) {
    throw new AppError(409, "campaign_closed", "This campaign has ended, so nobody can be invited to it any more.");
  }
  const now = clock.now();
  const invitation: Invitation = {
    id: `inv-${crypto.randomUUID()}`,
    publicToken: randomToken(TOKEN_BYTES),
    campaignId: campaign.id,
    inviterUserId: null,
    inviterAdvertiserId: advertiserId,
    createdAt: now,
    expiresAt: now + (input.expiresInDays ?? CAMPAIGN_INVITATION_DEFAULT_DAYS) * DAY_MS,
    inviteeHandle: input.inviteeHandle ?? null,
    inviteeNetwork: input.inviteeHandle === undefined ? null : input.inviteeNetwork,
    maxUses: input.maxUses ?? null,
    uses: 0,
    revokedAt: null,
    idRedeemable: false,
    createdBy: userId,
  };
  const statements = [insertInvitationStatement(db, invitation)];
  const invitee =
    invitation.inviteeHandle === null || invitation.inviteeNetwork === null
      ? null
      : await findUserIdByNetworkHandle(db, invitation.inviteeNetwork, invitation.inviteeHandle);
  if (invitee !== null) {
    const advertiser = await findAdvertiser(db, advertiserId);
    statements.push(
      insertNotificationStatement(
        db,
        campaignInvitedNotification({ userId: invitee, campaign, advertiserName: advertiser?.name ?? "An advertiser", invitation, now }),
      ),
    );
  }
  await db.batch(statements);
  const created = campaignInvitationView(invitation, campaign, origin, now);
  return { invitation: created, link: created.link };
}

/** `GET …/campaigns/{campaignId}/invitations`: every invitation of the campaign with its uses and state. */
export async function listCampaignInvitations(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  origin: string,
): Promise<CampaignInvitations> {
  const campaign = await requireAccountCampaign(caps, userId, advertiserId, campaignId);
  const now = caps.clock.now();
  const rows = await listInvitationRows(caps.db, campaign.id);
  return { invitations: rows.map((row) => campaignInvitationView(row, campaign, origin, now)) };
}

/** `DELETE …/campaigns/{campaignId}/invitations/{id}`: nobody can join with it any more; those who joined stay. */
export async function revokeCampaignInvitation(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  invitationId: string,
): Promise<{ revoked: true }> {
  const campaign = await requireAccountCampaign(caps, userId, advertiserId, campaignId);
  const existing = await findInvitation(caps.db, invitationId);
  if (existing === null || existing.campaignId !== campaign.id) {
    throw new AppError(404, "not_found", "This invitation does not exist.", [{ loc: ["path", "invitationId"], msg: "no such invitation" }]);
  }
  await revokeInvitationRow(caps.db, campaign.id, invitationId, caps.clock.now());
  return { revoked: true };
}
