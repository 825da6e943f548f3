import { InvitationLink } from "~/components/invitation-link-card";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Notice } from "~/components/ui/notice";
import type { CampaignInvitation } from "@contracts/campaign-invitations.ts";
import { failureText } from "~/lib/failure-text";
import { useCampaignInvitations } from "./api/get-invitations";
import { useRevokeCampaignInvitation } from "./api/revoke-invitation";
import { inviteeText } from "~/components/invitee-fields";

const stateBadges: Record<CampaignInvitation["state"], { label: string; tone: BadgeTone }> = {
  ok: { label: "Active", tone: "success" },
  expired: { label: "Expired", tone: "danger" },
  revoked: { label: "Revoked", tone: "neutral" },
  "used-up": { label: "Used up", tone: "neutral" },
  "campaign-closed": { label: "Campaign ended", tone: "neutral" },
};

/** The campaign's invitations with their state, uses and link, and Revoke for those still usable. */
export function InvitationList({
  advertiserId,
  campaignId,
  initial,
}: {
  advertiserId: string;
  campaignId: string;
  initial: CampaignInvitation[];
}) {
  const invitations = useCampaignInvitations(advertiserId, campaignId, initial);
  const revoke = useRevokeCampaignInvitation(advertiserId, campaignId);
  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      {revoke.isError ? <Notice tone="danger" announce="alert">{`Not revoked: ${failureText(revoke.error)}`}</Notice> : null}
      {invitations.data.length === 0 ? (
        <EmptyState headingLevel={3} title="No invitations yet" />
      ) : (
        <ul className="advertiser-list" aria-busy={invitations.isFetching}>
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="advertiser-row">
              <div>
                <strong>
                  {invitation.inviteeHandle === null || invitation.inviteeNetwork === null
                    ? "Anyone with the link"
                    : `Only ${inviteeText(invitation.inviteeHandle, invitation.inviteeNetwork)}`}
                </strong>{" "}
                <Badge tone={stateBadges[invitation.state].tone}>{stateBadges[invitation.state].label}</Badge>
                <p className="advertiser-row-meta">
                  {`Used ${invitation.uses}${invitation.maxUses === null ? "" : ` of ${invitation.maxUses}`} time(s) · created `}
                  <DateTime value={invitation.createdAt} />
                  {invitation.expiresAt === null ? null : (
                    <>
                      {" · expires "}
                      <DateTime value={invitation.expiresAt} />
                    </>
                  )}
                </p>
                <InvitationLink link={invitation.link} />
              </div>
              {invitation.revokedAt === null ? (
                <Button
                  size="small"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation.id)}
                  aria-label={`Revoke the invitation ${
                    invitation.inviteeHandle === null || invitation.inviteeNetwork === null
                      ? "for anyone with the link"
                      : `for ${inviteeText(invitation.inviteeHandle, invitation.inviteeNetwork)}`
                  }`}
                >
                  Revoke
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
