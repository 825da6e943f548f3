import type { Capabilities } from "../../capabilities.ts";
import {
  CREATOR_INVITATION_DAYS,
  CREATOR_INVITATION_MAX_USES,
  CREATOR_INVITATIONS_PER_DAY,
  JOINED_THROUGH_LIMIT,
  type CreatedCreatorInvitation,
  type CreatorInvitation,
  type CreatorInvitations,
} from "../../contracts/creator-invitations.ts";
import { AppError } from "../../contracts/errors.ts";
import { findCampaignListing, type CampaignListing } from "../../db/campaigns.ts";
import {
  creatorInvitationsMadeSinceQuery,
  insertCreatorInvitationStatement,
  joinedThroughQuery,
  usableCreatorInvitationQuery,
  type Invitation,
} from "../../db/invitations.ts";
import { joinedCampaignIdsAmong } from "../../db/memberships.ts";
import { runBatch } from "../../db/query.ts";
import { randomToken } from "../../security/tokens.ts";
import { campaignInvitationLink } from "./invitations.ts";
import { invitationState } from "./invitation-rules.ts";
import { joinRefusal } from "./start-rules.ts";

/**
 * Creators invite creators (docs/decisions/032-spec-server-items.md section 5). A creator who joined a campaign has
 * one usable invitation link to it at a time (14 days, 10 uses; `inviter_user_id` is the creator), makes at most
 * five new links in any 24 hours over all campaigns, and sees who joined through their links. Asking for a link
 * again answers the one that is still usable, so a retry makes nothing new.
 */
type Deps = Pick<Capabilities, "db" | "clock">;

const DAY_MS = 24 * 60 * 60 * 1000;
/** 16 random bytes: the same 128-bit public token as an advertiser's invitation. */
const TOKEN_BYTES = 16;

function view(invitation: Invitation, campaign: CampaignListing, origin: string, now: number): CreatorInvitation {
  return {
    id: invitation.id,
    link: campaignInvitationLink(origin, invitation.publicToken),
    uses: invitation.uses,
    maxUses: invitation.maxUses ?? CREATOR_INVITATION_MAX_USES,
    expiresAt: invitation.expiresAt ?? now,
    createdAt: invitation.createdAt,
    state: invitationState(invitation, campaign.status, now),
  };
}

/** The campaign, when the user joined it; 404 for one they cannot see, 403 for one they did not join. */
async function joinedCampaign({ db }: Deps, userId: string, campaignId: string): Promise<CampaignListing> {
  const campaign = await findCampaignListing(db, campaignId);
  const joined = campaign !== null && (await joinedCampaignIdsAmong(db, userId, [campaign.id])).has(campaign.id);
  if (campaign === null || (campaign.visibility === "invite-only" && !joined)) {
    throw new AppError(404, "not_found", "This campaign does not exist.");
  }
  if (!joined) throw new AppError(403, "not_a_participant", "Join this campaign first: then you can invite other creators to it.");
  return campaign;
}

/** `GET /v1/campaign/{campaignId}/invitation`: your usable link, who joined through your links, and links left today. */
export async function creatorInvitationsOf(deps: Deps, userId: string, campaignId: string, origin: string): Promise<CreatorInvitations> {
  const campaign = await joinedCampaign(deps, userId, campaignId);
  const now = deps.clock.now();
  const [invitation, joined, madeToday] = await runBatch(deps.db, [
    usableCreatorInvitationQuery(deps.db, userId, campaign.id, now),
    joinedThroughQuery(deps.db, userId, campaign.id, JOINED_THROUGH_LIMIT),
    creatorInvitationsMadeSinceQuery(deps.db, userId, now - DAY_MS),
  ]);
  return {
    invitation: invitation === null ? null : view(invitation, campaign, origin, now),
    joined,
    linksLeftToday: Math.max(0, CREATOR_INVITATIONS_PER_DAY - madeToday.count),
  };
}

/**
 * `POST /v1/campaign/{campaignId}/invitation`: your usable link to the campaign, made now when you have none (201)
 * or the one you have (200). Refused: a campaign nobody can join (409, why in words), and a sixth new link within 24
 * hours (429 with when the next is possible).
 */
export async function makeCreatorInvitation(
  deps: Deps,
  userId: string,
  campaignId: string,
  origin: string,
): Promise<CreatedCreatorInvitation> {
  const { db, clock } = deps;
  const campaign = await joinedCampaign(deps, userId, campaignId);
  const now = clock.now();
  const refused = joinRefusal(campaign, now);
  if (refused !== null) throw refused;

  const id = `inv-${crypto.randomUUID()}`;
  const inserted = await insertCreatorInvitationStatement(
    db,
    {
      id,
      publicToken: randomToken(TOKEN_BYTES),
      campaignId: campaign.id,
      inviterUserId: userId,
      createdAt: now,
      expiresAt: now + CREATOR_INVITATION_DAYS * DAY_MS,
      maxUses: CREATOR_INVITATION_MAX_USES,
    },
    { perDay: CREATOR_INVITATIONS_PER_DAY, dayAgo: now - DAY_MS },
  ).run();
  const [usable, made] = await runBatch(db, [
    usableCreatorInvitationQuery(db, userId, campaign.id, now),
    creatorInvitationsMadeSinceQuery(db, userId, now - DAY_MS),
  ]);
  if (usable !== null) return { invitation: view(usable, campaign, origin, now), created: inserted.meta.changes > 0 && usable.id === id };
  const nextAt = (made.oldest ?? now) + DAY_MS;
  throw new AppError(
    429,
    "invitation_limit",
    `You made ${CREATOR_INVITATIONS_PER_DAY} invitation links in the last 24 hours, the most there can be. ` +
      `You can make another from ${new Date(nextAt).toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    undefined,
    { retryAfterSeconds: Math.max(1, Math.ceil((nextAt - now) / 1000)) },
  );
}
