import { z } from "zod";
import { queryAll } from "./query.ts";

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

const auditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    actor_user_id: z.string().nullable(),
    subject_user_id: z.string().nullable(),
    outcome: z.enum(["allowed", "refused"]),
    detail: z.string().transform((text) => z.record(z.string(), z.unknown()).parse(JSON.parse(text))),
    created_at: z.number().int(),
  })
  .transform((row) => ({
    id: row.id,
    action: row.action,
    actorUserId: row.actor_user_id,
    subjectUserId: row.subject_user_id,
    outcome: row.outcome,
    detail: row.detail,
    at: row.created_at,
  }));
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The newest entries whose action starts with `actionPrefix` (say `admin.`), newest first. */
export function listAuditEntries(db: D1Database, actionPrefix: string, limit: number): Promise<AuditEntry[]> {
  return queryAll(
    db
      .prepare(`SELECT * FROM audit_log WHERE substr(action, 1, length(?1)) = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2`)
      .bind(actionPrefix, limit),
    auditEntrySchema,
  );
}
