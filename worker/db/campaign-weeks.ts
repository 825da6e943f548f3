import { z } from "zod";
import { queryAll } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * campaign_weeks (migration 0004): a campaign week whose posts have all matured and whose bonus posts were chosen.
 * The row is written last in the batch that marks the bonus posts, and every statement of that batch runs only while
 * the row is absent, so a week is closed once however many runs try.
 */
const closedWeekSchema = z.object({ campaign_id: z.string(), week: z.number().int() });

export async function closedWeeks(db: Database, campaignIds: readonly string[]): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await queryAll(
    db
      .prepare(`SELECT campaign_id, week FROM campaign_weeks WHERE campaign_id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(campaignIds)),
    closedWeekSchema,
  );
  return new Set(rows.map((row) => weekKey(row.campaign_id, row.week)));
}

export function weekKey(campaignId: string, week: number): string {
  return `${campaignId}#${week}`;
}

const busySchema = z.object({ busy: z.number().int() });

/**
 * Whether the week still has published posts evaluating (not closable yet): one look into the partial index
 * posts_evaluating_by_week (migration 0022), whose condition the query repeats.
 */
export async function weekHasEvaluatingPosts(db: Database, campaignId: string, week: number): Promise<boolean> {
  const rows = await queryAll(
    db
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM posts WHERE campaign_id = ? AND campaign_week = ? AND status = 'evaluating' AND network_post_id IS NOT NULL) AS busy`,
      )
      .bind(campaignId, week),
    busySchema,
  );
  return rows[0]?.busy === 1;
}

/** The condition under which the statements closing a week may run: it is not closed yet. */
export function weekStillOpenGuard(campaignId: string, week: number) {
  return {
    sql: `NOT EXISTS (SELECT 1 FROM campaign_weeks WHERE campaign_id = ? AND week = ?)`,
    params: [campaignId, week],
  };
}

export function markBonusPostsStatement(db: Database, campaignId: string, week: number, postIds: readonly string[], now: number) {
  return db
    .prepare(
      `UPDATE post_metrics SET bonus = 1, updated_at = ?1
       WHERE post_id IN (SELECT value FROM json_each(?2))
         AND NOT EXISTS (SELECT 1 FROM campaign_weeks WHERE campaign_id = ?3 AND week = ?4)`,
    )
    .bind(now, JSON.stringify(postIds), campaignId, week);
}

export function closeWeekStatement(db: Database, campaignId: string, week: number, bonusPosts: number, now: number) {
  return db
    .prepare(`INSERT INTO campaign_weeks (campaign_id, week, bonus_posts, closed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`)
    .bind(campaignId, week, bonusPosts, now);
}

const countSchema = z.object({ count: z.number().int() });

export async function countClosedWeeks(db: Database, campaignId: string): Promise<number> {
  const rows = await queryAll(
    db.prepare(`SELECT COUNT(*) AS count FROM campaign_weeks WHERE campaign_id = ?`).bind(campaignId),
    countSchema,
  );
  return rows[0]?.count ?? 0;
}
