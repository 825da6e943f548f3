import type { Capabilities } from "../capabilities.ts";
import { notFound } from "../contracts/errors.ts";
import type { InvitationPage } from "../contracts/pages.ts";
import { invitedCampaignCardQuery } from "../db/campaigns.ts";
import { invitationWithInviterQuery } from "../db/invitations.ts";
import { runBatch } from "../db/query.ts";
import { invitationState } from "../domain/campaigns/invitation-rules.ts";
import { campaignCard } from "./shared/campaign-cards.server.ts";

/**
 * `GET /v1/page/invitation/token/{publicToken}` and the invitation page: public, no sign-in needed. `state` says
 * whether the invitation can still be used (expired, revoked, used up, campaign closed); whether it is for someone
 * else is the page's to say, from `inviteeHandle`, `inviteeNetwork` and who is signed in.
 */
export async function invitationPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  publicToken: string,
): Promise<InvitationPage> {
  const [invitation, campaign] = await timings.measure("q-invitation", () =>
    runBatch(db, [invitationWithInviterQuery(db, publicToken), invitedCampaignCardQuery(db, publicToken)]),
  );
  if (invitation === null || campaign === null) throw notFound("This invitation does not exist.");
  const inviter: InvitationPage["inviter"] =
    invitation.inviterUserId !== null
      ? { kind: "creator", name: `@${invitation.inviterHandle ?? "a creator"}` }
      : { kind: "advertiser", name: invitation.inviterAdvertiserName ?? campaign.advertiserName };
  const state = invitationState(invitation, campaign.status, clock.now());
  return {
    invitationId: invitation.id,
    invitationToken: invitation.idRedeemable ? invitation.id : invitation.publicToken,
    inviter,
    campaign: { ...campaignCard(campaign, false), description: campaign.description },
    expired: state !== "ok",
    state,
    inviteeHandle: invitation.inviteeHandle,
    inviteeNetwork: invitation.inviteeNetwork,
  };
}
