import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CopyButton } from "~/components/ui/copy-button";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
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
    <Card title="Invite a member" className="advertiser-invite">
      <form
        className="advertiser-form"
        onSubmit={(event) => {
          event.preventDefault();
          setCreated(null);
          const xHandle = handle.trim();
          invite.mutate(xHandle === "" ? {} : { xHandle }, {
            onSuccess: (result) => {
              setCreated(result);
              setHandle("");
            },
          });
        }}
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
        <div className="advertiser-form-actions">
          <Button type="submit" variant="primary" busy={invite.isPending} busyLabel="Creating the link…">
            Create invitation link
          </Button>
        </div>
        {errors.unshown === null ? null : (
          <Notice tone="danger" announce="alert">{`The invitation was not created: ${errors.unshown}`}</Notice>
        )}
      </form>
      {created === null ? null : (
        <Notice tone="success" className="advertiser-link">
          <p>
            {`Send this link to the person you invite to ${accountName}. It works once, until `}
            <DateTime value={created.invitation.expiresAt} />
            {created.invitation.xHandle === null ? "." : `, and only for @${created.invitation.xHandle}.`}
            <strong> It is shown only now:</strong> copy it before leaving this page.
          </p>
          <p className="advertiser-link-row">
            <TextInput readOnly value={created.link} aria-label="Invitation link" onFocus={(event) => event.target.select()} />
            <CopyButton text={created.link} label="Copy link" />
          </p>
        </Notice>
      )}
    </Card>
  );
}
