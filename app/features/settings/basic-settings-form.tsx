import { useState, type FormEvent } from "react";
import { useUpdateBasicSettings } from "./api/update-basic-settings";
import { formErrorsOf } from "./form-errors";
import { notificationEventTypeSchema, type NotificationEventType } from "@contracts/notifications.ts";
import { DISPLAY_NAME_MAX_LENGTH, notificationKindLabels, type UserSettings } from "@contracts/settings.ts";
import { FormMessage, TextField } from "~/components/settings/form-field";

const LABELS = {
  displayName: "Display name",
  preferredAdvertiserId: "Preferred advertiser",
  mailedNotificationKinds: "Notifications by e-mail",
};

/** Display name, preferred advertiser and the notification kinds also sent by e-mail. */
export function BasicSettingsForm({ settings }: { settings: UserSettings }) {
  const update = useUpdateBasicSettings();
  const [displayName, setDisplayName] = useState(settings.displayName);
  const [advertiserId, setAdvertiserId] = useState(settings.preferredAdvertiserId ?? "");
  const [kinds, setKinds] = useState<ReadonlySet<NotificationEventType>>(() => new Set(settings.mailedNotificationKinds));
  const [saved, setSaved] = useState(false);
  const errors = formErrorsOf(update.error, LABELS);

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
      },
      {
        onSuccess: (next) => {
          setDisplayName(next.displayName);
          setAdvertiserId(next.preferredAdvertiserId ?? "");
          setKinds(new Set(next.mailedNotificationKinds));
          setSaved(true);
        },
      },
    );
  }

  const kindsHintId = "settings-mailed-kinds-hint";
  const kindsErrorId = "settings-mailed-kinds-error";
  return (
    <form className="settings-form" onSubmit={submit} noValidate aria-busy={update.isPending}>
      <TextField
        id="settings-display-name"
        label={LABELS.displayName}
        hint={`Shown in Chorus instead of your name on X (${settings.xName}). Up to ${DISPLAY_NAME_MAX_LENGTH} characters.`}
        value={displayName}
        onChange={(event) => {
          setDisplayName(event.target.value);
          edited();
        }}
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
        error={errors.fields.displayName}
      />

      <div className="settings-field">
        <label htmlFor="settings-preferred-advertiser">{LABELS.preferredAdvertiserId}</label>
        <p id="settings-preferred-advertiser-hint" className="settings-hint">
          {settings.advertisers.length === 0
            ? "Join a campaign to choose one of its advertisers."
            : "One of the advertisers of the campaigns you joined."}
        </p>
        <select
          id="settings-preferred-advertiser"
          className="settings-input"
          value={advertiserId}
          onChange={(event) => {
            setAdvertiserId(event.target.value);
            edited();
          }}
          aria-describedby={
            errors.fields.preferredAdvertiserId === undefined
              ? "settings-preferred-advertiser-hint"
              : "settings-preferred-advertiser-hint settings-preferred-advertiser-error"
          }
          aria-invalid={errors.fields.preferredAdvertiserId === undefined ? undefined : true}
        >
          <option value="">No preference</option>
          {settings.advertisers.map((advertiser) => (
            <option key={advertiser.id} value={advertiser.id}>
              {advertiser.name}
            </option>
          ))}
        </select>
        {errors.fields.preferredAdvertiserId === undefined ? null : (
          <p id="settings-preferred-advertiser-error" className="settings-field-error">
            {errors.fields.preferredAdvertiserId}
          </p>
        )}
      </div>

      <fieldset
        className="settings-field settings-kinds"
        aria-describedby={errors.fields.mailedNotificationKinds === undefined ? kindsHintId : `${kindsHintId} ${kindsErrorId}`}
      >
        <legend>{LABELS.mailedNotificationKinds}</legend>
        <p id={kindsHintId} className="settings-hint">
          {settings.verifiedEmail === ""
            ? "Choose what you also want by e-mail. Nothing is sent until you have a verified e-mail address (below)."
            : `Choose what you also want by e-mail, at ${settings.verifiedEmail}. Everything stays in the app too.`}
        </p>
        <ul className="settings-kind-list">
          {notificationEventTypeSchema.options.map((kind) => (
            <li key={kind}>
              <label className="settings-check">
                <input
                  type="checkbox"
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
                />
                <span>{notificationKindLabels[kind]}</span>
              </label>
            </li>
          ))}
        </ul>
        {errors.fields.mailedNotificationKinds === undefined ? null : (
          <p id={kindsErrorId} className="settings-field-error">
            {errors.fields.mailedNotificationKinds}
          </p>
        )}
      </fieldset>

      <div className="settings-actions">
        <button type="submit" className="button button-primary" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </button>
      </div>
      <FormMessage error={errors.message} success={saved ? "Saved. Your name and preferences are up to date." : null} />
    </form>
  );
}
