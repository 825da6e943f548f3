import type { Clock } from "../../clock.ts";
import { deleteUnpublishedPost, listStaleReservations, markPostPublished, recordedNetworkPostIds, type Post } from "../../db/posts.ts";
import { NetworkError, type NetworkAdapter, type RecentPost } from "../networks/adapter.ts";
import type { Networks } from "../networks/registry.ts";
import { trackingFrom } from "../rewards/poll-schedule.ts";
import type { Database } from "../../database.ts";

/**
 * The reservation row of a post is its write-ahead record (docs/decisions/026-data-hardening.md): written before X is
 * called, completed with the network's id after. A reservation still without an id after this long belongs to a request
 * that died between the network and D1 (or before it): publishing takes at most five network calls of 10 s each.
 */
export const ABANDONED_AFTER_MS = 2 * 60 * 1000;
/** The network's clock and the worker's differ a little: a copy may look slightly older than its reservation. */
const CLOCK_SKEW_MS = 60 * 1000;
/** Posts of the creator's timeline read to find a copy: far more than anyone posts in the minutes that matter. */
const TIMELINE_DEPTH = 100;
/** Stale reservations reconciled per scheduler run (one or two network calls each). */
const RECONCILE_BATCH = 20;

const comparable = (text: string) => text.normalize("NFC").trim();

/**
 * The post on the network that a reservation published, if it did: a post of the creator's timeline since the
 * reservation (or since `since`, an earlier attempt of the same text), with the reserved text, that no post of Chorus
 * records yet. The oldest such post, which is the first attempt's.
 */
export async function findPublishedCopy(
  deps: { db: Database; adapter: Pick<NetworkAdapter, "recentPosts"> },
  reservation: Pick<Post, "userId" | "content" | "createdAt">,
  since = reservation.createdAt,
): Promise<RecentPost | null> {
  const timeline = await deps.adapter.recentPosts(reservation.userId, { since: since - CLOCK_SKEW_MS, limit: TIMELINE_DEPTH });
  const wanted = comparable(reservation.content);
  const matches = timeline.filter((post) => comparable(post.text) === wanted);
  if (matches.length === 0) return null;
  const recorded = await recordedNetworkPostIds(
    deps.db,
    matches.map((post) => post.id),
  );
  return matches.filter((post) => !recorded.has(post.id)).at(-1) ?? null;
}

/** Completes a reservation with the post found on X. False if another request or run completed it first. */
export async function adoptPublishedCopy(db: Database, reservation: Post, copy: RecentPost, now: number): Promise<boolean> {
  try {
    return await markPostPublished(db, reservation.id, { networkPostId: copy.id, postedAt: copy.createdAt }, trackingFrom(now));
  } catch (error) {
    // The unique index on network_post_id: another reservation adopted the same copy a moment ago.
    if (error instanceof Error && /UNIQUE/i.test(error.message)) return false;
    throw error;
  }
}

export type ReconcileDeps = { db: Database; clock: Clock; networks: Networks };

export type ReconcileReport = { adopted: number; released: number; failed: number };

export const emptyReconcileReport: ReconcileReport = { adopted: 0, released: 0, failed: 0 };

/**
 * The scheduler's step for abandoned reservations: each is adopted (its copy on the network is recorded, so the post
 * is tracked and rewarded like any other) or released (deleted and its images freed) when the network holds no copy.
 * A creator whose access is gone cannot be asked, and a post Chorus cannot read would never be tracked: released too.
 * When the network does not answer, the reservation waits for the next run.
 */
export async function reconcileStaleReservations(deps: ReconcileDeps, batch = RECONCILE_BATCH): Promise<ReconcileReport> {
  const report = { ...emptyReconcileReport };
  const stale = await listStaleReservations(deps.db, deps.clock.now() - ABANDONED_AFTER_MS, batch);
  for (const reservation of stale) {
    let copy: RecentPost | null;
    try {
      copy = await findPublishedCopy({ db: deps.db, adapter: deps.networks(reservation.network) }, reservation);
    } catch (error) {
      const accessGone = error instanceof NetworkError && (error.kind === "missing-access" || error.kind === "access-revoked");
      if (!accessGone) {
        report.failed += 1;
        continue;
      }
      copy = null;
    }
    if (copy !== null && (await adoptPublishedCopy(deps.db, reservation, copy, deps.clock.now()))) {
      report.adopted += 1;
    } else {
      await deleteUnpublishedPost(deps.db, reservation.id);
      report.released += 1;
    }
  }
  return report;
}
