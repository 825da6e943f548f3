import { Button } from "~/components/ui/button";
import { CopyButton } from "~/components/ui/copy-button";
import { Notice } from "~/components/ui/notice";
import { errorText } from "~/lib/error-text";
import { formatDate } from "~/lib/format";
import { useCreatorInvitations, useMakeCreatorInvitation } from "./api/creator-invitations";

/**
 * On a campaign the creator joined: their invitation link (made on request, copied from here) and who joined
 * through it (docs/decisions/032-spec-server-items.md section 5). Minimal on purpose.
 */
export function InviteCreatorsSection({ campaignId }: { campaignId: string }) {
  const invitations = useCreatorInvitations(campaignId);
  const make = useMakeCreatorInvitation(campaignId);
  const data = invitations.data;
  const invitation = make.data?.invitation ?? data?.invitation ?? null;
  return (
    <section aria-labelledby="invite-creators">
      <h2 id="invite-creators">Invite creators</h2>
      {invitation === null ? (
        <>
          <p className="muted small">Share a link to this campaign; you see here who joined through it.</p>
          {data?.linksLeftToday === 0 ? (
            <p className="small">You made as many links as a day allows. Try again tomorrow.</p>
          ) : (
            <Button onClick={() => make.mutate()} busy={make.isPending} busyLabel="Making your link…">
              Get an invitation link
            </Button>
          )}
        </>
      ) : (
        <p>
          <span className="muted small">{`Your link, for ${invitation.maxUses - invitation.uses} more creators until ${formatDate(invitation.expiresAt)}:`}</span>{" "}
          <code>{invitation.link}</code> <CopyButton text={invitation.link} label="Copy link" />
        </p>
      )}
      {make.isError ? (
        <Notice tone="danger" announce="alert">
          {errorText(make.error)}
        </Notice>
      ) : null}
      <h3>Joined through you</h3>
      {data === undefined ? (
        <p className="muted small">{invitations.isError ? errorText(invitations.error) : "Loading…"}</p>
      ) : data.joined.length === 0 ? (
        <p className="muted small">Nobody yet.</p>
      ) : (
        <ul>
          {data.joined.map((creator) => (
            <li key={creator.handle}>{`@${creator.handle} · ${formatDate(creator.joinedAt)}`}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
