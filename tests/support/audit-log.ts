import { z } from "zod";

/** The audit log as an operator reads it (the product only appends to it: worker/db/audit-log.ts). */
const auditDetailSchema = z.record(z.string(), z.unknown());

const auditEntrySchema = z
  .object({
    id: z.number().int(),
    action: z.string(),
    actor_user_id: z.string().nullable(),
    subject_user_id: z.string().nullable(),
    outcome: z.enum(["allowed", "refused"]),
    detail: z.string().transform((text) => auditDetailSchema.parse(JSON.parse(text))),
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
export async function listAuditEntries(db: D1Database, actionPrefix: string, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .prepare(`SELECT * FROM audit_log WHERE substr(action, 1, length(?1)) = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2`)
    .bind(actionPrefix, limit)
    .all();
  return auditEntrySchema.array().parse(rows.results);
}
