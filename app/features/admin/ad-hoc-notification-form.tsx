import { useEffect, useId, useRef, useState } from "react";
import { useSendNotification } from "./api/send-notification";
import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import {
  AD_HOC_MESSAGE_MAX,
  AD_HOC_TITLE_MAX,
  type AdHocAudience,
  type AdHocNotificationResult,
  type NotificationAudiences,
} from "@contracts/admin.ts";

type AudienceKind = AdHocAudience["kind"];

function creatorsText(count: number): string {
  return count === 1 ? "1 creator" : `${count.toLocaleString("en-US")} creators`;
}

/** The server's message for one field (`body.title`…), if it named that field. */
function fieldErrorOf(error: Error | null, path: string): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return error.body?.detail?.find((field) => field.loc.join(".") === path)?.msg;
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  children: (describedBy: string, invalid: true | undefined) => React.ReactNode;
}) {
  const describedBy = [`${id}-hint`, error === undefined ? null : `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="settings-field">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="settings-hint">
        {hint}
      </p>
      {children(describedBy, error === undefined ? undefined : true)}
      {error === undefined ? null : (
        <p id={`${id}-error`} className="settings-field-error">
          {`The ${label.toLowerCase()} ${error}`}
        </p>
      )}
    </div>
  );
}

/**
 * An ad-hoc notification (`ad-hoc-notification`) to every creator or the creators of one campaign. The
 * Idempotency-Key is made once per filled-in form: pressing Send again after a lost answer notifies nobody twice.
 */
export function AdHocNotificationForm({ audiences }: { audiences: NotificationAudiences }) {
  const id = useId();
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [link, setLink] = useState("");
  const [kind, setKind] = useState<AudienceKind>("all-creators");
  const [campaignId, setCampaignId] = useState("");
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [sent, setSent] = useState<(AdHocNotificationResult & { title: string }) | null>(null);
  const send = useSendNotification();
  const result = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (sent !== null) result.current?.focus();
  }, [sent]);

  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      // Other content is another notification: it gets its own key.
      setIdempotencyKey(crypto.randomUUID());
    };

  const campaign = audiences.campaigns.find((item) => item.id === campaignId);
  const reach = kind === "all-creators" ? audiences.allCreators : (campaign?.creators ?? null);
  const fieldErrors = {
    title: fieldErrorOf(send.error, "body.title"),
    message: fieldErrorOf(send.error, "body.message"),
    link: fieldErrorOf(send.error, "body.link"),
    campaign: fieldErrorOf(send.error, "body.audience.campaignId"),
  };
  const anyFieldError = Object.values(fieldErrors).some((value) => value !== undefined);

  return (
    <section aria-labelledby={`${id}-heading`} className="admin-section card">
      <h2 id={`${id}-heading`}>Send a notification</h2>
      <p className="muted">It appears in the notification sidebar of every creator you choose, with a megaphone icon.</p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          setSent(null);
          const audience: AdHocAudience = kind === "campaign" ? { kind, campaignId } : { kind };
          send.mutate(
            { title: title.trim(), message: message.trim(), link: link.trim() === "" ? null : link.trim(), audience, idempotencyKey },
            {
              onSuccess: (answer) => {
                setSent({ ...answer, title: title.trim() });
                setTitle("");
                setMessage("");
                setLink("");
                setIdempotencyKey(crypto.randomUUID());
              },
            },
          );
        }}
      >
        <Field id={`${id}-title`} label="Title" hint={`Required. Up to ${AD_HOC_TITLE_MAX} characters.`} error={fieldErrors.title}>
          {(describedBy, invalid) => (
            <input
              id={`${id}-title`}
              className="settings-input"
              value={title}
              onChange={(event) => changed(setTitle)(event.target.value)}
              maxLength={AD_HOC_TITLE_MAX}
              required
              autoComplete="off"
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field
          id={`${id}-message`}
          label="Message"
          hint={`Optional. Up to ${AD_HOC_MESSAGE_MAX.toLocaleString("en-US")} characters.`}
          error={fieldErrors.message}
        >
          {(describedBy, invalid) => (
            <textarea
              id={`${id}-message`}
              className="settings-input admin-textarea"
              value={message}
              onChange={(event) => changed(setMessage)(event.target.value)}
              maxLength={AD_HOC_MESSAGE_MAX}
              rows={4}
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <Field
          id={`${id}-link`}
          label="Link"
          hint="Optional. A page of the app, such as /campaigns, or an https:// address."
          error={fieldErrors.link}
        >
          {(describedBy, invalid) => (
            <input
              id={`${id}-link`}
              className="settings-input"
              value={link}
              onChange={(event) => changed(setLink)(event.target.value)}
              inputMode="url"
              autoComplete="off"
              aria-invalid={invalid}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        <fieldset className="settings-field admin-audience">
          <legend>Audience</legend>
          <label className="admin-radio">
            <input
              type="radio"
              name={`${id}-audience`}
              value="all-creators"
              checked={kind === "all-creators"}
              onChange={() => changed(setKind)("all-creators")}
            />
            {`All creators (${creatorsText(audiences.allCreators)})`}
          </label>
          <label className="admin-radio">
            <input
              type="radio"
              name={`${id}-audience`}
              value="campaign"
              checked={kind === "campaign"}
              onChange={() => changed(setKind)("campaign")}
            />
            Creators of one campaign
          </label>
          {kind === "campaign" ? (
            <div className="admin-campaign-picker">
              <label htmlFor={`${id}-campaign`}>Campaign</label>
              <select
                id={`${id}-campaign`}
                className="settings-input"
                value={campaignId}
                onChange={(event) => changed(setCampaignId)(event.target.value)}
                required
                aria-invalid={fieldErrors.campaign === undefined ? undefined : true}
                aria-describedby={fieldErrors.campaign === undefined ? undefined : `${id}-campaign-error`}
              >
                <option value="">Choose a campaign</option>
                {audiences.campaigns.map((item) => (
                  <option key={item.id} value={item.id}>
                    {`${item.title} — ${item.advertiserName} (${creatorsText(item.creators)})`}
                  </option>
                ))}
              </select>
              {fieldErrors.campaign === undefined ? null : (
                <p id={`${id}-campaign-error`} className="settings-field-error">
                  {`The campaign: ${fieldErrors.campaign}`}
                </p>
              )}
            </div>
          ) : null}
        </fieldset>
        <div className="actions admin-actions">
          <button type="submit" className="button button-primary" disabled={send.isPending} aria-busy={send.isPending}>
            {send.isPending ? "Sending…" : reach === null ? "Send" : `Send to ${creatorsText(reach)}`}
          </button>
        </div>
        {send.isError && !anyFieldError ? (
          <p role="alert" className="notice">
            {`The notification was not sent: ${errorText(send.error instanceof ApiRequestError ? send.error : send.error.message)}`}
          </p>
        ) : null}
        {sent === null ? null : (
          <p ref={result} tabIndex={-1} role="status" className="notice notice-success">
            {sent.replayed
              ? `“${sent.title}” had already been sent to ${creatorsText(sent.notified)}; nobody was notified twice.`
              : `“${sent.title}” was sent to ${creatorsText(sent.notified)}.`}
          </p>
        )}
      </form>
    </section>
  );
}
