import { z } from "zod";
import { sqlNotificationId } from "./notification-fanout.ts";
import { firstRow, queryAll, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The tables `terms_versions` and `terms_acceptances` (migration 0016, docs/decisions/032-spec-server-items.md
 * section 2): the published versions of the terms, how far each one's notification has gone out to creators, and
 * who accepted which version.
 */

export type TermsRow = {
  id: string;
  effectiveDate: string;
  summary: string;
  publishedBy: string;
  publishedAt: number;
  idempotencyKey: string;
  /** When the last page of creators was notified (or a newer version took over); null while the fan-out goes on. */
  fanOutDoneAt: number | null;
};

const termsColumns = {
  id: z.string(),
  effective_date: z.string(),
  summary: z.string(),
  published_by: z.string(),
  published_at: z.number().int(),
  idempotency_key: z.string(),
  fanout_done_at: z.number().int().nullable(),
};

function toTerms(row: z.infer<z.ZodObject<typeof termsColumns>>): TermsRow {
  return {
    id: row.id,
    effectiveDate: row.effective_date,
    summary: row.summary,
    publishedBy: row.published_by,
    publishedAt: row.published_at,
    idempotencyKey: row.idempotency_key,
    fanOutDoneAt: row.fanout_done_at,
  };
}

const termsRowSchema = z.object(termsColumns).transform(toTerms);

const TERMS_COLUMNS = "id, effective_date, summary, published_by, published_at, idempotency_key, fanout_done_at";

/** A new version; a second one with the same Idempotency-Key is ignored (the UNIQUE index). */
export function insertTermsVersionStatement(db: Database, terms: Omit<TermsRow, "fanOutDoneAt">) {
  return db
    .prepare(
      `INSERT INTO terms_versions (id, effective_date, summary, published_by, published_at, idempotency_key)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(terms.id, terms.effectiveDate, terms.summary, terms.publishedBy, terms.publishedAt, terms.idempotencyKey);
}

/**
 * Batched after the insert of `newTermsId`: older versions still being sent out stop (creators hear of the newest
 * terms only). Does nothing when the insert was ignored (a repeated Idempotency-Key), as the new row does not exist.
 */
export function closeOlderFanOutsStatement(db: Database, newTermsId: string, now: number) {
  return db
    .prepare(
      `UPDATE terms_versions SET fanout_done_at = ?1
       WHERE fanout_done_at IS NULL AND id <> ?2 AND EXISTS (SELECT 1 FROM terms_versions WHERE id = ?2)`,
    )
    .bind(now, newTermsId);
}

export function findTermsByKey(db: Database, idempotencyKey: string): Promise<TermsRow | null> {
  return queryFirst(
    db.prepare(`SELECT ${TERMS_COLUMNS} FROM terms_versions WHERE idempotency_key = ?`).bind(idempotencyKey),
    termsRowSchema,
  );
}

export function findTerms(db: Database, termsId: string): Promise<TermsRow | null> {
  return queryFirst(db.prepare(`SELECT ${TERMS_COLUMNS} FROM terms_versions WHERE id = ?`).bind(termsId), termsRowSchema);
}

/** The version in force: the newest published. */
export function latestTermsQuery(db: Database): Query<TermsRow | null> {
  return firstRow(db.prepare(`SELECT ${TERMS_COLUMNS} FROM terms_versions ORDER BY published_at DESC, id DESC LIMIT 1`), termsRowSchema);
}

/** The version in force with when the user accepted it (null: not yet), in one read; null before any version. */
export function latestTermsForUserQuery(db: Database, userId: string): Query<{ terms: TermsRow; acceptedAt: number | null } | null> {
  return firstRow(
    db
      .prepare(
        `SELECT ${TERMS_COLUMNS}, (SELECT accepted_at FROM terms_acceptances WHERE user_id = ? AND terms_version_id = terms_versions.id) AS accepted_at
         FROM terms_versions ORDER BY published_at DESC, id DESC LIMIT 1`,
      )
      .bind(userId),
    z
      .object({ ...termsColumns, accepted_at: z.number().int().nullable() })
      .transform((row) => ({ terms: toTerms(row), acceptedAt: row.accepted_at })),
  );
}

/** When the user accepted the version; null when they have not. */
export function acceptanceQuery(db: Database, userId: string, termsId: string): Query<{ acceptedAt: number } | null> {
  return firstRow(
    db.prepare(`SELECT accepted_at FROM terms_acceptances WHERE user_id = ? AND terms_version_id = ?`).bind(userId, termsId),
    z.object({ accepted_at: z.number().int() }).transform((row) => ({ acceptedAt: row.accepted_at })),
  );
}

/** The user accepts the version; accepting again keeps the first time. */
export function insertAcceptanceStatement(db: Database, userId: string, termsId: string, now: number) {
  return db
    .prepare(`INSERT INTO terms_acceptances (user_id, terms_version_id, accepted_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`)
    .bind(userId, termsId, now);
}

/** Versions whose notification has not reached every creator yet, oldest first. */
export function listUnfinishedFanOuts(db: Database, limit: number): Promise<TermsRow[]> {
  return queryAll(
    db.prepare(`SELECT ${TERMS_COLUMNS} FROM terms_versions WHERE fanout_done_at IS NULL ORDER BY published_at, id LIMIT ?`).bind(limit),
    termsRowSchema,
  );
}

/** The dedupe key of a version's notification to one user; all of one version share the prefix. */
export function termsNotificationDedupePrefix(termsId: string): string {
  return `terms-and-conditions:${termsId}:`;
}

/** The next page of creators after the version's cursor: `pageSize` user ids in order, through `user_roles_by_role`. */
const nextCreatorPage = (cursor: string, limit: string) =>
  `SELECT user_id FROM user_roles WHERE role = 'creator' AND user_id > COALESCE(${cursor}, '') ORDER BY user_id LIMIT ${limit}`;

/**
 * One page of the version's notification: the statement that notifies the next `pageSize` creators after its cursor
 * and the one that moves the cursor past them (or marks the fan-out done when the page was not full). Both read the
 * cursor from the row, so pages batched one after another each take the next creators, and a run that overlaps
 * another only meets notifications that already exist (the dedupe key `terms-and-conditions:{termsId}:{userId}`).
 * Nothing but the version's id and the page size travels to D1: no list of users, however many there are.
 */
export function termsFanOutPageStatements(
  db: Database,
  input: { termsId: string; title: string; body: string; link: string; pageSize: number; now: number },
): [D1PreparedStatement, D1PreparedStatement] {
  const notify = db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       SELECT ${sqlNotificationId}, page.user_id, 'terms-and-conditions', ?2, ?3, ?4, NULL, ?5 || page.user_id, ?7
       FROM terms_versions AS terms, (${nextCreatorPage("(SELECT fanout_after_user_id FROM terms_versions WHERE id = ?1)", "?6")}) AS page
       WHERE terms.id = ?1 AND terms.fanout_done_at IS NULL
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(input.termsId, input.title, input.body, input.link, termsNotificationDedupePrefix(input.termsId), input.pageSize, input.now);
  const page = nextCreatorPage("terms_versions.fanout_after_user_id", "?2");
  const advance = db
    .prepare(
      `UPDATE terms_versions
       SET fanout_after_user_id = COALESCE((SELECT MAX(user_id) FROM (${page})), fanout_after_user_id),
           fanout_done_at = CASE WHEN (SELECT COUNT(*) FROM (${page})) < ?2 THEN ?3 END
       WHERE id = ?1 AND fanout_done_at IS NULL`,
    )
    .bind(input.termsId, input.pageSize, input.now);
  return [notify, advance];
}
