import type { Capabilities } from "../../capabilities.ts";
import type { AdHocNotification, AdHocNotificationResult } from "../../contracts/admin.ts";
import { AppError } from "../../contracts/errors.ts";
import { recordAudit } from "../../db/audit-log.ts";
import {
  announcementDedupePrefix,
  announcementPageStatements,
  findAnnouncement,
  insertAnnouncementStatement,
  listUnfinishedAnnouncements,
  type AnnouncementRow,
} from "../../db/announcements.ts";
import { isPublishedCampaign } from "../../db/notification-fanout.ts";
import { findDedupeFamily } from "../../db/notifications.ts";
import { defaultTermsFanOutLimits, type FanOutProgress, type TermsFanOutLimits } from "../terms/fan-out.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

/**
 * How an announcement goes out (the same shape as the terms notification's, docs/decisions/032 section 2): `pageSize`
 * users per statement, `pagesPerBatch` pages per D1 round trip; the admin's request sends one batch, each scheduler run
 * `batchesPerRun` more across announcements.
 */
export type AnnouncementFanOutLimits = TermsFanOutLimits;

/** 10,000 users when the admin sends, 50,000 a minute after: a million creators have it in 20 minutes. */
export const defaultAnnouncementFanOutLimits: AnnouncementFanOutLimits = defaultTermsFanOutLimits;

function sameNotification(sent: AnnouncementRow, input: AdHocNotification): boolean {
  const campaignId = input.audience.kind === "campaign" ? input.audience.campaignId : null;
  const sentCampaignId = sent.audience.kind === "campaign" ? sent.audience.campaignId : null;
  return sent.title === input.title && sent.body === input.message && sent.link === input.link && sentCampaignId === campaignId;
}

async function replay(db: Deps["db"], earlier: AnnouncementRow, input: AdHocNotification): Promise<AdHocNotificationResult> {
  if (!sameNotification(earlier, input)) {
    throw new AppError(409, "idempotency_key_reused", "This Idempotency-Key was already used for another notification: send a new one.", [
      { loc: ["header", "Idempotency-Key"], msg: "was already used for another notification" },
    ]);
  }
  return { notified: await notifiedCount(db, earlier.id), replayed: true };
}

async function notifiedCount(db: Deps["db"], announcementId: string): Promise<number> {
  return (await findDedupeFamily(db, announcementDedupePrefix(announcementId)))?.sent ?? 0;
}

/** One batch of pages of the announcement; how many users it notified, and whether the fan-out is over. */
export async function sendAnnouncementPages(
  { db, clock }: Deps,
  announcement: Pick<AnnouncementRow, "id" | "audience">,
  limits: Pick<AnnouncementFanOutLimits, "pageSize" | "pagesPerBatch">,
): Promise<FanOutProgress> {
  const now = clock.now();
  const statements = Array.from({ length: limits.pagesPerBatch }, () =>
    announcementPageStatements(db, {
      announcementId: announcement.id,
      audience: announcement.audience.kind,
      pageSize: limits.pageSize,
      now,
    }),
  ).flat();
  const results = await db.batch(statements);
  const notified = results.reduce((sum, result, index) => (index % 2 === 0 ? sum + result.meta.changes : sum), 0);
  const after = await findAnnouncement(db, announcement.id);
  return { notified, done: after === null || after.fanOutDoneAt !== null };
}

/**
 * Sends an admin's ad-hoc notification (`ad-hoc-notification`) to its audience: the announcement is stored with its
 * cursor and the first batch of pages goes at once; the scheduler sends the rest (`continueAnnouncements`). The same
 * Idempotency-Key again answers how many have it so far and notifies nobody; with other content it is refused.
 */
export async function sendAdHocNotification(
  deps: Deps,
  adminUserId: string,
  input: AdHocNotification,
  idempotencyKey: string,
  limits: Pick<AnnouncementFanOutLimits, "pageSize" | "pagesPerBatch"> = defaultAnnouncementFanOutLimits,
): Promise<AdHocNotificationResult> {
  const { db, clock } = deps;
  const earlier = await findAnnouncement(db, idempotencyKey);
  if (earlier !== null) return replay(db, earlier, input);
  if (input.audience.kind === "campaign" && !(await isPublishedCampaign(db, input.audience.campaignId))) {
    throw new AppError(400, "invalid_request", "audience.campaignId: there is no published campaign with this id", [
      { loc: ["body", "audience", "campaignId"], msg: "there is no published campaign with this id" },
    ]);
  }
  const now = clock.now();
  const announcement = { id: idempotencyKey, audience: input.audience };
  const inserted = await insertAnnouncementStatement(db, {
    ...announcement,
    title: input.title,
    body: input.message,
    link: input.link,
    createdBy: adminUserId,
    createdAt: now,
  }).run();
  if (inserted.meta.changes === 0) {
    // A concurrent call with the same key got there first: answer what it sent.
    const winner = await findAnnouncement(db, idempotencyKey);
    if (winner === null) throw new Error(`Announcement ${idempotencyKey} was neither inserted nor found`);
    return replay(db, winner, input);
  }
  const firstBatch = await sendAnnouncementPages(deps, announcement, limits);
  // A concurrent call with the same key may have sent some of them: the answer counts what the key sent.
  const notified = await notifiedCount(db, announcement.id);
  await recordAudit(db, {
    action: "admin.notification.sent",
    actorUserId: adminUserId,
    subjectUserId: null,
    outcome: "allowed",
    detail: {
      idempotencyKey,
      audience: input.audience,
      title: input.title,
      link: input.link,
      notified: firstBatch.notified,
      fanOutDone: firstBatch.done,
    },
    at: now,
  });
  return { notified, replayed: false };
}

/**
 * The scheduler's step: the announcements still being sent, oldest first, each as far as the run's budget of
 * batches goes. Overlapping runs are harmless (each page reads the cursor the last one left; notifications are
 * deduplicated per user).
 */
export async function continueAnnouncements(
  deps: Deps,
  limits: AnnouncementFanOutLimits = defaultAnnouncementFanOutLimits,
): Promise<{ notified: number }> {
  let notified = 0;
  let batches = 0;
  for (const announcement of await listUnfinishedAnnouncements(deps.db, limits.batchesPerRun)) {
    for (;;) {
      if (batches >= limits.batchesPerRun) return { notified };
      batches += 1;
      const progress = await sendAnnouncementPages(deps, announcement, limits);
      notified += progress.notified;
      if (progress.done) break;
    }
  }
  return { notified };
}
