import { Badge } from "~/components/ui/badge";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { errorText } from "~/lib/error-text";
import type { CreatorCommission } from "@contracts/commissions.ts";
import { useMyCommissions } from "./api/commissions";

function CommissionStatus({ commission }: { commission: CreatorCommission }) {
  if (commission.status === "pending" && commission.review?.state === "held") return <Badge tone="warning">Held for review</Badge>;
  if (commission.status === "pending") {
    return (
      <Badge tone="info">
        {"Pending until "}
        <DateTime value={commission.availableAt} format="date" />
      </Badge>
    );
  }
  if (commission.status === "available") return <Badge tone="success">Available</Badge>;
  return <Badge tone="warning">Reversed</Badge>;
}

/** What a reversal of a commission already paid left the creator owing, and what later earnings repaid. */
function debtNote(commission: CreatorCommission): string | null {
  if (commission.debt === 0) return null;
  const left = commission.debt - commission.debtRecovered;
  return left === 0 ? "Repaid from later earnings." : "Part of it is repaid from your next earnings.";
}

/** Why a commission waits for the advertiser's review, or why the advertiser rejected it (docs/decisions/047). */
function reviewNote(review: CreatorCommission["review"]): string | null {
  if (review?.state === "held") return `Held for the advertiser's review: ${review.reasons.join("; ")}`;
  if (review?.state === "rejected") return `Rejected by the advertiser: ${review.decisionReason ?? review.reasons.join("; ")}`;
  return null;
}

/**
 * The signed-in creator's commissions, beside the pool rewards of their posts (docs/decisions/045-commissions.md):
 * each with its campaign, event and status (pending until the end of its validation window, held for review with the
 * reasons, available, reversed, rejected with the advertiser's reason).
 */
export function MyCommissions() {
  const commissions = useMyCommissions();
  return (
    <section aria-labelledby="my-commissions">
      <h2 id="my-commissions">Commissions</h2>
      {commissions.data === undefined ? (
        <p className="muted small">{commissions.isError ? errorText(commissions.error) : "Loading…"}</p>
      ) : commissions.data.commissions.length === 0 ? (
        <p className="empty-state">Conversions your referral links bring earn commissions in campaigns that pay them; they appear here.</p>
      ) : (
        <ul className="commission-list">
          {commissions.data.commissions.map((commission) => (
            <li key={commission.id}>
              <Money amount={commission.amount} currency={commission.currency} />{" "}
              {`for a ${commission.eventType} in ${commission.campaignTitle} `}
              <CommissionStatus commission={commission} />
              {debtNote(commission) === null ? null : <span className="muted small">{` ${debtNote(commission) ?? ""}`}</span>}
              {reviewNote(commission.review) === null ? null : <p className="muted small">{reviewNote(commission.review)}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
