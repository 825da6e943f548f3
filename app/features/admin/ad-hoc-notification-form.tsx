import { useEffect, useId, useRef, useState } from "react";
import { useCampaignAudiences } from "./api/get-campaign-audiences";
import { useSendNotification } from "./api/send-notification";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { Radio, RadioGroup } from "~/components/ui/radio";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { Textarea } from "~/components/ui/textarea";
import { formErrorsOf } from "~/lib/api/form-errors";
import { failureText } from "~/lib/failure-text";
import { formatCount } from "~/lib/format";
import {
  AD_HOC_MESSAGE_MAX,
  AD_HOC_TITLE_MAX,
  type AdHocAudience,
  type AdHocNotificationResult,
  type AudienceCampaign,
  type CampaignAudiencePage,
  type NotificationAudiences,
} from "@contracts/admin.ts";

type AudienceKind = AdHocAudience["kind"];

function creatorsText(count: number): string {
  return count === 1 ? "1 creator" : `${formatCount(count)} creators`;
}

/** What the picker's search field holds, once typing has paused (each pause is one request, not each key). */
function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The campaign picker: the most recently published campaigns, or those whose title starts with what is typed, a page
 * at a time ("More campaigns" adds the next), each with how many creators it reaches. The chosen campaign stays
 * chosen while the list changes.
 */
function CampaignPicker({
  firstPage,
  chosen,
  onChoose,
  error,
}: {
  firstPage: CampaignAudiencePage;
  chosen: AudienceCampaign | null;
  onChoose: (campaign: AudienceCampaign | null) => void;
  error: string | undefined;
}) {
  const [search, setSearch] = useState("");
  const q = useSettled(search.trim(), 250);
  const pages = useCampaignAudiences(q, firstPage);
  const listed = pages.data?.pages.flatMap((page) => page.campaigns) ?? [];
  const options = chosen === null || listed.some((item) => item.id === chosen.id) ? listed : [chosen, ...listed];
  return (
    <>
      <Field label="Find a campaign" hint="The first letters of its title. Without them, the most recently published come first.">
        <TextInput type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
      </Field>
      <Field label="Campaign" required error={error === undefined ? undefined : `The campaign: ${error}`}>
        <Select value={chosen?.id ?? ""} onChange={(event) => onChoose(options.find((item) => item.id === event.target.value) ?? null)}>
          <option value="">
            {pages.isFetching && listed.length === 0 ? "Looking…" : listed.length === 0 ? "No campaign found" : "Choose a campaign"}
          </option>
          {options.map((item) => (
            <option key={item.id} value={item.id}>
              {`${item.title} — ${item.advertiserName} (${creatorsText(item.creators)})`}
            </option>
          ))}
        </Select>
      </Field>
      {pages.isError ? (
        <Notice tone="danger" announce="alert">
          {`The campaigns could not be loaded: ${failureText(pages.error)}`}
        </Notice>
      ) : null}
      {pages.hasNextPage ? (
        <div className="admin-actions">
          <Button size="small" busy={pages.isFetchingNextPage} busyLabel="Loading…" onClick={() => void pages.fetchNextPage()}>
            More campaigns
          </Button>
        </div>
      ) : null}
    </>
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
  const [campaign, setCampaign] = useState<AudienceCampaign | null>(null);
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

  const reach = kind === "all-creators" ? audiences.allCreators : (campaign?.creators ?? null);
  const errors = formErrorsOf(send.error);
  const errorOf = (label: string, error: string | undefined) => (error === undefined ? undefined : `The ${label} ${error}`);

  return (
    <Card title="Send a notification" className="admin-section">
      <p className="muted">It appears in the notification sidebar of every creator you choose, with a megaphone icon.</p>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          setSent(null);
          const audience: AdHocAudience = kind === "campaign" ? { kind, campaignId: campaign?.id ?? "" } : { kind };
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
        <Field label="Title" hint={`Required. Up to ${AD_HOC_TITLE_MAX} characters.`} error={errorOf("title", errors.fields.title)}>
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
          hint={`Optional. Up to ${formatCount(AD_HOC_MESSAGE_MAX)} characters.`}
          error={errorOf("message", errors.fields.message)}
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
          error={errorOf("link", errors.fields.link)}
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
          <CampaignPicker
            firstPage={audiences.campaigns}
            chosen={campaign}
            onChoose={changed(setCampaign)}
            error={errors.fields["audience.campaignId"]}
          />
        ) : null}
        <div className="admin-actions">
          <Button type="submit" variant="primary" busy={send.isPending} busyLabel="Sending…">
            {reach === null ? "Send" : `Send to ${creatorsText(reach)}`}
          </Button>
        </div>
        {errors.unshown === null ? null : (
          <Notice tone="danger" announce="alert">{`The notification was not sent: ${errors.unshown}`}</Notice>
        )}
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
