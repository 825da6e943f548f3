/** Appends one entry to the audit log; entries are never changed or removed. */
export async function recordAudit(
  db: D1Database,
  entry: {
    action: string;
    actorUserId: string | null;
    subjectUserId: string | null;
    outcome: "allowed" | "refused";
    detail: Record<string, unknown>;
    at: number;
  },
): Promise<void> {
  await db
    .prepare(`INSERT INTO audit_log (action, actor_user_id, subject_user_id, outcome, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(entry.action, entry.actorUserId, entry.subjectUserId, entry.outcome, JSON.stringify(entry.detail), entry.at)
    .run();
}
