import { Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { useMembers } from "./api/get-members";
import { usePendingInvitations } from "./api/get-invitations";
import { useRemoveMember } from "./api/remove-member";
import { useRevokeInvitation } from "./api/revoke-invitation";
import { useCurrentUser } from "~/lib/current-user";
import { failureText } from "~/lib/failure-text";
import type { AdvertiserMembersPage } from "@contracts/advertisers.ts";
import { InviteMemberForm } from "./invite-member-form";
import { inviteeText } from "~/components/invitee-fields";

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
      <PageHeader
        eyebrow={<Link to="/advertiser">Advertiser accounts</Link>}
        title={`Members of ${account.name}`}
        description={`You are ${role === "owner" ? "an owner" : "a member"} of this account.`}
      />

      <section aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        {members.isRefetchError ? (
          <Notice tone="danger" announce="alert">{`The list could not be refreshed: ${failureText(members.error)}`}</Notice>
        ) : null}
        {remove.isError ? <Notice tone="danger" announce="alert">{`Not removed: ${failureText(remove.error)}`}</Notice> : null}
        <ul className="advertiser-list" aria-busy={members.isFetching}>
          {members.data.map((member) => {
            const self = member.userId === user?.userId;
            const canRemove = role === "owner" || self;
            return (
              <li key={member.userId} className="advertiser-row">
                <div className="advertiser-row-main">
                  {member.avatarUrl ? <img src={member.avatarUrl} alt="" width="32" height="32" className="avatar" /> : null}
                  <div>
                    <strong>{member.name}</strong> <span className="advertiser-row-meta">{`@${member.handle}`}</span>
                    <p className="advertiser-row-meta">
                      {`${member.role === "owner" ? "Owner" : "Member"} since `}
                      <DateTime value={member.joinedAt} />
                    </p>
                  </div>
                </div>
                {canRemove ? (
                  <Button
                    size="small"
                    busy={remove.isPending && remove.variables === member.userId}
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
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <InviteMemberForm advertiserId={account.id} accountName={account.name} />

      <section aria-labelledby="invitations-title">
        <h2 id="invitations-title">Pending invitations</h2>
        {revoke.isError ? <Notice tone="danger" announce="alert">{`Not revoked: ${failureText(revoke.error)}`}</Notice> : null}
        {invitations.data.length === 0 ? (
          <EmptyState headingLevel={3} title="No invitation is waiting to be accepted" />
        ) : (
          <ul className="advertiser-list" aria-busy={invitations.isFetching}>
            {invitations.data.map((invitation) => (
              <li key={invitation.id} className="advertiser-row">
                <div>
                  <strong>
                    {invitation.inviteeHandle === null || invitation.inviteeNetwork === null
                      ? "Anyone with the link"
                      : `Only ${inviteeText(invitation.inviteeHandle, invitation.inviteeNetwork)}`}
                  </strong>
                  <p className="advertiser-row-meta">
                    {`Created by @${invitation.invitedBy.handle} on `}
                    <DateTime value={invitation.createdAt} />
                    {", expires "}
                    <DateTime value={invitation.expiresAt} />
                  </p>
                </div>
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
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
