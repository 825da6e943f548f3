import { CopyButton } from "~/components/ui/copy-button";
import type { CampaignInvitation } from "@contracts/campaign-invitations.ts";
import { failureText } from "~/lib/failure-text";
import { formatDate } from "~/lib/format";
import { useCampaignInvitations } from "./api/get-invitations";
import { useRevokeCampaignInvitation } from "./api/revoke-invitation";

const stateWords: Record<CampaignInvitation["state"], string> = {
  ok: "Active",
  expired: "Expired",
  revoked: "Revoked",
  "used-up": "Used up",
  "campaign-closed": "Campaign ended",
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
      {revoke.isError ? <p role="alert" className="notice">{`Not revoked: ${failureText(revoke.error)}`}</p> : null}
      {invitations.data.length === 0 ? (
        <p className="empty-state">No invitations yet.</p>
      ) : (
        <ul className="advertiser-list" aria-busy={invitations.isFetching}>
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="advertiser-row">
              <div>
                <strong>{invitation.xHandle === null ? "Anyone with the link" : `Only @${invitation.xHandle}`}</strong>{" "}
                <span className="muted">{stateWords[invitation.state]}</span>
                <p className="small muted">
                  {`Used ${invitation.uses}${invitation.maxUses === null ? "" : ` of ${invitation.maxUses}`} time(s) · created ${formatDate(invitation.createdAt)}`}
                  {invitation.expiresAt === null ? "" : ` · expires ${formatDate(invitation.expiresAt)}`}
                </p>
                <p className="advertiser-link-row">
                  <input
                    className="settings-input"
                    readOnly
                    value={invitation.link}
                    aria-label="Invitation link"
                    onFocus={(event) => event.target.select()}
                  />
                  <CopyButton text={invitation.link} label="Copy link" />
                </p>
              </div>
              {invitation.revokedAt === null ? (
                <button
                  type="button"
                  className="button button-small"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation.id)}
                  aria-label={`Revoke the invitation ${invitation.xHandle === null ? "for anyone with the link" : `for @${invitation.xHandle}`}`}
                >
                  Revoke
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
