import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CopyButton } from "~/components/ui/copy-button";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { TextInput } from "~/components/ui/text-input";
import type { CreateCampaignInvitationRequest, CreatedCampaignInvitation } from "@contracts/campaign-invitations.ts";
import { formErrorsOf } from "~/lib/api/form-errors";
import { useCreateCampaignInvitation } from "./api/create-invitation";

/**
 * "Create an invitation": for one X handle or anyone, with an expiry and a use limit (both optional); the new link is
 * shown to copy.
 */
export function CreateInvitationForm({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  const [handle, setHandle] = useState("");
  const [days, setDays] = useState("");
  const [uses, setUses] = useState("");
  const [created, setCreated] = useState<CreatedCampaignInvitation | null>(null);
  const invite = useCreateCampaignInvitation(advertiserId, campaignId);
  const errors = formErrorsOf(invite.error);

  return (
    <Card title="Create an invitation" className="advertiser-invite">
      <form
        className="advertiser-form"
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
          const error = errors.fields[field];
          return (
            <Field
              key={field}
              label={label}
              hint={hint}
              error={error === undefined ? undefined : `${label.replace(/ \(.*\)$/, "")} ${error}`}
            >
              <TextInput
                value={value}
                onChange={(event) => set(event.target.value)}
                placeholder={placeholder}
                inputMode={mode}
                autoComplete="off"
                spellCheck={false}
              />
            </Field>
          );
        })}
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
            {"Send this link to the creators you invite. It works until "}
            {created.invitation.expiresAt === null ? "revoked" : <DateTime value={created.invitation.expiresAt} />}
            {created.invitation.xHandle === null ? "" : `, only for @${created.invitation.xHandle}`}
            {created.invitation.maxUses === null ? "." : `, for ${created.invitation.maxUses} creator(s).`}
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
