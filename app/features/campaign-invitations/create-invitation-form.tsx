import { useId, useState } from "react";
import { CopyButton } from "~/components/ui/copy-button";
import type { CreateCampaignInvitationRequest, CreatedCampaignInvitation } from "@contracts/campaign-invitations.ts";
import { ApiRequestError } from "~/lib/api/http-client";
import { failureText } from "~/lib/failure-text";
import { formatDate } from "~/lib/format";
import { useCreateCampaignInvitation } from "./api/create-invitation";

/**
 * "Create an invitation": for one X handle or anyone, with an expiry and a use limit (both optional); the new link is
 * shown to copy.
 */
export function CreateInvitationForm({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  const id = useId();
  const [handle, setHandle] = useState("");
  const [days, setDays] = useState("");
  const [uses, setUses] = useState("");
  const [created, setCreated] = useState<CreatedCampaignInvitation | null>(null);
  const invite = useCreateCampaignInvitation(advertiserId, campaignId);
  const fieldError = (field: string) =>
    invite.error instanceof ApiRequestError
      ? invite.error.body?.detail?.find((item) => item.loc.join(".") === `body.${field}`)?.msg
      : undefined;

  return (
    <section aria-labelledby={`${id}-title`} className="card advertiser-invite">
      <h2 id={`${id}-title`}>Create an invitation</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setCreated(null);
          const input: CreateCampaignInvitationRequest = {};
          if (handle.trim() !== "") input.xHandle = handle.trim();
          if (days.trim() !== "") input.expiresInDays = Number(days);
          if (uses.trim() !== "") input.maxUses = Number(uses);
          invite.mutate(input, {
            onSuccess: (result) => {
              setCreated(result);
              setHandle("");
              setDays("");
              setUses("");
            },
          });
        }}
      >
        {(
          [
            ["xHandle", "X handle (optional)", "Only this X account can join with it.", handle, setHandle, "@handle", "text"],
            [
              "expiresInDays",
              "Expires after (days, optional)",
              "14 days unless you say otherwise (at most 90).",
              days,
              setDays,
              "14",
              "numeric",
            ],
            ["maxUses", "Use limit (optional)", "How many creators may join with it; unlimited when empty.", uses, setUses, "", "numeric"],
          ] as const
        ).map(([field, label, hint, value, set, placeholder, mode]) => {
          const error = fieldError(field);
          return (
            <div className="settings-field" key={field}>
              <label htmlFor={`${id}-${field}`}>{label}</label>
              <p id={`${id}-${field}-hint`} className="settings-hint">
                {hint}
              </p>
              <input
                id={`${id}-${field}`}
                className="settings-input"
                value={value}
                onChange={(event) => set(event.target.value)}
                placeholder={placeholder}
                inputMode={mode}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={error === undefined ? undefined : true}
                aria-describedby={`${id}-${field}-hint${error === undefined ? "" : ` ${id}-${field}-error`}`}
              />
              {error === undefined ? null : (
                <p id={`${id}-${field}-error`} className="settings-field-error">
                  {`${label.replace(/ \(.*\)$/, "")} ${error}`}
                </p>
              )}
            </div>
          );
        })}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={invite.isPending}>
            {invite.isPending ? "Creating the link…" : "Create invitation link"}
          </button>
        </div>
        {invite.isError && !(invite.error instanceof ApiRequestError && invite.error.body?.detail?.length) ? (
          <p role="alert" className="notice">{`The invitation was not created: ${failureText(invite.error)}`}</p>
        ) : null}
      </form>
      {created === null ? null : (
        <div className="notice notice-success advertiser-link" role="status">
          <p>
            {`Send this link to the creators you invite. It works until ${created.invitation.expiresAt === null ? "revoked" : formatDate(created.invitation.expiresAt)}`}
            {created.invitation.xHandle === null ? "" : `, only for @${created.invitation.xHandle}`}
            {created.invitation.maxUses === null ? "." : `, for ${created.invitation.maxUses} creator(s).`}
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
