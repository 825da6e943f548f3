import { useState } from "react";
import { InvitationLinkCard } from "~/components/invitation-link-card";
import { anyInvitee, InviteeFields, inviteeText } from "~/components/invitee-fields";
import { DateTime } from "~/components/ui/date-time";
import { useCreateInvitation } from "./api/create-invitation";
import { formErrorsOf } from "~/lib/api/form-errors";
import type { CreatedMemberInvitation } from "@contracts/advertisers.ts";

/** "Invite a member": optionally the one person it is for (a handle on a network), then the link, shown once with a copy button. */
export function InviteMemberForm({ advertiserId, accountName }: { advertiserId: string; accountName: string }) {
  const [invitee, setInvitee] = useState(anyInvitee);
  const [created, setCreated] = useState<CreatedMemberInvitation | null>(null);
  const invite = useCreateInvitation(advertiserId);
  const errors = formErrorsOf(invite.error);

  return (
    <InvitationLinkCard
      title="Invite a member"
      onCreate={() => {
        setCreated(null);
        const inviteeHandle = invitee.handle.trim();
        invite.mutate(inviteeHandle === "" ? {} : { inviteeHandle, inviteeNetwork: invitee.network }, {
          onSuccess: (result) => {
            setCreated(result);
            setInvitee({ ...invitee, handle: "" });
          },
        });
      }}
      creating={invite.isPending}
      refusal={errors.unshown}
      created={created}
      about={({ invitation }) => (
        <>
          {`Send this link to the person you invite to ${accountName}. It works once, until `}
          <DateTime value={invitation.expiresAt} />
          {invitation.inviteeHandle === null || invitation.inviteeNetwork === null
            ? "."
            : `, and only for ${inviteeText(invitation.inviteeHandle, invitation.inviteeNetwork)}.`}
          <strong> It is shown only now:</strong> copy it before leaving this page.
        </>
      )}
    >
      <InviteeFields
        value={invitee}
        onChange={setInvitee}
        hint="Only this account will be able to accept. Leave the handle empty for a link anyone you send it to can use once."
        error={errors.fields.inviteeHandle}
      />
    </InvitationLinkCard>
  );
}
