import { useState } from "react";
import { InvitationLinkCard } from "~/components/invitation-link-card";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
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
    <InvitationLinkCard
      title="Create an invitation"
      onCreate={() => {
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
      creating={invite.isPending}
      refusal={errors.unshown}
      created={created}
      about={({ invitation }) => (
        <>
          {"Send this link to the creators you invite. It works until "}
          {invitation.expiresAt === null ? "revoked" : <DateTime value={invitation.expiresAt} />}
          {invitation.xHandle === null ? "" : `, only for @${invitation.xHandle}`}
          {invitation.maxUses === null ? "." : `, for ${invitation.maxUses} creator(s).`}
        </>
      )}
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
    </InvitationLinkCard>
  );
}
