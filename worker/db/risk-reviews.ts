import { z } from "zod";
import { DEFAULT_REVIEW_THRESHOLD, DEFAULT_REVIEW_WINDOW_HOURS } from "../contracts/risk-review.ts";
import { allRows, firstRow, queryAll, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * Risk review (migration 0065, docs/decisions/047-risk-and-review.md): the commissions still to score with the
 * evidence stored beside them, the reviews and their decisions, and each campaign's review settings. Every read goes
 * through a primary key or a partial index on what is due; money is in the ledger and nothing here moves it.
 */

// ---------------------------------------------------------------------------------------------------------------
// Settings.

const settingsRowSchema = z.object({ id: z.string(), review_threshold: z.number().int(), review_window_hours: z.number().int() });
export type RiskSettingsRow = z.infer<typeof settingsRowSchema>;

/** The account's campaign with its review settings (the defaults when never set); null when it is not the account's. */
export function riskSettingsQuery(db: Database, advertiserId: string, campaignId: string): Query<RiskSettingsRow | null> {
  return firstRow(
    db
      .prepare(
        `SELECT c.id, COALESCE(s.review_threshold, ?1) AS review_threshold, COALESCE(s.review_window_hours, ?2) AS review_window_hours
         FROM campaigns c LEFT JOIN risk_settings s ON s.campaign_id = c.id
         WHERE c.id = ?3 AND c.advertiser_id = ?4`,
      )
      .bind(DEFAULT_REVIEW_THRESHOLD, DEFAULT_REVIEW_WINDOW_HOURS, campaignId, advertiserId),
    settingsRowSchema,
  );
}

/** Saves the settings of a campaign of the account (nothing when it is not the account's). */
export function saveRiskSettingsStatement(
  db: Database,
  advertiserId: string,
  campaignId: string,
  settings: { reviewThreshold: number; reviewWindowHours: number },
  now: number,
) {
  return db
    .prepare(
      `INSERT INTO risk_settings (campaign_id, review_threshold, review_window_hours, updated_at)
       SELECT id, ?1, ?2, ?3 FROM campaigns WHERE id = ?4 AND advertiser_id = ?5
       ON CONFLICT (campaign_id) DO UPDATE SET review_threshold = excluded.review_threshold,
         review_window_hours = excluded.review_window_hours, updated_at = excluded.updated_at`,
    )
    .bind(settings.reviewThreshold, settings.reviewWindowHours, now, campaignId, advertiserId);
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring: the commissions still unscored, with what is stored about their conversion and creator.

const unscoredRowSchema = z.object({
  id: z.string(),
  advertiser_id: z.string(),
  campaign_id: z.string(),
  creator_id: z.string(),
  event_id: z.string(),
  click_id: z.string().nullable(),
  received_at: z.number().int(),
  creator_joined_at: z.number().int(),
  own_wallet: z.number().int(),
  review_threshold: z.number().int(),
  review_window_hours: z.number().int(),
});
export type UnscoredCommissionRow = z.infer<typeof unscoredRowSchema>;

/**
 * The oldest unscored commissions by the partial index on them; each joins its event, creator and settings by key,
 * and asks whether the event's wallet is one of the creator's verified wallets (the index on verified addresses). An
 * event or user gone by then (retention, deletion) leaves its signals unknown rather than the commission unscored.
 */
export function listUnscoredCommissions(db: Database, limit: number): Promise<UnscoredCommissionRow[]> {
  return queryAll(
    db
      .prepare(
        `SELECT c.id, c.advertiser_id, c.campaign_id, c.creator_id, c.event_id, e.click_id, COALESCE(e.received_at, c.created_at) AS received_at,
           COALESCE(u.created_at, 0) AS creator_joined_at,
           EXISTS (SELECT 1 FROM wallets w WHERE w.address_key = e.address_key AND w.verified_at IS NOT NULL AND w.removed_at IS NULL
             AND w.user_id = c.creator_id) AS own_wallet,
           COALESCE(s.review_threshold, ?1) AS review_threshold, COALESCE(s.review_window_hours, ?2) AS review_window_hours
         FROM commissions c
         LEFT JOIN conversion_events e ON e.advertiser_id = c.advertiser_id AND e.event_id = c.event_id
         LEFT JOIN users u ON u.id = c.creator_id
         LEFT JOIN risk_settings s ON s.campaign_id = c.campaign_id
         WHERE c.review_state = 'unscored' ORDER BY c.created_at LIMIT ?3`,
      )
      .bind(DEFAULT_REVIEW_THRESHOLD, DEFAULT_REVIEW_WINDOW_HOURS, limit),
    unscoredRowSchema,
  );
}

const clickDayRowSchema = z.object({ campaign_id: z.string(), user_id: z.string(), day: z.string(), clicks: z.number().int() });
export type ClickDayRow = z.infer<typeof clickDayRowSchema>;
export type ClickDayKey = { campaignId: string; userId: string; day: string };

/** The daily click rollup's rows of the given links and days (by its primary key); a missing row is 0 clicks. */
export function clickDaysQuery(db: Database, keys: readonly ClickDayKey[]): Query<ClickDayRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT d.campaign_id, d.user_id, d.day, d.clicks
         FROM json_each(?) AS k
         JOIN referral_click_days d ON d.campaign_id = json_extract(k.value, '$.campaignId')
           AND d.user_id = json_extract(k.value, '$.userId') AND d.day = json_extract(k.value, '$.day')`,
      )
      .bind(JSON.stringify(keys)),
    clickDayRowSchema,
  );
}

export type NewReview = {
  itemId: string;
  advertiserId: string;
  campaignId: string;
  creatorId: string;
  score: number;
  reasons: readonly { signal: string; points: number; text: string }[];
  evidence: Record<string, string | number | boolean | null>;
  status: "watching" | "held";
  scoredAt: number;
  dueAt: number;
};

/** The reviews of newly scored commissions, and the commissions' state with them (only while still unscored). */
export function recordScoresStatements(db: Database, reviews: readonly NewReview[]): D1PreparedStatement[] {
  const payload = JSON.stringify(reviews);
  return [
    db
      .prepare(
        `INSERT INTO risk_reviews (item_id, item_kind, advertiser_id, campaign_id, creator_id, score, reasons, evidence, status, scored_at, due_at)
         SELECT json_extract(k.value, '$.itemId'), 'commission', json_extract(k.value, '$.advertiserId'), json_extract(k.value, '$.campaignId'),
           json_extract(k.value, '$.creatorId'), json_extract(k.value, '$.score'), json_extract(k.value, '$.reasons'),
           json_extract(k.value, '$.evidence'), json_extract(k.value, '$.status'), json_extract(k.value, '$.scoredAt'),
           json_extract(k.value, '$.dueAt')
         FROM json_each(?) AS k
         JOIN commissions c ON c.id = json_extract(k.value, '$.itemId') AND c.review_state = 'unscored'
         WHERE true
         ON CONFLICT (item_id) DO NOTHING`,
      )
      .bind(payload),
    db
      .prepare(
        `UPDATE commissions SET review_state = k.status
         FROM (SELECT json_extract(value, '$.itemId') AS id, json_extract(value, '$.status') AS status FROM json_each(?)) AS k
         WHERE commissions.id = k.id AND commissions.review_state = 'unscored'`,
      )
      .bind(payload),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Approval when the window ends.

/** Reviews below their threshold whose window has ended, oldest first, by the partial index on them. */
export function listReviewsDueForApproval(db: Database, now: number, limit: number): Promise<{ item_id: string }[]> {
  return queryAll(
    db.prepare(`SELECT item_id FROM risk_reviews WHERE status = 'watching' AND due_at <= ? ORDER BY due_at LIMIT ?`).bind(now, limit),
    z.object({ item_id: z.string() }),
  );
}

export function approveAutomaticallyStatements(db: Database, itemIds: readonly string[], now: number): D1PreparedStatement[] {
  const payload = JSON.stringify(itemIds);
  return [
    db
      .prepare(
        `UPDATE risk_reviews SET status = 'approved', decided_at = ?1
         WHERE status = 'watching' AND item_id IN (SELECT value FROM json_each(?2))`,
      )
      .bind(now, payload),
    db
      .prepare(
        `UPDATE commissions SET review_state = 'approved' WHERE review_state = 'watching' AND id IN (SELECT value FROM json_each(?))`,
      )
      .bind(payload),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The advertiser's queue and decisions.

const reviewRowSchema = z.object({
  item_id: z.string(),
  campaign_id: z.string(),
  campaign_title: z.string(),
  creator_id: z.string(),
  creator_handle: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  commission_status: z.enum(["pending", "available", "reversed"]),
  score: z.number().int(),
  reasons: z.string(),
  evidence: z.string(),
  status: z.enum(["watching", "held", "approved", "rejected"]),
  scored_at: z.number().int(),
  decided_at: z.number().int().nullable(),
  decided_by: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type ReviewRow = z.infer<typeof reviewRowSchema>;

const reviewColumns = `r.item_id, r.campaign_id, k.title AS campaign_title, r.creator_id, u.handle AS creator_handle, c.event_id, c.event_type,
  c.amount, c.currency, c.status AS commission_status, r.score, r.reasons, r.evidence, r.status, r.scored_at, r.decided_at, r.decided_by,
  r.decision_reason`;
const reviewJoins = `JOIN commissions c ON c.id = r.item_id JOIN campaigns k ON k.id = r.campaign_id JOIN users u ON u.id = r.creator_id`;

/** The account's held items, oldest first, by the partial index on what is held. */
export function heldReviewsQuery(db: Database, advertiserId: string, limit: number): Query<ReviewRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT ${reviewColumns} FROM risk_reviews r ${reviewJoins} WHERE r.advertiser_id = ? AND r.status = 'held' ORDER BY r.scored_at LIMIT ?`,
      )
      .bind(advertiserId, limit),
    reviewRowSchema,
  );
}

