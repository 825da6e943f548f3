import { Link, useNavigate } from "react-router";
import { useMembers } from "./api/get-members";
import { usePendingInvitations } from "./api/get-invitations";
import { useRemoveMember } from "./api/remove-member";
import { useRevokeInvitation } from "./api/revoke-invitation";
import { useCurrentUser } from "~/lib/current-user";
import { failureText } from "~/lib/failure-text";
import { formatDate } from "~/lib/format";
import type { AdvertiserMembersPage } from "@contracts/advertisers.ts";
import { InviteMemberForm } from "./invite-member-form";
import "~/styles/advertisers.css";

/** `/advertiser/{advertiserId}/members`: members, pending invitations and "Invite a member". */
export function MembersPage({ page }: { page: AdvertiserMembersPage }) {
  const { account, role } = page;
  const user = useCurrentUser();
  const navigate = useNavigate();
  const members = useMembers(account.id, page.members);
  const invitations = usePendingInvitations(account.id, page.invitations);
  const revoke = useRevokeInvitation(account.id);
  const remove = useRemoveMember(account.id);

  return (
    <div className="advertiser-page">
      <section className="page-heading">
        <div>
          <p className="eyebrow">
            <Link to="/advertiser">Advertiser accounts</Link>
          </p>
          <h1>{`Members of ${account.name}`}</h1>
          <p className="lead">{`You are ${role === "owner" ? "an owner" : "a member"} of this account.`}</p>
        </div>
      </section>

      <section aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {members.isRefetchError ? (
          <p role="alert" className="notice">{`The list could not be refreshed: ${failureText(members.error)}`}</p>
        ) : null}
        {remove.isError ? <p role="alert" className="notice">{`Not removed: ${failureText(remove.error)}`}</p> : null}
        <ul className="advertiser-list" aria-busy={members.isFetching}>
          {members.data.map((member) => {
            const self = member.userId === user?.userId;
            const canRemove = role === "owner" || self;
            return (
              <li key={member.userId} className="advertiser-row">
                <div className="advertiser-row-main">
                  {member.avatarUrl ? <img src={member.avatarUrl} alt="" width="32" height="32" className="avatar" /> : null}
                  <div>
                    <strong>{member.name}</strong> <span className="muted">{`@${member.handle}`}</span>
                    <p className="small muted">{`${member.role === "owner" ? "Owner" : "Member"} since ${formatDate(member.joinedAt)}`}</p>
                  </div>
                </div>
                {canRemove ? (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={remove.isPending}
                    onClick={() => {
                      const question = self ? `Leave ${account.name}?` : `Remove @${member.handle} from ${account.name}?`;
                      if (!window.confirm(question)) return;
                      remove.mutate(member.userId, {
                        onSuccess: () => {
                          if (self) void navigate("/advertiser");
                        },
                      });
                    }}
                  >
                    {self ? "Leave" : `Remove @${member.handle}`}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <InviteMemberForm advertiserId={account.id} accountName={account.name} />

      <section aria-labelledby="invitations-title">
        <h2 id="invitations-title">Pending invitations</h2>
        {revoke.isError ? <p role="alert" className="notice">{`Not revoked: ${failureText(revoke.error)}`}</p> : null}
        {invitations.data.length === 0 ? (
          <p className="empty-state">No invitation is waiting to be accepted.</p>
        ) : (
          <ul className="advertiser-list" aria-busy={invitations.isFetching}>
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="advertiser-row">
                <div>
                  <strong>{invitation.xHandle === null ? "Anyone with the link" : `Only @${invitation.xHandle}`}</strong>
                  <p className="small muted">
                    {`Created by @${invitation.invitedBy.handle} on ${formatDate(invitation.createdAt)}, expires ${formatDate(invitation.expiresAt)}`}
                  </p>
                </div>
                <button
                  type="button"
                  className="button button-small"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation.id)}
                  aria-label={`Revoke the invitation ${invitation.xHandle === null ? "for anyone with the link" : `for @${invitation.xHandle}`}`}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
