import { z } from "zod";
import { DEFAULT_REVIEW_THRESHOLD, DEFAULT_REVIEW_WINDOW_HOURS } from "../contracts/risk-review.ts";
import type { StatementGuard } from "./ledger.ts";
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

/** A campaign's review settings (the defaults when never set), for the scheduler, by primary key. */
export function campaignRiskSettingsQuery(db: Database, campaignId: string): Query<Omit<RiskSettingsRow, "id"> | null> {
  return firstRow(
    db
      .prepare(
        `SELECT COALESCE(s.review_threshold, ?1) AS review_threshold, COALESCE(s.review_window_hours, ?2) AS review_window_hours
         FROM (SELECT 1) LEFT JOIN risk_settings s ON s.campaign_id = ?3`,
      )
      .bind(DEFAULT_REVIEW_THRESHOLD, DEFAULT_REVIEW_WINDOW_HOURS, campaignId),
    settingsRowSchema.omit({ id: true }),
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

const clickSourceRowSchema = z.object({ day: z.string(), campaign_id: z.string(), source: z.string(), clicks: z.number().int() });
export type ClickSourceRow = z.infer<typeof clickSourceRowSchema>;
export type ClickSourceKey = { day: string; campaignId: string; source: string };

/** The per-device and per-address click rollup's rows of the given keys (by its primary key); a missing row is 0. */
export function clickSourcesQuery(db: Database, keys: readonly ClickSourceKey[]): Query<ClickSourceRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT s.day, s.campaign_id, s.source, s.clicks
         FROM json_each(?) AS k
         JOIN referral_click_sources s ON s.day = json_extract(k.value, '$.day')
           AND s.campaign_id = json_extract(k.value, '$.campaignId') AND s.source = json_extract(k.value, '$.source')`,
      )
      .bind(JSON.stringify(keys)),
    clickSourceRowSchema,
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
// Pool-rewarded posts: their evidence at evaluation, and the reviews of those held.

const postEvidenceRowSchema = z.object({
  post_id: z.string(),
  user_id: z.string(),
  posted_at: z.number().int(),
  impressions: z.number().int(),
  likes: z.number().int(),
  reposts: z.number().int(),
  creator_joined_at: z.number().int(),
  same_text_other_creators: z.number().int(),
  /** JSON [[day, gained], …] of the post's latest days with a gain, newest first. */
  recent_gains: z.string(),
});
export type PostEvidenceRow = z.infer<typeof postEvidenceRowSchema>;

/** How many of a post's latest gain days are read (the burst signal looks at the last 4 days). */
export const RECENT_GAIN_DAYS = 4;

/**
 * What is stored about the given posts (by primary key): latest metrics, the author's account age, how many other
 * creators of the campaign posted the same text (the campaign-and-text index) and the post's latest daily gains (the
 * gains' primary key). A post gone by then scores on what is left.
 */
export function postEvidenceQuery(db: Database, postIds: readonly string[]): Query<PostEvidenceRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT p.id AS post_id, p.user_id, p.posted_at, COALESCE(m.impressions, 0) AS impressions, COALESCE(m.likes, 0) AS likes,
           COALESCE(m.reposts, 0) AS reposts, COALESCE(u.created_at, 0) AS creator_joined_at,
           (SELECT COUNT(DISTINCT o.user_id) FROM posts o
             WHERE o.campaign_id = p.campaign_id AND lower(trim(o.content)) = lower(trim(p.content)) AND o.user_id <> p.user_id
               AND o.status <> 'deleted') AS same_text_other_creators,
           (SELECT json_group_array(json_array(g.day, g.gained)) FROM
             (SELECT d.day, d.gained FROM post_impression_days d WHERE d.post_id = p.id ORDER BY d.day DESC LIMIT ?2) AS g) AS recent_gains
         FROM json_each(?1) AS i JOIN posts p ON p.id = i.value
         LEFT JOIN post_metrics m ON m.post_id = p.id LEFT JOIN users u ON u.id = p.user_id`,
      )
      .bind(JSON.stringify(postIds), RECENT_GAIN_DAYS),
    postEvidenceRowSchema,
  );
}

