import { useState } from "react";
import { InvitationLinkCard } from "~/components/invitation-link-card";
import { anyInvitee, InviteeFields, inviteeText } from "~/components/invitee-fields";
import { DateTime } from "~/components/ui/date-time";
import { Field } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import type { CreateCampaignInvitationRequest, CreatedCampaignInvitation } from "@contracts/campaign-invitations.ts";
import { formErrorsOf } from "~/lib/api/form-errors";
import { useCreateCampaignInvitation } from "./api/create-invitation";

/**
 * "Create an invitation": for one person (a handle on a network) or anyone, with an expiry and a use limit (both optional); the new link is
 * shown to copy.
 */
export function CreateInvitationForm({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  const [invitee, setInvitee] = useState(anyInvitee);
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
        if (invitee.handle.trim() !== "") {
          input.inviteeHandle = invitee.handle.trim();
          input.inviteeNetwork = invitee.network;
        }
        if (days.trim() !== "") input.expiresInDays = Number(days);
        if (uses.trim() !== "") input.maxUses = Number(uses);
        invite.mutate(input, {
          onSuccess: (result) => {
            setCreated(result);
            setInvitee({ ...invitee, handle: "" });
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
          {invitation.inviteeHandle === null || invitation.inviteeNetwork === null
            ? ""
            : `, only for ${inviteeText(invitation.inviteeHandle, invitation.inviteeNetwork)}`}
          {invitation.maxUses === null ? "." : `, for ${invitation.maxUses} creator(s).`}
        </>
      )}
    >
      <InviteeFields value={invitee} onChange={setInvitee} hint="Only this account can join with it." error={errors.fields.inviteeHandle} />
      {(
        [
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
