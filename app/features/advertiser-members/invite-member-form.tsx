import { useId, useState } from "react";
import { CopyButton } from "~/components/ui/copy-button";
import { useCreateInvitation } from "./api/create-invitation";
import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import { formatDate } from "~/lib/format";
import type { CreatedMemberInvitation } from "@contracts/advertisers.ts";
import "~/styles/settings.css";

/** "Invite a member": an optional X handle, then the link, shown once with a copy button. */
export function InviteMemberForm({ advertiserId, accountName }: { advertiserId: string; accountName: string }) {
  const id = useId();
  const [handle, setHandle] = useState("");
  const [created, setCreated] = useState<CreatedMemberInvitation | null>(null);
  const invite = useCreateInvitation(advertiserId);
  const fieldError =
    invite.error instanceof ApiRequestError
      ? invite.error.body?.detail?.find((field) => field.loc.join(".") === "body.xHandle")?.msg
      : undefined;

  return (
    <section aria-labelledby={`${id}-title`} className="card advertiser-invite">
      <h2 id={`${id}-title`}>Invite a member</h2>
      <form
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
        <div className="settings-field">
          <label htmlFor={`${id}-handle`}>X handle (optional)</label>
          <p id={`${id}-hint`} className="settings-hint">
            Only this X account will be able to accept. Leave it empty for a link anyone you send it to can use once.
          </p>
          <input
            id={`${id}-handle`}
            className="settings-input"
            value={handle}
            onChange={(event) => setHandle(event.target.value)}
            placeholder="@handle"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={fieldError === undefined ? undefined : true}
            aria-describedby={[`${id}-hint`, fieldError === undefined ? null : `${id}-error`].filter(Boolean).join(" ")}
          />
          {fieldError === undefined ? null : (
            <p id={`${id}-error`} className="settings-field-error">
              {`X handle ${fieldError}`}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={invite.isPending}>
            {invite.isPending ? "Creating the link…" : "Create invitation link"}
          </button>
        </div>
        {invite.isError && fieldError === undefined ? (
          <p role="alert" className="notice">
            {`The invitation was not created: ${errorText(invite.error instanceof ApiRequestError ? invite.error : invite.error.message)}`}
          </p>
        ) : null}
      </form>
      {created === null ? null : (
        <div className="notice notice-success advertiser-link" role="status">
          <p>
            {`Send this link to the person you invite to ${accountName}. It works once, until ${formatDate(created.invitation.expiresAt)}`}
            {created.invitation.xHandle === null ? "." : `, and only for @${created.invitation.xHandle}.`}
            <strong> It is shown only now:</strong> copy it before leaving this page.
          </p>
          <p className="advertiser-link-row">
            <input
              className="settings-input"
              readOnly
              value={created.link}
              aria-label="Invitation link"
              onFocus={(event) => event.target.select()}
            />
            <CopyButton text={created.link} label="Copy link" />
          </p>
        </div>
      )}
    </section>
  );
}
