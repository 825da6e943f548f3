import type { Capabilities } from "../../capabilities.ts";
import { decimalsOf } from "../../contracts/currencies.ts";
import {
  REVIEW_HISTORY_SHOWN,
  REVIEW_QUEUE_SHOWN,
  type CreatorReviewNote,
  type ReviewDecisionInput,
  type ReviewDecisionResult,
  type ReviewItem,
  type ReviewQueue,
  type RiskReasonView,
  type RiskSettings,
  type RiskSettingsInput,
} from "../../contracts/risk-review.ts";
import { changedCommissionGuard } from "../../db/commissions.ts";
import { insertAccountsStatement, insertEntriesStatement, type NewLedgerEntryOf } from "../../db/ledger.ts";
import { insertNotificationsStatement } from "../../db/notification-fanout.ts";
import { runBatch } from "../../db/query.ts";
import {
  creatorReviewsQuery,
  decideReviewsStatements,
  decidedReviewGuard,
  decidedReviewsQuery,
  heldReviewsQuery,
  reviewsOfItemsQuery,
  riskSettingsQuery,
  saveRiskSettingsStatement,
  type ReviewRow,
} from "../../db/risk-reviews.ts";
import type { Database } from "../../database.ts";
import { campaignSettingsUseCases } from "../advertisers/campaign-settings.ts";
import { requireMembership } from "../advertisers/membership.ts";
import { campaignCommissionBudgetAccount, creatorCommissionPendingAccount } from "../ledger/accounts.ts";
import { runLedgerBatch } from "../ledger/journal.ts";
import { reviewDecisionNotification } from "../notifications/events.ts";
import { heldPostLedgerStatements, type HeldPost } from "./post-review.ts";

/**
 * The advertiser's review of held items and a campaign's review settings (docs/decisions/047-risk-and-review.md),
 * for the account's members (anyone else gets 404), and the note a creator reads on a reviewed commission.
 */

type Deps = Pick<Capabilities, "db" | "clock">;

const reasonsOf = (json: string): RiskReasonView[] => JSON.parse(json) as RiskReasonView[];

/** A review row as the console shows it. */
export function itemView(row: ReviewRow): ReviewItem {
  return {
    itemId: row.item_id,
    kind: row.item_kind,
    campaignId: row.campaign_id,
    campaignTitle: row.campaign_title,
    creatorId: row.creator_id,
    creatorHandle: row.creator_handle,
    eventId: row.event_id,
    eventType: row.event_type,
    amount: row.amount,
    currency: row.currency,
    decimals: decimalsOf(row.currency),
    score: row.score,
    reasons: reasonsOf(row.reasons),
    evidence: JSON.parse(row.evidence) as ReviewItem["evidence"],
    status: row.status,
    scoredAt: row.scored_at,
    decidedAt: row.decided_at,
    decidedBy: row.decided_by,
    decisionReason: row.decision_reason,
  };
}

/** `GET /v1/advertiser/{id}/reviews`: the held items, oldest first, and the latest decisions. */
export async function getReviewQueue(caps: Deps, userId: string, advertiserId: string): Promise<ReviewQueue> {
  await requireMembership(caps, userId, advertiserId);
  const [held, history] = await runBatch(caps.db, [
    heldReviewsQuery(caps.db, advertiserId, REVIEW_QUEUE_SHOWN),
    decidedReviewsQuery(caps.db, advertiserId, REVIEW_HISTORY_SHOWN),
  ]);
  return { held: held.map(itemView), history: history.map(itemView) };
}

function skipReason(row: ReviewRow | undefined): string | null {
  if (row === undefined) return "not an item of this account";
  if (row.status !== "held") return `not held: already ${row.status === "watching" ? "in its review window" : row.status}`;
  if (row.item_kind === "commission" && row.commission_status !== "pending") {
    return "not held: its commission was reversed by a refund or chargeback";
  }
  if (row.item_kind === "post" && row.post_status !== "claimed") return "not held: the post no longer waits for its reward";
  return null;
}

const heldPostOf = (row: ReviewRow): HeldPost => ({
  postId: row.item_id,
  campaignId: row.campaign_id,
  creatorId: row.creator_id,
  currency: row.currency,
  week: row.post_week ?? 1,
  poolAmount: row.pool_amount,
  bonusAmount: row.bonus_amount,
});

/** The creator's notification of the decision on one item, written only if the batch decided it (its `ref`). */
function decisionNotification(row: ReviewRow, decision: ReviewDecisionInput["decision"], reason: string | null, now: number) {
  const item = {
    itemId: row.item_id,
    kind: row.item_kind,
    creatorId: row.creator_id,
    campaign: { id: row.campaign_id, title: row.campaign_title },
    amount: row.amount,
    currency: row.currency,
    eventType: row.event_type,
  };
  return { ...reviewDecisionNotification({ item, decision, reason, now }), ref: row.item_id };
}

/** A rejected commission's money goes back from the creator's pending balance to the campaign's budget. */
function cancelEntry(row: ReviewRow, now: number): NewLedgerEntryOf {
  const pending = creatorCommissionPendingAccount(row.creator_id, row.currency);
  const budget = campaignCommissionBudgetAccount(row.campaign_id, row.currency);
  return {
    idempotencyKey: `commission-cancel:${row.item_id}`,
    kind: "commission-cancel",
    memo: "Commission rejected in review",
    ref: row.item_id,
    createdAt: now,
    lines: [
      { accountId: pending.id, amount: -row.amount },
      { accountId: budget.id, amount: row.amount },
    ],
  };
}

