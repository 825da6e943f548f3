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
import { rulesOf } from "../../contracts/networks/registry.ts";
import type { Network } from "../../contracts/networks/rules.ts";
import type { StatusReason } from "../../contracts/campaign-rules.ts";
import { NetworkError, type PostsRead } from "../networks/adapter.ts";
import type { PollingDeps } from "./deps.ts";
import { nextPollAfterFailure, nextPollAfterSuccess } from "./poll-schedule.ts";
import { scoreOf } from "./scoring.ts";

/**
 * Metrics from the network for posts still evaluating. Each run leases the posts that are due (so two runs never ask
 * about the same post), reads them through the network's adapter — with the post owner's own access where the network
 * needs it (one batch read of up to the network's batch size per owner, X), in batches across owners where counts are
 * public (Bluesky) — within a budget of network calls per run, and writes every answer
 * back in one batch: the counts, the text as the network shows it now and whether its paid-partnership label is on
 * (docs/decisions/041-disclosure.md). A post the network no longer has becomes `deleted`. Failures back off per post
 * and respect the network's "slow down"; a run that dies mid-way leaves leases that expire.
 */
export type PollingLimits = {
  /** Posts leased per run. */
  postsPerRun: number;
  /** Calls to networks per run (batch reads and token refreshes): keeps a run inside the Workers subrequest limit. */
  xCallsPerRun: number;
  /** How long a run holds its posts. */
  leaseMs: number;
};

export const defaultPollingLimits: PollingLimits = { postsPerRun: 2_000, xCallsPerRun: 40, leaseMs: 5 * 60 * 1000 };

/** Why a post the network no longer has is `deleted` (code `deleted-on-x`, `deleted-on-bluesky`). */
export function deletedOnNetworkReason(network: Network): StatusReason {
  return { code: `deleted-on-${network}`, message: `${rulesOf(network).name} no longer has this post.` };
}

export type PollReport = { polled: number; deleted: number; failed: number; deferred: number; xCalls: number };

function describeFailure(error: unknown): string {
  if (error instanceof NetworkError && error.kind === "missing-access") {
    return `no usable ${rulesOf(error.network).name} access: ${error.message}`;
  }
  if (error instanceof NetworkError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The posts of a run in the groups they are read in: one per network and owner where reads take the owner's access
 * there, one per network where counts are public (all of its posts, in batches of the network's size).
 */
export function readGroups<Target extends { network: Network; userId: string }>(targets: readonly Target[]): Target[][] {
  const groups = new Map<string, Target[]>();
  for (const target of targets) {
    const key = rulesOf(target.network).readsNeedAuthorAccess ? `${target.network} ${target.userId}` : target.network;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [target]);
    else group.push(target);
  }
  return [...groups.values()];
}

export async function pollDueMetrics(deps: PollingDeps, limits: PollingLimits = defaultPollingLimits): Promise<PollReport> {
  const { db, clock } = deps;
  const now = clock.now();
  const leased = await leaseDuePosts(db, { now, leaseUntil: now + limits.leaseMs, limit: limits.postsPerRun });
  const report: PollReport = { polled: 0, deleted: 0, failed: 0, deferred: 0, xCalls: 0 };
  if (leased.length === 0) return report;

  const byOwner = readGroups(await findPollTargets(db, leased));
  const polled: PolledMetrics[] = [];
  const failed: FailedPoll[] = [];
  const deleted: PollTarget[] = [];
  const deferred: string[] = [];
  const fail = (posts: readonly PollTarget[], error: unknown) => {
    const retryNotBefore = error instanceof NetworkError ? error.retryAt : null;
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

  for (const posts of byOwner) {
    const [first] = posts;
    if (first === undefined) continue;
    const adapter = deps.networks(first.network);
    const ownerId = first.userId;
    if (report.xCalls >= limits.xCallsPerRun) {
      deferred.push(...posts.map((post) => post.postId));
      continue;
    }
    // Counted as a call: the adapter may have to refresh the owner's access through the network.
    if (adapter.rules.readsNeedAuthorAccess) report.xCalls += 1;
    // A rate limit, or access that is gone, holds for the owner's other batches too.
    let ownerFailure: unknown = null;
    for (const batch of chunked(posts, adapter.rules.readBatchSize)) {
      if (ownerFailure !== null) {
        fail(batch, ownerFailure);
        continue;
      }
      if (report.xCalls >= limits.xCallsPerRun) {
        deferred.push(...batch.map((post) => post.postId));
        continue;
      }
      report.xCalls += 1;
      let answer: PostsRead;
      try {
        answer = await adapter.readPosts(
          ownerId,
          batch.map((post) => post.xPostId),
        );
      } catch (error) {
        if (error instanceof NetworkError && ["rate-limited", "missing-access", "access-revoked"].includes(error.kind))
          ownerFailure = error;
        fail(batch, error);
        continue;
      }
      const found = new Map(answer.found.map((post) => [post.id, post]));
      const missing = new Set(answer.missing);
      for (const post of batch) {
        const seen = found.get(post.xPostId);
        if (seen?.metrics) {
          const metrics = seen.metrics;
          const polls = post.polls + 1;
          polled.push({
            postId: post.postId,
            ...metrics,
            readText: seen.text,
            paidPartnership: seen.paidPartnership,
            score: scoreOf(metrics, post.scoreWeights, post.network),
            polls,
            nextPollAt: nextPollAfterSuccess({ now, maturesAt: post.maturesAt, polls }),
          });
        } else if (missing.has(post.xPostId)) {
          deleted.push(post);
        } else {
          fail(
            [post],
            new Error(
              seen === undefined ? `${adapter.rules.name} did not mention the post` : `${adapter.rules.name} answered without metrics`,
            ),
          );
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
        changes: deleted.map((post) => ({ postId: post.postId, status: "deleted", reasons: [deletedOnNetworkReason(post.network)] })),
        from: ["evaluating"],
        now,
      }),
      stopTrackingStatement(
        db,
        deleted.map((post) => post.postId),
        now,
        "deleted on its network",
      ),
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
