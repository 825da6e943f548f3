import { z } from "zod";
import type { AdHocAudience } from "../contracts/admin.ts";
import { sqlNotificationId } from "./notification-fanout.ts";
import { queryAll, queryFirst } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The table `announcements` (migration 0030): an admin's ad-hoc notification and how far it has gone out to its
 * audience. The audience is notified page by page in user id order after the announcement's cursor, as the terms
 * notification is (worker/db/terms.ts `termsFanOutPageStatements`), so no statement grows with the audience.
 */

export type AnnouncementRow = {
  /** The admin's Idempotency-Key. */
  id: string;
  audience: AdHocAudience;
  title: string;
  body: string;
  link: string | null;
  createdAt: number;
  /** When the last page was notified; null while the fan-out goes on. */
  fanOutDoneAt: number | null;
};

const announcementSchema = z
  .object({
    id: z.string(),
    audience_kind: z.enum(["all-creators", "campaign"]),
    campaign_id: z.string().nullable(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    created_at: z.number().int(),
    fanout_done_at: z.number().int().nullable(),
  })
  .transform((row): AnnouncementRow => ({
    id: row.id,
    audience:
      row.audience_kind === "campaign" && row.campaign_id !== null
        ? { kind: "campaign", campaignId: row.campaign_id }
        : { kind: "all-creators" },
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.created_at,
    fanOutDoneAt: row.fanout_done_at,
  }));

const COLUMNS = "id, audience_kind, campaign_id, title, body, link, created_at, fanout_done_at";

/** The dedupe key of an announcement's notification to one user; all of one announcement share the prefix. */
export function announcementDedupePrefix(announcementId: string): string {
  return `ad-hoc:${announcementId}:`;
}

/** Stores an announcement before its first page; a second one with the same id (a retry) changes nothing. */
export function insertAnnouncementStatement(
  db: Database,
  input: { id: string; audience: AdHocAudience; title: string; body: string; link: string | null; createdBy: string; createdAt: number },
) {
  return db
    .prepare(
      `INSERT INTO announcements (id, audience_kind, campaign_id, title, body, link, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      input.id,
      input.audience.kind,
      input.audience.kind === "campaign" ? input.audience.campaignId : null,
      input.title,
      input.body,
      input.link,
      input.createdBy,
      input.createdAt,
    );
}

export function findAnnouncement(db: Database, id: string): Promise<AnnouncementRow | null> {
  return queryFirst(db.prepare(`SELECT ${COLUMNS} FROM announcements WHERE id = ?`).bind(id), announcementSchema);
}

/** Announcements whose audience has not all been notified yet, oldest first (through `announcements_unfinished`). */
export function listUnfinishedAnnouncements(db: Database, limit: number): Promise<AnnouncementRow[]> {
  return queryAll(
    db.prepare(`SELECT ${COLUMNS} FROM announcements WHERE fanout_done_at IS NULL ORDER BY created_at, id LIMIT ?`).bind(limit),
    announcementSchema,
  );
}

/**
 * The next page of the audience after a cursor: `limit` user ids in order, through `user_roles_by_role` for every
 * creator or `campaign_memberships_by_campaign` for one campaign's.
 */
function nextAudiencePage(audience: AdHocAudience["kind"], cursor: string, limit: string): string {
  return audience === "campaign"
    ? `SELECT user_id FROM campaign_memberships
       WHERE campaign_id = (SELECT campaign_id FROM announcements WHERE id = ?1) AND user_id > COALESCE(${cursor}, '')
       ORDER BY user_id LIMIT ${limit}`
    : `SELECT user_id FROM user_roles WHERE role = 'creator' AND user_id > COALESCE(${cursor}, '') ORDER BY user_id LIMIT ${limit}`;
}

/**
 * One page of the announcement: the statement that notifies the next `pageSize` users of its audience after its
 * cursor, and the one that moves the cursor past them (or marks the fan-out done when the page was not full). Both
 * read the cursor from the row, so pages batched one after another each take the next users, and a page that runs
 * again (an overlapping scheduler run, a retried batch) only meets notifications that already exist: the dedupe key
 * `ad-hoc:{id}:{userId}` makes each user's notification once.
 */
export function announcementPageStatements(
  db: Database,
  input: { announcementId: string; audience: AdHocAudience["kind"]; pageSize: number; now: number },
): [D1PreparedStatement, D1PreparedStatement] {
  const cursor = "(SELECT fanout_after_user_id FROM announcements WHERE id = ?1)";
  const notify = db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       SELECT ${sqlNotificationId}, page.user_id, 'ad-hoc-notification', a.title, a.body, a.link, a.campaign_id,
              ?2 || page.user_id, ?4
       FROM announcements AS a, (${nextAudiencePage(input.audience, cursor, "?3")}) AS page
       WHERE a.id = ?1 AND a.fanout_done_at IS NULL
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(input.announcementId, announcementDedupePrefix(input.announcementId), input.pageSize, input.now);
  const page = nextAudiencePage(input.audience, "announcements.fanout_after_user_id", "?2");
  const advance = db
    .prepare(
      `UPDATE announcements
       SET fanout_after_user_id = COALESCE((SELECT MAX(user_id) FROM (${page})), fanout_after_user_id),
           fanout_done_at = CASE WHEN (SELECT COUNT(*) FROM (${page})) < ?2 THEN ?3 END
       WHERE id = ?1 AND fanout_done_at IS NULL`,
    )
    .bind(input.announcementId, input.pageSize, input.now);
  return [notify, advance];
}
