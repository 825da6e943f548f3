import { useState } from "react";
import { InvitationLinkCard } from "~/components/invitation-link-card";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { useCreateInvitation } from "./api/create-invitation";
import { formErrorsOf } from "~/lib/api/form-errors";
import type { CreatedMemberInvitation } from "@contracts/advertisers.ts";

/** "Invite a member": an optional X handle, then the link, shown once with a copy button. */
export function InviteMemberForm({ advertiserId, accountName }: { advertiserId: string; accountName: string }) {
  const [handle, setHandle] = useState("");
  const [created, setCreated] = useState<CreatedMemberInvitation | null>(null);
  const invite = useCreateInvitation(advertiserId);
  const errors = formErrorsOf(invite.error);
  const fieldError = errors.fields.xHandle;

  return (
    <InvitationLinkCard
      title="Invite a member"
      onCreate={() => {
        setCreated(null);
        const xHandle = handle.trim();
        invite.mutate(xHandle === "" ? {} : { xHandle }, {
          onSuccess: (result) => {
            setCreated(result);
            setHandle("");
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
          {invitation.xHandle === null ? "." : `, and only for @${invitation.xHandle}.`}
          <strong> It is shown only now:</strong> copy it before leaving this page.
        </>
      )}
    >
      <Field
        label="X handle (optional)"
        hint="Only this X account will be able to accept. Leave it empty for a link anyone you send it to can use once."
        error={fieldError === undefined ? undefined : `X handle ${fieldError}`}
      >
        <TextInput
          value={handle}
          onChange={(event) => setHandle(event.target.value)}
          placeholder="@handle"
          autoComplete="off"
          spellCheck={false}
        />
      </Field>
    </InvitationLinkCard>
  );
}
