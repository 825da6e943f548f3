import { useState } from "react";
import type { AdminPartner, PartnerInput } from "@contracts/partners.ts";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { TextInput } from "~/components/ui/text-input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorsOf } from "~/lib/api/form-errors";
import { useSavePartner } from "./api/save-partner";
import { ThemePreview } from "./theme-preview";

type Draft = { displayName: string; theme: string; primaryColor: string; accentColor: string; logoUrl: string; hostnames: string };

const draftOf = (partner: AdminPartner): Draft => ({
  displayName: partner.displayName,
  theme: partner.theme,
  primaryColor: partner.primaryColor,
  accentColor: partner.accentColor,
  logoUrl: partner.logoUrl ?? "",
  hostnames: partner.hostnames.join("\n"),
});

/** The body the API takes: one hostname a line (commas too), an empty logo as none. */
function inputOf(draft: Draft): PartnerInput {
  return {
    displayName: draft.displayName,
    theme: draft.theme,
    primaryColor: draft.primaryColor,
    accentColor: draft.accentColor,
    logoUrl: draft.logoUrl.trim() === "" ? null : draft.logoUrl.trim(),
    hostnames: draft.hostnames
      .split(/[\s,]+/)
      .map((hostname) => hostname.trim())
      .filter((hostname) => hostname !== ""),
  };
}

const isColour = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

/** Edits one partner over `PUT /v1/admin/partners/{id}`, with a live preview of its colours. */
export function PartnerForm({ partner, onSaved }: { partner: AdminPartner; onSaved: (partner: AdminPartner) => void }) {
  const [draft, setDraft] = useState(() => draftOf(partner));
  const save = useSavePartner(partner.id);
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value });
  const errors = formErrorsOf(save.error);

  return (
    <form
      className="partner-form"
      aria-label={`Edit ${partner.displayName}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(inputOf(draft), { onSuccess: (saved) => onSaved({ ...saved, layout: partner.layout }) });
      }}
    >
      <div className="partner-form-fields">
        <Field label="Brand name" required error={errors.fields.displayName}>
          <TextInput value={draft.displayName} onChange={set("displayName")} maxLength={60} />
        </Field>
        <Field
          label="Theme key"
          hint="Lowercase letters, digits and dashes; the dedicated layout belongs to two keys."
          error={errors.fields.theme}
        >
          <TextInput value={draft.theme} onChange={set("theme")} spellCheck={false} autoComplete="off" />
        </Field>
        <Field label="Primary colour" hint="A hex colour such as #1d4ed8." error={errors.fields.primaryColor}>
          <TextInput value={draft.primaryColor} onChange={set("primaryColor")} spellCheck={false} autoComplete="off" />
        </Field>
        <Field label="Accent colour" hint="A hex colour such as #facc15." error={errors.fields.accentColor}>
          <TextInput value={draft.accentColor} onChange={set("accentColor")} spellCheck={false} autoComplete="off" />
        </Field>
        <Field label="Logo URL (optional)" hint="An https URL; empty for the Chorus mark." error={errors.fields.logoUrl}>
          <TextInput type="url" value={draft.logoUrl} onChange={set("logoUrl")} fullWidth />
        </Field>
        <Field label="Hostnames" hint="One a line. Each shows this brand at once after saving." error={errors.fields.hostnames}>
          <Textarea value={draft.hostnames} onChange={set("hostnames")} rows={3} spellCheck={false} fullWidth />
        </Field>
      </div>
      <ThemePreview
        brand={{
          theme: draft.theme,
          displayName: draft.displayName,
          primaryColor: isColour(draft.primaryColor) ? draft.primaryColor : partner.primaryColor,
          accentColor: isColour(draft.accentColor) ? draft.accentColor : partner.accentColor,
          logoUrl: null,
        }}
      />
      <div className="partner-form-actions">
        <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving…">
          {`Save ${partner.displayName}`}
        </Button>
      </div>
      {save.isSuccess ? <Notice tone="success">{`${save.data.displayName} is saved: its hostnames show it now.`}</Notice> : null}
      {errors.unshown === null ? null : <Notice tone="danger" announce="alert">{`Not saved: ${errors.unshown}`}</Notice>}
    </form>
  );
}
