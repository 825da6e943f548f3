import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Notice } from "~/components/ui/notice";
import { formErrorsOf } from "~/lib/api/form-errors";
import { errorText } from "~/lib/error-text";
import { useCampaignSettings, useSaveCampaignSettings, type CampaignSettingsKind } from "~/lib/queries/campaign-settings";

/** The fields of a draft that hold text as typed. */
type TextKey<Draft> = { [Key in keyof Draft]: Draft[Key] extends string ? Key : never }[keyof Draft] & string;

/** What a NumberField needs to edit one field of the draft: its text, how to change it, the server's message for it. */
export type NumberFieldBinding = { value: string; onValueChange: (value: string) => void; error: string | undefined };

/** What the card hands the form's fields: the values being edited, a way to change them, the server's field errors. */
export type SettingsForm<Settings, Draft> = {
  settings: Settings;
  draft: Draft;
  edit: (change: Partial<Draft>) => void;
  /** The server's message per field of the last refused save (`formErrorsOf`). */
  errors: Partial<Record<string, string>>;
  /** A NumberField's value, change and error for a field of the draft named as the server names it. */
  numberField: (key: TextKey<Draft>) => NumberFieldBinding;
};

export type CampaignSettingsCardProps<Settings, Draft, Input> = {
  kind: CampaignSettingsKind<Settings>;
  advertiserId: string;
  campaignId: string;
  title: string;
  className: string;
  /** What the settings do, above the form. */
  intro: ReactNode;
  /** The form's values for saved settings (after loading, and again after each save). */
  draftOf: (settings: Settings) => Draft;
  /** The body of the save; a value that does not parse is sent as it is (NaN, say), for the server to name the field. */
  inputOf: (draft: Draft, settings: Settings) => Input;
  saveLabel: string;
  fields: (form: SettingsForm<Settings, Draft>) => ReactNode;
  /** A line about the settings' use, beside "Saved." under the button. */
  summary?: (settings: Settings) => string;
  /** Shown between the intro and the form, and after the form (another form of the same card, say). */
  before?: (settings: Settings) => ReactNode;
  after?: (settings: Settings) => ReactNode;
};

/**
 * A campaign's settings of one kind in the console: loading (or why they could not be loaded), the form with the
 * server's field errors beside their fields, "Saving…" on the button, "Saved." once saved, and the refusal that no
 * field shows in a notice.
 */
export function CampaignSettingsCard<Settings, Draft, Input>(props: CampaignSettingsCardProps<Settings, Draft, Input>) {
  const { kind, advertiserId, campaignId, draftOf, inputOf } = props;
  const settings = useCampaignSettings(kind, advertiserId, campaignId);
  const save = useSaveCampaignSettings<Settings, Input>(kind, advertiserId, campaignId);
  const [edited, setEdited] = useState<Draft | null>(null);
  const errors = formErrorsOf(save.error);
  const loaded = settings.data;

  if (loaded === undefined) {
    return (
      <Card title={props.title} className={props.className}>
        <p className="muted small">{props.intro}</p>
        <p className="muted small">{settings.isError ? errorText(settings.error) : "Loading…"}</p>
      </Card>
    );
  }
  const draft = edited ?? draftOf(loaded);
  const status = [props.summary?.(loaded), save.isSuccess ? "Saved." : undefined].filter((part) => part !== undefined).join(" ");
  const edit = (change: Partial<Draft>) => setEdited({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(inputOf(draft, loaded), { onSuccess: (saved) => setEdited(draftOf(saved)) });
  };
  return (
    <Card title={props.title} className={props.className}>
      <p className="muted small">{props.intro}</p>
      {props.before?.(loaded)}
      <form onSubmit={submit} noValidate>
        {props.fields({
          settings: loaded,
          draft,
          errors: errors.fields,
          edit,
          numberField: (key) => ({
            // TextKey<Draft> names only fields that hold a string; TypeScript does not narrow Draft[key] to it.
            value: draft[key] as string,
            onValueChange: (value) => edit({ [key]: value } as Partial<Draft>),
            error: errors.fields[key],
          }),
        })}
        <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving…">
          {props.saveLabel}
        </Button>
        {status === "" ? null : (
          <p className="muted small" aria-live="polite">
            {status}
          </p>
        )}
        {errors.unshown === null ? null : (
          <Notice tone="danger" announce="alert">
            {errors.unshown}
          </Notice>
        )}
      </form>
      {props.after?.(loaded)}
    </Card>
  );
}
