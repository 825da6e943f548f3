import type { Database } from "../../database.ts";
import type { Capabilities } from "../../capabilities.ts";
import { DAY } from "../../clock.ts";
import { deleteUnusedAttachmentsBefore } from "../../db/attachments.ts";
import { deleteRollupMessagesBefore } from "../../db/funnel-rollups.ts";
import { deleteReadNotificationsBefore } from "../../db/notifications.ts";
import { deleteClickSourcesBefore, deleteExpiredCustomers, deleteExpiredOrders } from "../../db/referral-links.ts";
import { utcDay } from "../analytics/event-rows.ts";
import { deleteExpiredCodes } from "../../db/one-time-codes.ts";
import { deleteExpiredRefreshTokens, deleteExpiredSessions, deleteRevokedSessions } from "../../db/sessions.ts";

/**
 * What the scheduler deletes because time passed (README "Retention", docs/decisions/036-events-out-of-d1.md). Each
 * sweep deletes in batches of `batchSize` rows, oldest first, by an index on its predicate, at most `maxBatches` a
 * run: a backlog is cleared over several minutes without one run holding the database.
 */
export const retentionPeriods = {
  /** A read notification stays on the creator's list for 90 days. */
  readNotifications: 90 * DAY,
  /** A revoked session is kept a day, for support to see why a sign-in ended. */
  revokedSessions: DAY,
  /** A one-time code is kept a day past its expiry (the resend limit reads its row). */
  oneTimeCodes: DAY,
  /** An upload no post uses is kept a week: a draft may wait that long to be posted. */
  unusedUploads: 7 * DAY,
  /** The queue redelivers a message for at most 4 days; its "counted" mark is kept a week. */
  analyticsRollupMessages: 7 * DAY,
  /** Clicks per device and address per day are read when a conversion is scored: within the longest attribution window. */
  clickSources: 91 * DAY,
} as const;

export type RetentionLimits = { batchSize: number; maxBatches: number };
export const defaultRetentionLimits: RetentionLimits = { batchSize: 500, maxBatches: 4 };

export type RetentionSweepName =
  | "read notifications"
  | "expired sessions"
  | "revoked sessions"
  | "expired refresh tokens"
  | "expired one-time codes"
  | "unused uploads"
  | "counted analytics messages"
  | "counted order ids"
  | "expired customer attributions"
  | "old click sources";

type Deps = Pick<Capabilities, "db" | "clock"> & { media?: R2Bucket };

async function inBatches(limits: RetentionLimits, deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < limits.maxBatches; batch += 1) {
    const count = await deleteBatch(limits.batchSize);
    deleted += count;
    if (count < limits.batchSize) break;
  }
  return deleted;
}

/** Deletes the rows of unused uploads, then their images in R2 (a post claiming one meanwhile keeps it). */
async function sweepUnusedUploads(db: Database, media: R2Bucket, before: number, limit: number): Promise<number> {
  const keys = await deleteUnusedAttachmentsBefore(db, before, limit);
  if (keys.length > 0) await media.delete(keys);
  return keys.length;
}

/** The sweeps, in the order the scheduler runs them; each returns how many rows it deleted. */
export function retentionSweeps(
  { db, clock, media }: Deps,
  limits: RetentionLimits,
): Array<{ name: RetentionSweepName; run: () => Promise<number> }> {
  const now = clock.now();
  const sweep = (name: RetentionSweepName, deleteBatch: (limit: number) => Promise<number>) => ({
    name,
    run: () => inBatches(limits, deleteBatch),
  });
  return [
    sweep("read notifications", (limit) => deleteReadNotificationsBefore(db, now - retentionPeriods.readNotifications, limit)),
    // Tokens before sessions: an expired session's tokens expired with it, so deleting it cascades to few rows.
    sweep("expired refresh tokens", (limit) => deleteExpiredRefreshTokens(db, now, limit)),
    sweep("expired sessions", (limit) => deleteExpiredSessions(db, now, limit)),
    sweep("revoked sessions", (limit) => deleteRevokedSessions(db, now - retentionPeriods.revokedSessions, limit)),
    sweep("expired one-time codes", (limit) => deleteExpiredCodes(db, now - retentionPeriods.oneTimeCodes, limit)),
    ...(media === undefined
      ? []
      : [sweep("unused uploads", (limit) => sweepUnusedUploads(db, media, now - retentionPeriods.unusedUploads, limit))]),
    sweep("counted analytics messages", (limit) => deleteRollupMessagesBefore(db, now - retentionPeriods.analyticsRollupMessages, limit)),
    // An order id counts once per account for 7 days; a customer stays credited to a click for the campaign's window.
    sweep("counted order ids", (limit) => deleteExpiredOrders(db, now, limit)),
    sweep("expired customer attributions", (limit) => deleteExpiredCustomers(db, now, limit)),
    sweep("old click sources", (limit) => deleteClickSourcesBefore(db, utcDay(now - retentionPeriods.clickSources), limit)),
  ];
}
