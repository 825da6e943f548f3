import { useEffect, useId, useRef, useState } from "react";
import { useSendNotification } from "./api/send-notification";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Radio, RadioGroup } from "~/components/ui/radio";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { Textarea } from "~/components/ui/textarea";
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
  const result = useRef<HTMLDivElement>(null);

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
  const errorOf = (label: string, error: string | undefined) => (error === undefined ? undefined : `The ${label} ${error}`);

  return (
    <Card title="Send a notification" className="admin-section">
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
        <Field label="Title" hint={`Required. Up to ${AD_HOC_TITLE_MAX} characters.`} error={errorOf("title", fieldErrors.title)}>
          <TextInput
            value={title}
            onChange={(event) => changed(setTitle)(event.target.value)}
            maxLength={AD_HOC_TITLE_MAX}
            required
            autoComplete="off"
          />
        </Field>
        <Field
          label="Message"
          hint={`Optional. Up to ${AD_HOC_MESSAGE_MAX.toLocaleString("en-US")} characters.`}
          error={errorOf("message", fieldErrors.message)}
        >
          <Textarea
            value={message}
            onChange={(event) => changed(setMessage)(event.target.value)}
            maxLength={AD_HOC_MESSAGE_MAX}
            fullWidth
          />
        </Field>
        <Field
          label="Link"
          hint="Optional. A page of the app, such as /campaigns, or an https:// address."
          error={errorOf("link", fieldErrors.link)}
        >
          <TextInput value={link} onChange={(event) => changed(setLink)(event.target.value)} inputMode="url" autoComplete="off" />
        </Field>
        <RadioGroup
          legend="Audience"
          name={`${id}-audience`}
          value={kind}
          onChange={(value) => changed(setKind)(value === "campaign" ? "campaign" : "all-creators")}
        >
          <Radio value="all-creators" label={`All creators (${creatorsText(audiences.allCreators)})`} />
          <Radio value="campaign" label="Creators of one campaign" />
        </RadioGroup>
        {kind === "campaign" ? (
          <Field label="Campaign" required error={fieldErrors.campaign === undefined ? undefined : `The campaign: ${fieldErrors.campaign}`}>
            <Select value={campaignId} onChange={(event) => changed(setCampaignId)(event.target.value)}>
              <option value="">Choose a campaign</option>
              {audiences.campaigns.map((item) => (
                <option key={item.id} value={item.id}>
                  {`${item.title} — ${item.advertiserName} (${creatorsText(item.creators)})`}
                </option>
              ))}
            </Select>
          </Field>
        ) : null}
        <div className="admin-actions">
          <Button type="submit" variant="primary" busy={send.isPending} busyLabel="Sending…">
            {reach === null ? "Send" : `Send to ${creatorsText(reach)}`}
          </Button>
        </div>
        {send.isError && !anyFieldError ? (
          <Notice tone="danger" announce="alert">
            {`The notification was not sent: ${errorText(send.error instanceof ApiRequestError ? send.error : send.error.message)}`}
          </Notice>
        ) : null}
        {sent === null ? null : (
          <div ref={result} tabIndex={-1} className="admin-sent">
            <Notice tone="success">
              {sent.replayed
                ? `“${sent.title}” had already been sent to ${creatorsText(sent.notified)}; nobody was notified twice.`
                : `“${sent.title}” was sent to ${creatorsText(sent.notified)}.`}
            </Notice>
          </div>
        )}
      </form>
    </Card>
  );
}
