import type { Capabilities } from "../../capabilities.ts";
import { notFound } from "../../contracts/errors.ts";
import type { InvitationPage } from "../../contracts/pages.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import { findCampaignListing } from "../../db/campaigns.ts";
import { findInvitationByToken, type Invitation } from "../../db/invitations.ts";
import { findUserHandle } from "../../db/users.ts";
import { invitationState } from "../campaigns/invitation-rules.ts";
import { poolBalances } from "../ledger/balances.ts";
import { campaignCard } from "./campaign-cards.ts";

async function inviterOf(db: D1Database, invitation: Invitation, fallbackName: string): Promise<InvitationPage["inviter"]> {
  if (invitation.inviterUserId !== null) {
    const handle = await findUserHandle(db, invitation.inviterUserId);
    return { kind: "creator", name: `@${handle ?? "a creator"}` };
  }
  const advertiser = invitation.inviterAdvertiserId === null ? null : await findAdvertiser(db, invitation.inviterAdvertiserId);
  return { kind: "advertiser", name: advertiser?.name ?? fallbackName };
}

/**
 * `GET /v1/page/invitation/token/{publicToken}` and the invitation page: public, no sign-in needed. `state` says
 * whether the invitation can still be used (expired, revoked, used up, campaign closed); whether it is for someone
 * else is the page's to say, from `xHandle` and who is signed in.
 */
export async function invitationPage({ db, clock }: Pick<Capabilities, "db" | "clock">, publicToken: string): Promise<InvitationPage> {
  const invitation = await findInvitationByToken(db, publicToken);
  const campaign = invitation === null ? null : await findCampaignListing(db, invitation.campaignId);
  if (invitation === null || campaign === null) throw notFound("This invitation does not exist.");
  const [inviter, pools] = await Promise.all([inviterOf(db, invitation, campaign.advertiserName), poolBalances(db, [campaign.id])]);
  const state = invitationState(invitation, campaign.status, clock.now());
  return {
    invitationId: invitation.id,
    invitationToken: invitation.idRedeemable ? invitation.id : invitation.publicToken,
    inviter,
    campaign: { ...campaignCard(campaign, false, pools[campaign.id]), description: campaign.description },
    expired: state !== "ok",
    state,
    xHandle: invitation.xHandle,
  };
}