/** The account's members' latest decisions, newest first, by the partial index on decided reviews. */
export function decidedReviewsQuery(db: Database, advertiserId: string, limit: number): Query<ReviewRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT ${reviewColumns} FROM risk_reviews r ${reviewJoins}
         WHERE r.advertiser_id = ? AND r.decided_by IS NOT NULL ORDER BY r.decided_at DESC LIMIT ?`,
      )
      .bind(advertiserId, limit),
    reviewRowSchema,
  );
}

/** The named reviews of the account, by primary key, for a decision. */
export function reviewsOfItemsQuery(db: Database, advertiserId: string, itemIds: readonly string[]): Query<ReviewRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT ${reviewColumns} FROM json_each(?) AS i JOIN risk_reviews r ON r.item_id = i.value ${reviewJoins} WHERE r.advertiser_id = ?`,
      )
      .bind(JSON.stringify(itemIds), advertiserId),
    reviewRowSchema,
  );
}

export type ReviewDecision = {
  advertiserId: string;
  itemIds: readonly string[];
  decision: "approve" | "reject";
  reason: string | null;
  userId: string;
  changeId: string;
  now: number;
};

/**
 * A decision on held items: the reviews still held, whose commission is still pending, take it (stamped with the
 * batch's change id); their commissions follow (a rejected one is reversed, stamped too, so the batch's ledger entries
 * are written for exactly those); one audit row per item decided. A retry finds nothing held and changes nothing.
 */
