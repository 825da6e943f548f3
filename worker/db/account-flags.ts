/** account_flags (migration 0004): accounts whose posts are not eligible and, if flagged before evaluation, not rewarded. */
export function flagAccountStatement(db: D1Database, input: { userId: string; reason: string; now: number }) {
  return db
    .prepare(`INSERT INTO account_flags (user_id, reason, flagged_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`)
    .bind(input.userId, input.reason, input.now);
}
