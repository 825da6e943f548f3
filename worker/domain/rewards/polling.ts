import { XApiError, type XPostLookup } from "../../clients/x-client.ts";
import { chunked } from "../../contracts/collections.ts";
import {
  findPollTargets,
  leaseDuePosts,
  recordFailedPollsStatement,
  recordPolledMetricsStatement,
  releaseLeasesStatement,
  stopTrackingStatement,
  type FailedPoll,
  type PollTarget,
  type PolledMetrics,
} from "../../db/post-metrics.ts";
import { changePostStatusesStatement } from "../../db/post-status-changes.ts";
import { MissingXAccessError } from "../accounts/x-credentials.ts";
import type { PollingDeps } from "./deps.ts";
import { nextPollAfterFailure, nextPollAfterSuccess } from "./poll-schedule.ts";
import { metricsFromX, scoreOf } from "./scoring.ts";

/**
 * Metrics from X for posts still evaluating. Each run leases the posts that are due (so two runs never ask X about
 * the same post), asks X with the post owner's own token — one lookup of up to 100 posts per owner — within a
 * budget of X calls per run, and writes every answer back in one batch. A post X no longer has becomes `deleted`.
 * Failures back off per post and respect X's rate-limit reset; a run that dies mid-way leaves leases that expire.
 */
export type PollingLimits = {
  /** Posts leased per run. */
  postsPerRun: number;
  /** Calls to X per run (lookups and token refreshes): keeps a run inside the Workers subrequest limit. */
  xCallsPerRun: number;
  /** How long a run holds its posts. */
  leaseMs: number;
};

export const defaultPollingLimits: PollingLimits = { postsPerRun: 2_000, xCallsPerRun: 40, leaseMs: 5 * 60 * 1000 };

/** X answers at most this many ids per lookup. */
const LOOKUP_BATCH = 100;

export const deletedOnXReason = { code: "deleted-on-x", message: "X no longer has this post." };

export type PollReport = { polled: number; deleted: number; failed: number; deferred: number; xCalls: number };

function describeFailure(error: unknown): string {
  if (error instanceof MissingXAccessError) return `no usable X access: ${error.message}`;
  if (error instanceof XApiError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export async function pollDueMetrics(deps: PollingDeps, limits: PollingLimits = defaultPollingLimits): Promise<PollReport> {
  const { db, clock, xClient } = deps;
  const now = clock.now();
  const leased = await leaseDuePosts(db, { now, leaseUntil: now + limits.leaseMs, limit: limits.postsPerRun });
  const report: PollReport = { polled: 0, deleted: 0, failed: 0, deferred: 0, xCalls: 0 };
  if (leased.length === 0) return report;

  const byOwner = new Map<string, PollTarget[]>();
  for (const target of await findPollTargets(db, leased)) {
    byOwner.set(target.userId, [...(byOwner.get(target.userId) ?? []), target]);
  }
  const polled: PolledMetrics[] = [];
  const failed: FailedPoll[] = [];
  const deleted: string[] = [];
  const deferred: string[] = [];
  const fail = (posts: readonly PollTarget[], error: unknown) => {
    const retryNotBefore = error instanceof XApiError ? error.rateLimitResetAt : null;
    for (const post of posts) {
      const failures = post.failures + 1;
      failed.push({
        postId: post.postId,
        failures,
        error: describeFailure(error).slice(0, 500),
        nextPollAt: nextPollAfterFailure({ now, failures, retryNotBefore }),
      });
    }
  };

  for (const [ownerId, posts] of byOwner) {
    if (report.xCalls >= limits.xCallsPerRun) {
      deferred.push(...posts.map((post) => post.postId));
      continue;
    }
    let accessToken: string;
    try {
      // Counted as a call: it may have to refresh the token through X.
      report.xCalls += 1;
      accessToken = await deps.accessTokenFor(ownerId);
    } catch (error) {
      fail(posts, error);
      continue;
    }
    let rateLimited: unknown = null;
    for (const batch of chunked(posts, LOOKUP_BATCH)) {
      if (rateLimited !== null) {
        fail(batch, rateLimited);
        continue;
      }
      if (report.xCalls >= limits.xCallsPerRun) {
        deferred.push(...batch.map((post) => post.postId));
        continue;
      }
      report.xCalls += 1;
      let answer: XPostLookup;
      try {
        answer = await xClient.lookupPosts(
          accessToken,
          batch.map((post) => post.xPostId),
        );
      } catch (error) {
        if (error instanceof XApiError && error.isRateLimited) rateLimited = error;
        fail(batch, error);
        continue;
      }
      const found = new Map(answer.found.map((post) => [post.id, post]));
      const missing = new Set(answer.missing);
      for (const post of batch) {
        const seen = found.get(post.xPostId);
        if (seen?.metrics) {
          const metrics = metricsFromX(seen.metrics);
          const polls = post.polls + 1;
          polled.push({
            postId: post.postId,
            ...metrics,
            score: scoreOf(metrics, post.scoreWeights),
            polls,
            nextPollAt: nextPollAfterSuccess({ now, maturesAt: post.maturesAt, polls }),
          });
        } else if (missing.has(post.xPostId)) {
          deleted.push(post.postId);
        } else {
          fail([post], new Error(seen === undefined ? "X did not mention the post" : "X answered without public metrics"));
        }
      }
    }
  }

  const statements: D1PreparedStatement[] = [];
  if (polled.length > 0) statements.push(recordPolledMetricsStatement(db, polled, now));
  if (failed.length > 0) statements.push(recordFailedPollsStatement(db, failed, now));
  if (deleted.length > 0) {
    statements.push(
      changePostStatusesStatement(db, {
        changes: deleted.map((postId) => ({ postId, status: "deleted", reasons: [deletedOnXReason] })),
        from: ["evaluating"],
        now,
      }),
      stopTrackingStatement(db, deleted, now, "deleted on X"),
    );
  }
  if (deferred.length > 0) statements.push(releaseLeasesStatement(db, deferred));
  if (statements.length > 0) await db.batch(statements);

  report.polled = polled.length;
  report.deleted = deleted.length;
  report.failed = failed.length;
  report.deferred = deferred.length;
  if (failed.length > 0) {
    const sample = failed[0]?.error ?? "";
    console.warn(`Metrics polling: ${failed.length} post(s) failed and will be retried with backoff (first: ${sample})`);
  }
  return report;
}
