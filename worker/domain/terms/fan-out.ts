import type { Capabilities } from "../../capabilities.ts";
import { findDedupeFamily } from "../../db/notifications.ts";
import {
  findTerms,
  listUnfinishedFanOuts,
  termsFanOutPageStatements,
  termsNotificationDedupePrefix,
  type TermsRow,
} from "../../db/terms.ts";
import { termsChangedNotice } from "../notifications/events.ts";

/**
 * The `terms-and-conditions` notification of a version goes to every creator page by page (docs/decisions/032
 * section 2): a page is one INSERT … SELECT of the next `pageSize` creators in user id order after the version's
 * cursor, followed by the UPDATE that moves the cursor; `pagesPerBatch` pages go in one D1 round trip. Publishing sends
 * the first batch; the scheduler sends `batchesPerRun` more each minute until a page comes back short.
 */
export type TermsFanOutLimits = {
  /** Creators per statement. */
  pageSize: number;
  /** Pages per D1 batch (two statements each). */
  pagesPerBatch: number;
  /** Batches per scheduler run, across versions. */
  batchesPerRun: number;
};

/** 10,000 creators when an admin publishes, 50,000 a minute after: a million creators hear of new terms in 20 minutes. */
export const defaultTermsFanOutLimits: TermsFanOutLimits = { pageSize: 1_000, pagesPerBatch: 10, batchesPerRun: 5 };

type Deps = Pick<Capabilities, "db" | "clock">;

export type FanOutProgress = { notified: number; done: boolean };

/** One batch of pages of the version's notification; how many were notified by it, and whether the fan-out is over. */
export async function sendTermsPages(
  { db, clock }: Deps,
  terms: Pick<TermsRow, "id" | "effectiveDate" | "summary">,
  limits: Pick<TermsFanOutLimits, "pageSize" | "pagesPerBatch">,
): Promise<FanOutProgress> {
  const now = clock.now();
  const notice = termsChangedNotice(terms);
  const statements = Array.from({ length: limits.pagesPerBatch }, () =>
    termsFanOutPageStatements(db, { termsId: terms.id, ...notice, pageSize: limits.pageSize, now }),
  ).flat();
  const results = await db.batch(statements);
  const notified = results.reduce((sum, result, index) => (index % 2 === 0 ? sum + result.meta.changes : sum), 0);
  const after = await findTerms(db, terms.id);
  return { notified, done: after === null || after.fanOutDoneAt !== null };
}

/** How many creators have the version's notification. */
export async function termsNotifiedCount({ db }: Pick<Capabilities, "db">, termsId: string): Promise<number> {
  return (await findDedupeFamily(db, termsNotificationDedupePrefix(termsId)))?.sent ?? 0;
}

/**
 * The scheduler's step: the versions still being sent out, oldest first, each as far as the run's budget of batches
 * goes. Overlapping runs are harmless (each page reads the cursor the last one left; notifications are deduplicated).
 */
export async function continueTermsFanOuts(
  deps: Deps,
  limits: TermsFanOutLimits = defaultTermsFanOutLimits,
): Promise<{ notified: number }> {
  let notified = 0;
  let batches = 0;
  for (const terms of await listUnfinishedFanOuts(deps.db, limits.batchesPerRun)) {
    for (;;) {
      if (batches >= limits.batchesPerRun) return { notified };
      batches += 1;
      const progress = await sendTermsPages(deps, terms, limits);
      notified += progress.notified;
      if (progress.done) break;
    }
  }
  return { notified };
}
