import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Field } from "~/components/ui/field";
import { Money } from "~/components/ui/money";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { TextInput } from "~/components/ui/text-input";
import { failureText } from "~/lib/failure-text";
import type { ReviewItem, ReviewQueue } from "@contracts/risk-review.ts";
import { useDecideReviews, useReviewQueue } from "./api/reviews";

const evidenceLabels: Record<string, string> = {
  eventId: "Event",
  clickId: "Click",
  clickReferrer: "Referrer",
  ownWallet: "Creator's own wallet",
  creatorClicksThatDay: "Link clicks that day",
  clickFromCreatorDevice: "From the creator's own device",
  deviceClicksThatDay: "Clicks from that device that day",
  addressClicksThatDay: "Clicks from that address that day",
  week: "Campaign week",
  impressions: "Impressions",
  likes: "Likes",
  reposts: "Reposts",
  dailyImpressionGains: "Impressions gained per day",
  sameTextOtherCreators: "Other creators with the same text",
  threshold: "Review threshold",
};

function EvidenceList({ item }: { item: ReviewItem }) {
  const shown = Object.entries(evidenceLabels).flatMap(([key, label]) => {
    const value = item.evidence[key];
    return value === undefined || value === null
      ? []
      : [{ key, label, value: typeof value === "boolean" ? (value ? "yes" : "no") : String(value) }];
  });
  const clickAt = item.evidence["clickAt"];
  const convertedAt = item.evidence["convertedAt"];
  return (
    <dl className="advertiser-row-meta">
      {typeof convertedAt === "number" ? (
        <div>
          <dt>Converted</dt>
          <dd>
            <DateTime value={convertedAt} />
          </dd>
        </div>
      ) : null}
      {typeof clickAt === "number" ? (
        <div>
          <dt>Clicked</dt>
          <dd>
            <DateTime value={clickAt} />
          </dd>
        </div>
      ) : null}
      {shown.map((entry) => (
        <div key={entry.key}>
          <dt>{entry.label}</dt>
          <dd>{entry.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ItemSummary({ item }: { item: ReviewItem }) {
  return (
    <>
      <strong>
        <Money amount={item.amount} currency={item.currency} /> {item.kind === "post" ? "pool reward" : "commission"} for @
        {item.creatorHandle}
      </strong>{" "}
      <Badge tone={item.score >= 70 ? "danger" : "warning"}>{`Risk ${item.score}`}</Badge>
      <p className="advertiser-row-meta">
        {item.campaignTitle} · {item.kind === "post" ? "post" : item.eventType}
      </p>
    </>
  );
}

/** One held item: its selection box, what it is, why it is held and the evidence behind it. */
function HeldItem({ item, selected, onSelect }: { item: ReviewItem; selected: boolean; onSelect: (selected: boolean) => void }) {
  return (
    <li className="advertiser-row" data-testid="review-item" aria-label={`Held ${item.kind} ${item.eventId ?? item.itemId}`}>
      <div>
        <Checkbox
          label={`Select ${item.eventId ?? item.itemId}`}
          checked={selected}
          onChange={(event) => onSelect(event.currentTarget.checked)}
        />
        <ItemSummary item={item} />
        <ul data-testid="review-reasons">
          {item.reasons.map((reason) => (
            <li key={reason.signal}>{`${reason.text} (+${reason.points})`}</li>
          ))}
        </ul>
        <EvidenceList item={item} />
      </div>
    </li>
  );
}

/**
 * `/advertiser/{advertiserId}/reviews`: commissions and pool-rewarded posts held by their risk score, with reasons and evidence; approve or
 * reject the selected ones (a rejection needs a reason, which the creator reads), and the latest decisions.
 */
export function ReviewsPage({ page }: { page: { account: { id: string; name: string }; queue: ReviewQueue } }) {
  const { account } = page;
  const queue = useReviewQueue(account.id, page.queue);
  const decide = useDecideReviews(account.id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const held = queue.data.held;
  const chosen = held.filter((item) => selected.has(item.itemId)).map((item) => item.itemId);

  const submit = (decision: "approve" | "reject") => {
    if (decision === "reject" && reason.trim() === "") {
      setReasonError("Say why: the creator reads it.");
      return;
    }
    setReasonError(null);
    decide.mutate(
      { decision, itemIds: chosen, ...(reason.trim() === "" ? {} : { reason: reason.trim() }) },
      {
        onSuccess: () => {
          setSelected(new Set());
          setReason("");
        },
      },
    );
  };

  return (
    <div className="advertiser-page">
      <PageHeader
        eyebrow={<Link to="/advertiser">Advertiser accounts</Link>}
        title={`Review of ${account.name}`}
        description="Commissions and pool-rewarded posts whose risk score reached their campaign's threshold wait here. Approved ones go on to be paid; rejected ones are not, and their amount goes back to the campaign's commission budget or to its pools. A held post undecided when the review window ends is approved."
      />
      <section aria-labelledby="held-title">
        <h2 id="held-title">Held for review</h2>
        {decide.isError ? <Notice tone="danger" announce="alert">{`Nothing was decided: ${failureText(decide.error)}`}</Notice> : null}
        {decide.isSuccess ? (
          <Notice tone="success">{`${decide.data.decided.length} decided${decide.data.skipped.length > 0 ? `, ${decide.data.skipped.length} skipped (${decide.data.skipped[0]?.reason ?? ""})` : ""}.`}</Notice>
        ) : null}
        {held.length === 0 ? (
          <EmptyState title="Nothing is held" text="Commissions and posts held by their risk score will appear here with their reasons." />
        ) : (
          <>
            <Checkbox
              label="Select all"
              checked={chosen.length === held.length}
              onChange={(event) => setSelected(event.currentTarget.checked ? new Set(held.map((item) => item.itemId)) : new Set())}
            />
            <ul className="advertiser-list">
              {held.map((item) => (
                <HeldItem
                  key={item.itemId}
                  item={item}
                  selected={selected.has(item.itemId)}
                  onSelect={(on) => {
                    const nextSelection = new Set(selected);
                    if (on) nextSelection.add(item.itemId);
                    else nextSelection.delete(item.itemId);
                    setSelected(nextSelection);
                  }}
                />
              ))}
            </ul>
            <Field label="Reason the creator reads" hint="Required to reject; optional to approve." error={reasonError ?? undefined}>
              <TextInput value={reason} maxLength={500} fullWidth onChange={(event) => setReason(event.currentTarget.value)} />
            </Field>
            <div className="advertiser-form-actions">
              <Button variant="primary" disabled={chosen.length === 0} busy={decide.isPending} onClick={() => submit("approve")}>
                {`Approve ${chosen.length} selected`}
              </Button>
              <Button variant="danger" disabled={chosen.length === 0} busy={decide.isPending} onClick={() => submit("reject")}>
                {`Reject ${chosen.length} selected`}
              </Button>
            </div>
          </>
        )}
      </section>
      <section aria-labelledby="history-title">
        <h2 id="history-title">Decisions</h2>
        {queue.data.history.length === 0 ? (
          <p className="advertiser-row-meta">No decisions yet.</p>
        ) : (
          <ul className="advertiser-list" data-testid="review-history">
            {queue.data.history.map((item) => (
              <li key={item.itemId} className="advertiser-row">
                <div>
                  <ItemSummary item={item} />
                  <p>
                    <Badge tone={item.status === "approved" ? "success" : "danger"}>
                      {item.status === "approved" ? "Approved" : "Rejected"}
                    </Badge>{" "}
                    {item.decidedAt === null ? null : <DateTime value={item.decidedAt} />}
                    {item.decisionReason === null ? null : ` · ${item.decisionReason}`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
