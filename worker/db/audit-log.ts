import type { Database } from "../database.ts";

export type NewAuditEntry = {
  action: string;
  actorUserId: string | null;
  subjectUserId: string | null;
  outcome: "allowed" | "refused";
  detail: Record<string, unknown>;
  at: number;
};

/** Appends one entry to the audit log (in a batch with the change it records); entries are never changed or removed. */
export function recordAuditStatement(db: Database, entry: NewAuditEntry): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO audit_log (action, actor_user_id, subject_user_id, outcome, detail, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(entry.action, entry.actorUserId, entry.subjectUserId, entry.outcome, JSON.stringify(entry.detail), entry.at);
}

export async function recordAudit(db: Database, entry: NewAuditEntry): Promise<void> {
  await recordAuditStatement(db, entry).run();
}

/** Counts one failed spoofing attempt of a source in its hour. Nothing the caller sent is stored, only why it failed. */
export async function countSpoofingFailure(
  db: Database,
  failure: { sourceHash: string; hourStart: number; reason: string; at: number },
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO spoofing_failures (source_hash, hour_start, failures, last_reason, last_failed_at) VALUES (?1, ?2, 1, ?3, ?4)
       ON CONFLICT (source_hash, hour_start) DO UPDATE SET failures = failures + 1, last_reason = ?3, last_failed_at = ?4`,
    )
    .bind(failure.sourceHash, failure.hourStart, failure.reason, failure.at)
    .run();
}
