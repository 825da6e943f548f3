import { z } from "zod";
import { scoreWeightsSchema, type PostMetrics } from "../contracts/campaign-rules.ts";
import { networkSchema, type Network } from "../contracts/networks/rules.ts";
import { queryAll } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * post_metrics (migration 0004): what the network last said about each published post, its score, and the polling
 * schedule. Rows are leased by one scheduler run at a time while the network is asked (`leased_until`), so concurrent
 * runs never poll the same post twice and a crashed run's lease simply runs out. The lease's end also names the lease:
 * answers are written back only to posts still held under it (docs/decisions/048-polling-fan-out.md).
 */

const HOUR_MS = 3_600_000;

/** When tracking starts and how long after posting the first poll comes (the rewards engine's FIRST_POLL_AFTER). */
export type PostTracking = { now: number; firstPollAfter: number };

/**
 * Starts tracking these posts, each once, if they are published and still evaluating: batched with the statement that
 * gives a post its X id (`markPostPublished`), so tracking starts at that moment and nothing has to look for untracked
 * posts later (docs/decisions/033-bounded-statements.md).
 */
export function trackPostsStatement(db: Database, postIds: readonly string[], tracking: PostTracking) {
  return db
    .prepare(
      `INSERT INTO post_metrics (post_id, campaign_id, matures_at, next_poll_at, created_at, updated_at)
       SELECT posts.id, posts.campaign_id, posts.posted_at + campaigns.maturity_hours * ?3,
              MIN(posts.posted_at + ?2, posts.posted_at + campaigns.maturity_hours * ?3), ?1, ?1
       FROM posts JOIN campaigns ON campaigns.id = posts.campaign_id
       WHERE posts.id IN (SELECT value FROM json_each(?4)) AND posts.status = 'evaluating' AND posts.network_post_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
    )
    .bind(tracking.now, tracking.firstPollAfter, HOUR_MS, JSON.stringify(postIds));
}

const leasedSchema = z.object({ post_id: z.string() });

const duePostSchema = z
  .object({ post_id: z.string(), user_id: z.string(), network: networkSchema, next_poll_at: z.number() })
  .transform((row) => ({ postId: row.post_id, userId: row.user_id, network: row.network, nextPollAt: row.next_poll_at }));
/** A post due for a poll (or leased for one), with what decides the group it is read in. */
export type DuePost = z.infer<typeof duePostSchema>;

/** Up to `limit` posts due for a poll and not leased, oldest due first (the due index, cut by the limit). */
export function findDuePosts(db: Database, input: { now: number; limit: number }): Promise<DuePost[]> {
  return queryAll(
    db
      .prepare(
        `SELECT metrics.post_id, posts.user_id, posts.network, metrics.next_poll_at
         FROM post_metrics AS metrics JOIN posts ON posts.id = metrics.post_id
         WHERE metrics.next_poll_at IS NOT NULL AND metrics.next_poll_at <= ?1 AND metrics.leased_until <= ?1
           AND posts.status = 'evaluating' AND posts.network_post_id IS NOT NULL
         ORDER BY metrics.next_poll_at, metrics.post_id LIMIT ?2`,
      )
      .bind(input.now, input.limit),
    duePostSchema,
  );
}

/** An owner whose posts on a network are read together, with the most one read takes (the network's batch size). */
export type OwnerRead = { userId: string; network: Network; batchSize: number };

export type ReadGroupLease = {
  now: number;
  leaseUntil: number;
  /** Owners' posts due by then are read with their due ones (their final poll, at maturity, is never read early). */
  pullAheadUntil: number;
  /** In the order their groups are taken: the owner with the oldest due post first. */
  owners: readonly OwnerRead[];
  /** At most this many of the owners' posts, taken owner by owner in that order. */
  ownerPostLimit: number;
  /** Due posts leased as they are (networks read across owners). */
  postIds: readonly string[];
};

/**
 * Leases this run's read groups in one statement: each owner's evaluating posts on the network that are due, or due
 * before `pullAheadUntil` (up to the network's batch size, soonest first), and the given due posts. Only posts no
 * other run holds are taken. The owners' posts are found through the partial index of evaluating posts by owner
 * (migration 0068): the statement reads what those owners have in evaluation, never the whole table.
 */
export async function leaseReadGroups(db: Database, lease: ReadGroupLease): Promise<string[]> {
  const rows = await queryAll(
    db
      .prepare(
        `UPDATE post_metrics SET leased_until = ?2
         WHERE post_id IN (
           SELECT post_id FROM (
             SELECT post_id FROM (
               SELECT metrics.post_id, owner.key AS owner_place, json_extract(owner.value, '$.batchSize') AS batch_size,
                 ROW_NUMBER() OVER (PARTITION BY owner.key ORDER BY metrics.next_poll_at, metrics.post_id) AS place
               FROM json_each(?4) AS owner
                 JOIN posts ON posts.user_id = json_extract(owner.value, '$.userId')
                   AND posts.network = json_extract(owner.value, '$.network')
                   AND posts.status = 'evaluating' AND posts.network_post_id IS NOT NULL
                 JOIN post_metrics AS metrics ON metrics.post_id = posts.id
               WHERE metrics.next_poll_at IS NOT NULL AND metrics.leased_until <= ?1
                 AND (metrics.next_poll_at <= ?1 OR (metrics.next_poll_at <= ?3 AND metrics.next_poll_at < metrics.matures_at))
             )
             WHERE place <= batch_size ORDER BY owner_place, place LIMIT ?5
           )
           UNION ALL
           SELECT metrics.post_id FROM json_each(?6) AS listed JOIN post_metrics AS metrics ON metrics.post_id = listed.value
           WHERE metrics.next_poll_at <= ?1
         ) AND leased_until <= ?1
         RETURNING post_id`,
      )
      .bind(
        lease.now,
        lease.leaseUntil,
        lease.pullAheadUntil,
        JSON.stringify(lease.owners),
        lease.ownerPostLimit,
        JSON.stringify(lease.postIds),
      ),
    leasedSchema,
  );
  return rows.map((row) => row.post_id);
}

/** The leased posts among these, with their owners and networks, by the lease they are held under. */
export function findLeasedPosts(db: Database, postIds: readonly string[], leaseUntil: number): Promise<DuePost[]> {
  return queryAll(
    db
      .prepare(
        `SELECT metrics.post_id, posts.user_id, posts.network, metrics.next_poll_at
         FROM post_metrics AS metrics JOIN posts ON posts.id = metrics.post_id
         WHERE metrics.post_id IN (SELECT value FROM json_each(?1)) AND metrics.leased_until = ?2 AND metrics.next_poll_at IS NOT NULL`,
      )
      .bind(JSON.stringify(postIds), leaseUntil),
    duePostSchema,
  );
}

const pollTargetSchema = z
  .object({
    post_id: z.string(),
    user_id: z.string(),
    network: networkSchema,
    network_post_id: z.string(),
    polls: z.number().int(),
    failures: z.number().int(),
    matures_at: z.number(),
    score_weights: z.string().transform((text) => scoreWeightsSchema.parse(JSON.parse(text))),
  })
  .transform((row) => ({
    postId: row.post_id,
    userId: row.user_id,
    network: row.network,
    networkPostId: row.network_post_id,
    polls: row.polls,
    failures: row.failures,
    maturesAt: row.matures_at,
    scoreWeights: row.score_weights,
  }));
export type PollTarget = z.infer<typeof pollTargetSchema>;

/** The posts still held under this lease (a group whose lease ran out and was taken by a later run is not read twice). */
export function findPollTargets(db: Database, postIds: readonly string[], leaseUntil: number): Promise<PollTarget[]> {
  return queryAll(
    db
      .prepare(
        `SELECT metrics.post_id, posts.user_id, posts.network, posts.network_post_id, metrics.polls, metrics.failures, metrics.matures_at,
           campaigns.score_weights
         FROM post_metrics AS metrics JOIN posts ON posts.id = metrics.post_id JOIN campaigns ON campaigns.id = posts.campaign_id
         WHERE metrics.post_id IN (SELECT value FROM json_each(?1)) AND metrics.leased_until = ?2 AND posts.network_post_id IS NOT NULL`,
      )
      .bind(JSON.stringify(postIds), leaseUntil),
    pollTargetSchema,
  );
}

export type PolledMetrics = PostMetrics & {
  postId: string;
  /**
   * The lease the post was read under: the answer is written only while the post is still held by it. Absent for
   * metrics written outside polling (the seed's demo posts), which no lease guards.
   */
  leaseUntil?: number;
  /** The text as the network shows it now, and whether its paid-partnership label is on (null: no such label). */
  readText: string;
  paidPartnership: boolean | null;
  score: number;
  polls: number;
  nextPollAt: number | null;
};

/** The answers the networks gave, written back in one statement to the posts still held under their lease; the lease is released. */
export function recordPolledMetricsStatement(db: Database, rows: readonly PolledMetrics[], now: number) {
  return db
    .prepare(
      `UPDATE post_metrics SET impressions = polled.impressions, likes = polled.likes, reposts = polled.reposts,
         replies = polled.replies, quotes = polled.quotes, bookmarks = polled.bookmarks, score = polled.score,
         polls = polled.polls, failures = 0, last_error = NULL, polled_at = ?1, next_poll_at = polled.next_poll_at,
         leased_until = 0, updated_at = ?1, read_text = polled.read_text, paid_partnership = polled.paid_partnership
       FROM (SELECT json_extract(value, '$.postId') AS post_id, json_extract(value, '$.impressions') AS impressions,
               json_extract(value, '$.readText') AS read_text, json_extract(value, '$.paidPartnership') AS paid_partnership,
               json_extract(value, '$.likes') AS likes, json_extract(value, '$.reposts') AS reposts,
               json_extract(value, '$.replies') AS replies, json_extract(value, '$.quotes') AS quotes,
               json_extract(value, '$.bookmarks') AS bookmarks, json_extract(value, '$.score') AS score,
               json_extract(value, '$.polls') AS polls, json_extract(value, '$.nextPollAt') AS next_poll_at,
               json_extract(value, '$.leaseUntil') AS lease_until
             FROM json_each(?2)) AS polled
       WHERE post_metrics.post_id = polled.post_id AND (polled.lease_until IS NULL OR post_metrics.leased_until = polled.lease_until)`,
    )
    .bind(now, JSON.stringify(rows));
}

export type FailedPoll = { postId: string; leaseUntil: number; failures: number; error: string; nextPollAt: number };

/** Failed attempts of posts still held under their lease: counted, the error kept for support, the next try scheduled; the lease is released. */
export function recordFailedPollsStatement(db: Database, rows: readonly FailedPoll[], now: number) {
  return db
    .prepare(
      `UPDATE post_metrics SET failures = failed.failures, last_error = failed.error, next_poll_at = failed.next_poll_at,
         leased_until = 0, updated_at = ?1
       FROM (SELECT json_extract(value, '$.postId') AS post_id, json_extract(value, '$.failures') AS failures,
               json_extract(value, '$.error') AS error, json_extract(value, '$.nextPollAt') AS next_poll_at,
               json_extract(value, '$.leaseUntil') AS lease_until
             FROM json_each(?2)) AS failed
       WHERE post_metrics.post_id = failed.post_id AND post_metrics.leased_until = failed.lease_until`,
    )
    .bind(now, JSON.stringify(rows));
}

/** Posts leased under this lease that were not read: free for the next run at once. */
export function releaseLeasesStatement(db: Database, postIds: readonly string[], leaseUntil: number) {
  return db
    .prepare(`UPDATE post_metrics SET leased_until = 0 WHERE post_id IN (SELECT value FROM json_each(?1)) AND leased_until = ?2`)
    .bind(JSON.stringify(postIds), leaseUntil);
}

/** Posts X no longer has: no more polls. */
export function stopTrackingStatement(db: Database, postIds: readonly string[], now: number, error: string) {
  return db
    .prepare(
      `UPDATE post_metrics SET next_poll_at = NULL, leased_until = 0, matured_at = ?1, last_error = ?2, updated_at = ?1
       WHERE post_id IN (SELECT value FROM json_each(?3))`,
    )
    .bind(now, error, JSON.stringify(postIds));
}

const maturingSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    user_id: z.string(),
    network: networkSchema,
    content: z.string(),
    posted_at: z.number(),
    campaign_week: z.number().int(),
    impressions: z.number().int(),
    likes: z.number().int(),
    reposts: z.number().int(),
    replies: z.number().int(),
    quotes: z.number().int(),
    bookmarks: z.number().int(),
    polled_at: z.number().nullable(),
    read_text: z.string().nullable(),
    paid_partnership: z.number().int().nullable(),
    joined_at: z.number().nullable(),
    flagged: z.number().int(),
    confirmed: z.number().int(),
    week_rank: z.number().int(),
  })
  .transform((row) => ({
    postId: row.id,
    campaignId: row.campaign_id,
    userId: row.user_id,
    network: row.network,
    content: row.content,
    postedAt: row.posted_at,
    campaignWeek: row.campaign_week,
    metrics:
      row.polled_at === null
        ? null
        : {
            impressions: row.impressions,
            likes: row.likes,
            reposts: row.reposts,
            replies: row.replies,
            quotes: row.quotes,
            bookmarks: row.bookmarks,
          },
    readText: row.read_text,
    paidPartnership: row.paid_partnership === null ? null : row.paid_partnership === 1,
    joinedAt: row.joined_at,
    accountFlagged: row.flagged === 1,
    payoutConfirmed: row.confirmed === 1,
    weekRank: row.week_rank,
  }));
export type MaturingPost = z.infer<typeof maturingSchema>;

/**
 * Evaluating posts ready to mature: their maturity time has come and X answered at or after it, or X kept failing
 * past the grace period. With what the rules need: the creator's join time, their rank among their posts of the
 * week, whether the account is flagged, and whether they already confirmed payout for the campaign. (The campaign's
 * rules are read once per campaign by the caller, not once per post.)
 */
export function listPostsReadyToMature(db: Database, input: { now: number; grace: number; limit: number }): Promise<MaturingPost[]> {
  return queryAll(
    db
      .prepare(
        `SELECT posts.id, posts.campaign_id, posts.user_id, posts.network, posts.content, posts.posted_at, posts.campaign_week,
           metrics.impressions, metrics.likes, metrics.reposts, metrics.replies, metrics.quotes, metrics.bookmarks, metrics.polled_at,
           metrics.read_text, metrics.paid_partnership, participant.joined_at,
           (flag.user_id IS NOT NULL) AS flagged,
           (confirmation.user_id IS NOT NULL) AS confirmed,
           1 + (SELECT COUNT(*) FROM posts AS earlier
                WHERE earlier.user_id = posts.user_id AND earlier.campaign_id = posts.campaign_id
                  AND earlier.campaign_week = posts.campaign_week AND earlier.status != 'deleted'
                  AND (earlier.posted_at < posts.posted_at OR (earlier.posted_at = posts.posted_at AND earlier.id < posts.id))
               ) AS week_rank
         FROM post_metrics AS metrics
           JOIN posts ON posts.id = metrics.post_id
           LEFT JOIN campaign_participants AS participant
             ON participant.campaign_id = posts.campaign_id AND participant.user_id = posts.user_id
           LEFT JOIN account_flags AS flag ON flag.user_id = posts.user_id
           LEFT JOIN payout_confirmations AS confirmation
             ON confirmation.campaign_id = posts.campaign_id AND confirmation.user_id = posts.user_id
         WHERE metrics.matured_at IS NULL AND metrics.matures_at <= ?1 AND posts.status = 'evaluating'
           AND ((metrics.polled_at IS NOT NULL AND metrics.polled_at >= metrics.matures_at) OR metrics.matures_at + ?2 <= ?1)
         ORDER BY metrics.matures_at, posts.id
         LIMIT ?3`,
      )
      .bind(input.now, input.grace, input.limit),
    maturingSchema,
  );
}

/** The score each post matured with; no more polls. */
export function recordMaturedStatement(db: Database, rows: readonly { postId: string; score: number }[], now: number) {
  return db
    .prepare(
      `UPDATE post_metrics SET score = matured.score, matured_at = ?1, next_poll_at = NULL, leased_until = 0, updated_at = ?1
       FROM (SELECT json_extract(value, '$.postId') AS post_id, json_extract(value, '$.score') AS score FROM json_each(?2)) AS matured
       WHERE post_metrics.post_id = matured.post_id AND post_metrics.matured_at IS NULL`,
    )
    .bind(now, JSON.stringify(rows));
}

const weekPostSchema = z.object({ post_id: z.string(), score: z.number().int() });
const countSchema = z.object({ count: z.number().int() });

const bonusCandidates = `FROM posts LEFT JOIN post_metrics AS metrics ON metrics.post_id = posts.id
  WHERE posts.campaign_id = ? AND posts.campaign_week = ? AND posts.status IN ('eligible', 'eligible-bonus', 'claimed')`;

/** How many posts of a campaign week are eligible (or already claimed): the candidates for the bonus. */
export async function countBonusCandidates(db: Database, campaignId: string, week: number): Promise<number> {
  const rows = await queryAll(db.prepare(`SELECT COUNT(*) AS count ${bonusCandidates}`).bind(campaignId, week), countSchema);
  return rows[0]?.count ?? 0;
}

/** The best-scoring candidates of a campaign week, best first (ties: smaller post id), at most `limit`. */
export async function topBonusCandidates(db: Database, campaignId: string, week: number, limit: number) {
  const rows = await queryAll(
    db
      .prepare(
        `SELECT posts.id AS post_id, COALESCE(metrics.score, 0) AS score ${bonusCandidates}
         ORDER BY score DESC, posts.id ASC LIMIT ?`,
      )
      .bind(campaignId, week, limit),
    weekPostSchema,
  );
  return rows.map((row) => ({ postId: row.post_id, score: row.score }));
}

/** Published posts of a campaign still evaluating: the campaign cannot be evaluated before they mature. */
export async function countPostsAwaitingMaturity(db: Database, campaignId: string): Promise<number> {
  const rows = await queryAll(
    db
      .prepare(`SELECT COUNT(*) AS count FROM posts WHERE campaign_id = ? AND status = 'evaluating' AND network_post_id IS NOT NULL`)
      .bind(campaignId),
    countSchema,
  );
  return rows[0]?.count ?? 0;
}