/** The reviews of posts held at evaluation, written in the evaluation's batch (so under its guard). */
export function recordPostReviewsStatement(db: Database, reviews: readonly NewReview[], guard: StatementGuard): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO risk_reviews (item_id, item_kind, advertiser_id, campaign_id, creator_id, score, reasons, evidence, status, scored_at, due_at)
       SELECT json_extract(k.value, '$.itemId'), 'post', json_extract(k.value, '$.advertiserId'), json_extract(k.value, '$.campaignId'),
         json_extract(k.value, '$.creatorId'), json_extract(k.value, '$.score'), json_extract(k.value, '$.reasons'),
         json_extract(k.value, '$.evidence'), json_extract(k.value, '$.status'), json_extract(k.value, '$.scoredAt'),
         json_extract(k.value, '$.dueAt')
       FROM json_each(?) AS k
       WHERE ${guard.sql}
       ON CONFLICT (item_id) DO NOTHING`,
    )
    .bind(JSON.stringify(reviews), ...guard.params);
}

/**
 * What a decision on held posts does to the posts decided in the change `changeId`: an approved one is rewarded (its
 * held reasons cleared); a rejected one is not, with the advertiser's reason, which the creator reads on the post.
 */
export function decidedPostsStatement(
  db: Database,
  input: { changeId: string; itemIds: readonly string[]; approved: boolean; now: number },
) {
  return db
    .prepare(
      `UPDATE posts SET status = CASE WHEN ?1 THEN 'rewarded' ELSE 'not-rewarded' END,
         status_reasons = CASE WHEN ?1 THEN '[]' ELSE json_array(json_object('code', 'rejected-in-review',
           'message', 'Rejected by the advertiser: ' || COALESCE(r.decision_reason, 'no reason given'))) END,
         updated_at = ?2
       FROM risk_reviews r
       WHERE r.item_id = posts.id AND r.change_id = ?3 AND posts.status = 'claimed' AND posts.id IN (SELECT value FROM json_each(?4))`,
    )
    .bind(input.approved ? 1 : 0, input.now, input.changeId, JSON.stringify(input.itemIds));
}

/**
 * A ledger entry or a notification (by its `ref`) is written only for an item decided in the change `changeId`, so a
 * retry, a concurrent decision or a refund that took the item writes nothing.
 */
export function decidedReviewGuard(changeId: string): StatementGuard {
  return {
    sql: `EXISTS (SELECT 1 FROM risk_reviews r WHERE r.item_id = json_extract(entry.value, '$.ref') AND r.change_id = ?)`,
    params: [changeId],
  };
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
  item_kind: z.enum(["commission", "post"]),
  event_id: z.string().nullable(),
  event_type: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  commission_status: z.enum(["pending", "available", "reversed"]).nullable(),
  post_status: z.string().nullable(),
  post_week: z.number().int().nullable(),
  pool_amount: z.number().int(),
  bonus_amount: z.number().int(),
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

const reviewColumns = `r.item_id, r.item_kind, r.campaign_id, k.title AS campaign_title, r.creator_id, u.handle AS creator_handle,
  c.event_id, c.event_type, COALESCE(c.amount, pr.pool_amount + pr.bonus_amount, 0) AS amount,
  COALESCE(c.currency, pr.currency, k.reward_currency) AS currency, c.status AS commission_status, p.status AS post_status,
  p.campaign_week AS post_week, COALESCE(pr.pool_amount, 0) AS pool_amount, COALESCE(pr.bonus_amount, 0) AS bonus_amount,
  r.score, r.reasons, r.evidence, r.status, r.scored_at, r.decided_at, r.decided_by, r.decision_reason`;
// An item is a commission or a post (then its reward row holds the held shares), each joined by primary key.
const reviewJoins = `LEFT JOIN commissions c ON r.item_kind = 'commission' AND c.id = r.item_id
  LEFT JOIN posts p ON r.item_kind = 'post' AND p.id = r.item_id LEFT JOIN post_rewards pr ON r.item_kind = 'post' AND pr.post_id = r.item_id
  JOIN campaigns k ON k.id = r.campaign_id JOIN users u ON u.id = r.creator_id`;

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
 * A decision on held items: the reviews still held, whose commission is still pending (or whose post still waits,
 * claimed), take it (stamped with the batch's change id); their commissions and posts follow (a rejected one is reversed, stamped too, so the batch's ledger entries
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
           AND CASE item_kind
             WHEN 'commission' THEN EXISTS (SELECT 1 FROM commissions c WHERE c.id = risk_reviews.item_id AND c.status = 'pending')
             ELSE EXISTS (SELECT 1 FROM posts p WHERE p.id = risk_reviews.item_id AND p.status = 'claimed') END`,
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
    decidedPostsStatement(db, {
      changeId: decision.changeId,
      itemIds: decision.itemIds,
      approved: decision.decision === "approve",
      now: decision.now,
    }),
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
