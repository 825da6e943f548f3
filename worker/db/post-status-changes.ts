import type { StatusReason } from "../contracts/campaign-rules.ts";
import type { PostStatus } from "../contracts/vocabulary.ts";
import { noGuard, type StatementGuard } from "./ledger.ts";
import type { Database } from "../database.ts";

/**
 * The rewards engine's changes to post statuses, many posts per statement. Each change names the status it expects
 * the post to have (`from`), so a change applied twice, or by two runs at once, happens once.
 */
export type PostStatusChange = { postId: string; status: PostStatus; reasons?: readonly StatusReason[] };

export function changePostStatusesStatement(
  db: Database,
  input: { changes: readonly PostStatusChange[]; from: readonly PostStatus[]; now: number; guard?: StatementGuard },
) {
  const guard = input.guard ?? noGuard;
  const rows = input.changes.map((change) => ({
    id: change.postId,
    status: change.status,
    reasons: change.reasons === undefined ? null : JSON.stringify(change.reasons),
  }));
  return db
    .prepare(
      `UPDATE posts SET status = change.status, status_reasons = COALESCE(change.reasons, posts.status_reasons), updated_at = ?1
       FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.status') AS status,
               json_extract(value, '$.reasons') AS reasons FROM json_each(?2)) AS change
       WHERE posts.id = change.id AND posts.status IN (SELECT value FROM json_each(?3)) AND ${guard.sql}`,
    )
    .bind(input.now, JSON.stringify(rows), JSON.stringify(input.from), ...guard.params);
}

/**
 * At evaluation, eligible posts nobody claimed expire: `eligible` → `expired`, `eligible-bonus` → `expired-bonus`.
 * Evaluating posts that never reached X (no X id: the publishing request died) end as not-eligible.
 */
export function expireUnclaimedStatements(db: Database, campaignId: string, now: number, guard: StatementGuard = noGuard) {
  const reasons = JSON.stringify([{ code: "not-claimed", message: "Payout was not confirmed before the campaign was evaluated." }]);
  const unpublished = JSON.stringify([{ code: "not-published", message: "The post never reached X." }]);
  return [
    db
      .prepare(
        `UPDATE posts SET status = CASE status WHEN 'eligible' THEN 'expired' ELSE 'expired-bonus' END,
           status_reasons = ?3, updated_at = ?2
         WHERE campaign_id = ?1 AND status IN ('eligible', 'eligible-bonus') AND ${guard.sql}`,
      )
      .bind(campaignId, now, reasons, ...guard.params),
    db
      .prepare(
        `UPDATE posts SET status = 'not-eligible', status_reasons = ?3, updated_at = ?2
         WHERE campaign_id = ?1 AND status = 'evaluating' AND network_post_id IS NULL AND ${guard.sql}`,
      )
      .bind(campaignId, now, unpublished, ...guard.params),
  ];
}