export function decideReviewsStatements(db: Database, decision: ReviewDecision): D1PreparedStatement[] {
  const ids = JSON.stringify(decision.itemIds);
  const status = decision.decision === "approve" ? "approved" : "rejected";
  const decidedHere = `SELECT item_id FROM risk_reviews WHERE item_id IN (SELECT value FROM json_each(?1)) AND change_id = ?2`;
  return [
    db
      .prepare(
        `UPDATE risk_reviews SET status = ?1, decided_at = ?2, decided_by = ?3, decision_reason = ?4, change_id = ?5
         WHERE advertiser_id = ?6 AND status = 'held' AND item_id IN (SELECT value FROM json_each(?7))
           AND EXISTS (SELECT 1 FROM commissions c WHERE c.id = risk_reviews.item_id AND c.status = 'pending')`,
      )
      .bind(status, decision.now, decision.userId, decision.reason, decision.changeId, decision.advertiserId, ids),
    decision.decision === "approve"
      ? db
          .prepare(`UPDATE commissions SET review_state = 'approved' WHERE review_state = 'held' AND id IN (${decidedHere})`)
          .bind(ids, decision.changeId)
      : db
          .prepare(
            `UPDATE commissions SET review_state = 'rejected', status = 'reversed', reversed_at = ?3, change_id = ?2
             WHERE review_state = 'held' AND status = 'pending' AND id IN (${decidedHere})`,
          )
          .bind(ids, decision.changeId, decision.now),
    db
      .prepare(
        `INSERT INTO audit_log (action, actor_user_id, subject_user_id, outcome, detail, created_at)
         SELECT ?3, ?4, r.creator_id, 'allowed',
           json_object('itemId', r.item_id, 'kind', r.item_kind, 'advertiserId', r.advertiser_id, 'campaignId', r.campaign_id,
             'score', r.score, 'reason', r.decision_reason),
           ?5
         FROM risk_reviews r WHERE r.item_id IN (SELECT value FROM json_each(?1)) AND r.change_id = ?2`,
      )
      .bind(ids, decision.changeId, `risk-review.${decision.decision}`, decision.userId, decision.now),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// What the creator sees.

const creatorNoteRowSchema = z.object({
  item_id: z.string(),
  status: z.enum(["watching", "held", "approved", "rejected"]),
  reasons: z.string(),
  decision_reason: z.string().nullable(),
});
export type CreatorNoteRow = z.infer<typeof creatorNoteRowSchema>;

/** The creator's own reviews of the given items, by primary key. */
export function creatorReviewsQuery(db: Database, creatorId: string, itemIds: readonly string[]): Query<CreatorNoteRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT r.item_id, r.status, r.reasons, r.decision_reason
         FROM json_each(?) AS i JOIN risk_reviews r ON r.item_id = i.value WHERE r.creator_id = ?`,
      )
      .bind(JSON.stringify(itemIds), creatorId),
    creatorNoteRowSchema,
  );
}