/**
 * `POST /v1/advertiser/{id}/reviews/decisions`: approves or rejects held items (commissions and pool-rewarded posts)
 * in one batch, and tells each item's creator in the same batch. A retry changes nothing (only held items are
 * decided; the cancel entries' keys are the commission's, the notifications' the item's), and its answer names every
 * item as skipped with why.
 */
export async function decideReviews(
  caps: Deps,
  userId: string,
  advertiserId: string,
  input: ReviewDecisionInput,
): Promise<ReviewDecisionResult> {
  await requireMembership(caps, userId, advertiserId);
  const itemIds = [...new Set(input.itemIds)];
  const [rows] = await runBatch(caps.db, [reviewsOfItemsQuery(caps.db, advertiserId, itemIds)]);
  const byId = new Map(rows.map((row) => [row.item_id, row]));
  const skipped = itemIds.flatMap((itemId) => {
    const reason = skipReason(byId.get(itemId));
    return reason === null ? [] : [{ itemId, reason }];
  });
  const candidates = rows.filter((row) => skipReason(row) === null);
  if (candidates.length === 0) return { decided: [], skipped };

  const now = caps.clock.now();
  const changeId = `chg_${crypto.randomUUID()}`;
  const reason = input.reason === undefined || input.reason === "" ? null : input.reason;
  const statements = decideReviewsStatements(caps.db, {
    advertiserId,
    itemIds: candidates.map((row) => row.item_id),
    decision: input.decision,
    reason,
    userId,
    changeId,
    now,
  });
  statements.push(
    insertNotificationsStatement(
      caps.db,
      candidates.map((row) => decisionNotification(row, input.decision, reason, now)),
      decidedReviewGuard(changeId),
    ),
  );
  // A held post's shares are paid to the creator or go back to the pools; each entry only if its post was decided here.
  statements.push(
    ...heldPostLedgerStatements(
      caps.db,
      candidates.filter((row) => row.item_kind === "post").map(heldPostOf),
      input.decision === "approve",
      changeId,
      now,
    ),
  );
  const commissions = candidates.filter((row) => row.item_kind === "commission");
  if (input.decision === "reject" && commissions.length > 0) {
    const entries = commissions.map((row) => cancelEntry(row, now));
    statements.push(
      insertAccountsStatement(
        caps.db,
        commissions.flatMap((row) => [
          creatorCommissionPendingAccount(row.creator_id, row.currency),
          campaignCommissionBudgetAccount(row.campaign_id, row.currency),
        ]),
        now,
      ),
      insertEntriesStatement(caps.db, entries, changedCommissionGuard(changeId)),
    );
  }
  const [decidedResult] = await runLedgerBatch(caps.db, statements);
  if ((decidedResult?.meta.changes ?? 0) === candidates.length) {
    return { decided: candidates.map((row) => row.item_id), skipped };
  }
  // Another decision or a refund took some of them between the read and the batch: say which were decided here.
  const [after] = await runBatch(caps.db, [
    reviewsOfItemsQuery(
      caps.db,
      advertiserId,
      candidates.map((row) => row.item_id),
    ),
  ]);
  const decidedHere = new Set(after.filter((row) => row.decided_at === now && row.decided_by === userId).map((row) => row.item_id));
  return {
    decided: [...decidedHere],
    skipped: [
      ...skipped,
      ...candidates
        .filter((row) => !decidedHere.has(row.item_id))
        .map((row) => ({ itemId: row.item_id, reason: "decided or reversed meanwhile" })),
    ],
  };
}

/** `…/campaigns/{campaignId}/review-settings`: the review threshold and window; they apply to items scored from then on. */
export const riskSettings = campaignSettingsUseCases<RiskSettings, RiskSettingsInput>({
  async read(caps, advertiserId, campaignId) {
    const [row] = await runBatch(caps.db, [riskSettingsQuery(caps.db, advertiserId, campaignId)]);
    return row === null ? null : { campaignId: row.id, reviewThreshold: row.review_threshold, reviewWindowHours: row.review_window_hours };
  },
  async write(caps, advertiserId, campaignId, input) {
    const result = await saveRiskSettingsStatement(caps.db, advertiserId, campaignId, input, caps.clock.now()).run();
    return result.meta.changes === 0 ? null : { campaignId, ...input };
  },
});

/** What a creator reads on each of their reviewed commissions: why one is held, and the advertiser's reason for a rejection. */
export async function creatorReviewNotes(
  db: Database,
  creatorId: string,
  itemIds: readonly string[],
): Promise<Map<string, CreatorReviewNote>> {
  if (itemIds.length === 0) return new Map();
  const [rows] = await runBatch(db, [creatorReviewsQuery(db, creatorId, itemIds)]);
  return new Map(
    rows.map((row) => {
      const explained = row.status === "held" || row.status === "rejected";
      const note: CreatorReviewNote = {
        state: row.status === "watching" ? "in-review" : row.status,
        reasons: explained ? reasonsOf(row.reasons).map((reason) => reason.text) : [],
        decisionReason: row.decision_reason,
      };
      return [row.item_id, note];
    }),
  );
}
