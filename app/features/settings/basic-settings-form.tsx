import { useState, type FormEvent } from "react";
import { useUpdateBasicSettings } from "./api/update-basic-settings";
import { formErrorsOf } from "~/lib/api/form-errors";
import { notificationEventTypeSchema, type NotificationEventType } from "@contracts/notifications.ts";
import { DISPLAY_NAME_MAX_LENGTH, notificationKindLabels, type UserSettings } from "@contracts/settings.ts";
import { Field } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { Checkbox } from "~/components/ui/checkbox";
import { Select } from "~/components/ui/select";
import { FormMessage } from "./form-message";
import { Button } from "~/components/ui/button";

const LABELS = {
  displayName: "Display name",
  preferredAdvertiserId: "Preferred advertiser",
  mailedNotificationKinds: "Notifications by e-mail",
  hiddenFromLeaderboards: "Leaderboards",
};

/** Display name, preferred advertiser, the notification kinds also sent by e-mail and the leaderboards' name choice. */
export function BasicSettingsForm({ settings }: { settings: UserSettings }) {
  const update = useUpdateBasicSettings();
  const [displayName, setDisplayName] = useState(settings.displayName);
  const [advertiserId, setAdvertiserId] = useState(settings.preferredAdvertiserId ?? "");
  const [kinds, setKinds] = useState<ReadonlySet<NotificationEventType>>(() => new Set(settings.mailedNotificationKinds));
  const [hidden, setHidden] = useState(settings.hiddenFromLeaderboards);
  const [saved, setSaved] = useState(false);
  const errors = formErrorsOf(update.error, { labels: LABELS });

  function edited() {
    setSaved(false);
    if (update.isError) update.reset();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      {
        displayName,
        preferredAdvertiserId: advertiserId === "" ? null : advertiserId,
        mailedNotificationKinds: notificationEventTypeSchema.options.filter((kind) => kinds.has(kind)),
        hiddenFromLeaderboards: hidden,
      },
      {
        onSuccess: (next) => {
          setDisplayName(next.displayName);
          setAdvertiserId(next.preferredAdvertiserId ?? "");
          setKinds(new Set(next.mailedNotificationKinds));
          setHidden(next.hiddenFromLeaderboards);
          setSaved(true);
        },
      },
    );
  }

  const kindsHintId = "settings-mailed-kinds-hint";
  const kindsErrorId = "settings-mailed-kinds-error";
  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-busy={update.isPending}>
      <Field
        id="settings-display-name"
        label={LABELS.displayName}
        hint={`Shown in Chorus instead of your name on X (${settings.xName}). Up to ${DISPLAY_NAME_MAX_LENGTH} characters.`}
        error={errors.fields.displayName}
      >
        <TextInput
          value={displayName}
          onChange={(event) => {
            setDisplayName(event.target.value);
            edited();
          }}
          autoComplete="nickname"
          maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
        />
      </Field>

      <Field
        id="settings-preferred-advertiser"
        label={LABELS.preferredAdvertiserId}
        hint={
          settings.advertisers.length === 0
            ? "Join a campaign to choose one of its advertisers."
            : "One of the advertisers of the campaigns you joined."
        }
        error={errors.fields.preferredAdvertiserId}
      >
        <Select
          value={advertiserId}
          onChange={(event) => {
            setAdvertiserId(event.target.value);
            edited();
          }}
        >
          <option value="">No preference</option>
          {settings.advertisers.map((advertiser) => (
            <option key={advertiser.id} value={advertiser.id}>
              {advertiser.name}
            </option>
          ))}
        </Select>
      </Field>

      <fieldset
        className="ui-field settings-kinds"
        aria-describedby={errors.fields.mailedNotificationKinds === undefined ? kindsHintId : `${kindsHintId} ${kindsErrorId}`}
      >
        <legend className="ui-field-label">{LABELS.mailedNotificationKinds}</legend>
        <p id={kindsHintId} className="ui-field-hint">
          {settings.verifiedEmail === ""
            ? "Choose what you also want by e-mail. Nothing is sent until you have a verified e-mail address (below)."
            : `Choose what you also want by e-mail, at ${settings.verifiedEmail}. Everything stays in the app too.`}
        </p>
        <ul className="settings-kind-list">
          {notificationEventTypeSchema.options.map((kind) => (
            <li key={kind}>
              <Checkbox
                name="mailedNotificationKinds"
                value={kind}
                checked={kinds.has(kind)}
                onChange={(event) => {
                  const next = new Set(kinds);
                  if (event.target.checked) next.add(kind);
                  else next.delete(kind);
                  setKinds(next);
                  edited();
                }}
                label={notificationKindLabels[kind]}
              />
            </li>
          ))}
        </ul>
        {errors.fields.mailedNotificationKinds === undefined ? null : (
          <p id={kindsErrorId} className="ui-field-error">
            {errors.fields.mailedNotificationKinds}
          </p>
        )}
      </fieldset>

      <Checkbox
        name="hiddenFromLeaderboards"
        checked={hidden}
        onChange={(event) => {
          setHidden(event.target.checked);
          edited();
        }}
        label="Hide my name from campaign leaderboards"
        hint="Other creators then see “A creator” in your place. The campaign's advertiser still sees your name."
        error={errors.fields.hiddenFromLeaderboards}
      />

      <div className="settings-actions">
        <Button type="submit" variant="primary" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </div>
      <FormMessage error={errors.message} success={saved ? "Saved. Your name and preferences are up to date." : null} />
    </form>
  );
}
