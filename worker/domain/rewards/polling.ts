import {
  findPollTargets,
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
import type { Database } from "../../database.ts";
import { NetworkError, type PostsRead } from "../networks/adapter.ts";
import type { PollingDeps } from "./deps.ts";
import { nextPollAfterFailure, nextPollAfterSuccess } from "./poll-schedule.ts";
import { leaseDueReadGroups, type GroupingLimits, type ReadGroup } from "./read-groups.ts";
import { scoreOf } from "./scoring.ts";

/**
 * Metrics from the networks for posts still evaluating (docs/decisions/048-polling-fan-out.md). Each scheduler run
 * leases the posts that are due (so two runs never ask about the same post) in read groups of one network call each
 * (./read-groups.ts: an owner's posts filled up to X's batch size where reads need the owner's access, batches across
 * owners where counts are public), and puts the groups on the polling queue; the queue's consumer reads each group
 * through the network's adapter within a budget of network calls per invocation, and writes every answer back in one
 * batch: the counts, the text as the network shows it now and whether its paid-partnership label is on
 * (docs/decisions/041-disclosure.md). A post the network no longer has becomes `deleted`. Failures back off per post
 * and respect the network's "slow down"; an answer is written only to posts still held under the lease it was read
 * under, and a run or consumer that dies mid-way leaves leases that expire.
 */
export type PollingLimits = GroupingLimits & {
  /**
   * Calls to networks per invocation (batch reads, and a call for the owner's access where reads need it): keeps a
   * queue consumer, or a run that reads in-process, inside the Workers subrequest limit.
   */
  networkCallsPerInvocation: number;
};

const MINUTE_MS = 60 * 1000;

export const defaultPollingLimits: PollingLimits = {
  postsPerRun: 10_000,
  groupsPerRun: 2_000,
  pullAheadMs: 30 * MINUTE_MS,
  leaseMs: 5 * MINUTE_MS,
  networkCallsPerInvocation: 40,
};

/** Why a post the network no longer has is `deleted` (code `deleted-on-x`, `deleted-on-bluesky`). */
export function deletedOnNetworkReason(network: Network): StatusReason {
  return { code: `deleted-on-${network}`, message: `${rulesOf(network).name} no longer has this post.` };
}

export type PollReport = {
  polled: number;
  deleted: number;
  failed: number;
  /** Posts leased but not read in this invocation (released, or their group handed back to the queue). */
  deferred: number;
  networkCalls: number;
  /** Read groups put on the polling queue by this run. */
  queued: number;
};

export const emptyPollReport: PollReport = { polled: 0, deleted: 0, failed: 0, deferred: 0, networkCalls: 0, queued: 0 };

function describeFailure(error: unknown): string {
  if (error instanceof NetworkError && error.kind === "missing-access") {
    return `no usable ${rulesOf(error.network).name} access: ${error.message}`;
  }
  if (error instanceof NetworkError) return error.message;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Failures that hold for every later call of the same reader: the owner's (X) or the network's (counts read publicly). */
const holdsForReader = (error: unknown) =>
  error instanceof NetworkError && ["rate-limited", "missing-access", "access-revoked"].includes(error.kind);

/** What reading some groups did; `unread`: the groups the call budget did not reach (still leased, untouched). */
export type GroupsRead = { report: PollReport; unread: ReadGroup[] };

/** The targets of these groups still held under their leases, by post id (one query per lease; a delivery has few). */
async function heldTargets(db: Database, groups: readonly ReadGroup[]): Promise<Map<string, PollTarget>> {
  const byLease = new Map<number, string[]>();
  for (const group of groups) byLease.set(group.leaseUntil, [...(byLease.get(group.leaseUntil) ?? []), ...group.postIds]);
  const targets = new Map<string, PollTarget>();
  for (const [leaseUntil, postIds] of byLease) {
    for (const target of await findPollTargets(db, postIds, leaseUntil)) targets.set(target.postId, target);
  }
  return targets;
}

/**
 * Reads leased groups in order, one network call each (and one for the owner's access where the network needs it),
 * until `callBudget` is spent, and writes every answer back in one batch.
 */
export async function readLeasedGroups(deps: PollingDeps, groups: readonly ReadGroup[], callBudget: number): Promise<GroupsRead> {
  const { db, clock } = deps;
  const now = clock.now();
  const report: PollReport = { ...emptyPollReport };
  const unread: ReadGroup[] = [];
  if (groups.length === 0) return { report, unread };
  const targets = await heldTargets(db, groups);
  const polled: PolledMetrics[] = [];
  const failed: FailedPoll[] = [];
  const deleted: PollTarget[] = [];
  const fail = (posts: readonly PollTarget[], leaseUntil: number, error: unknown) => {
    const retryNotBefore = error instanceof NetworkError ? error.retryAt : null;
    for (const post of posts) {
      const failures = post.failures + 1;
      failed.push({
        postId: post.postId,
        leaseUntil,
        failures,
        error: describeFailure(error).slice(0, 500),
        nextPollAt: nextPollAfterFailure({ now, failures, retryNotBefore }),
      });
    }
  };
  // Where counts are read across owners, a network that said "slow down" is not asked again in this invocation.
  const networkFailures = new Map<Network, unknown>();

  for (const group of groups) {
    const posts = group.postIds.flatMap((postId) => targets.get(postId) ?? []);
    const [first] = posts;
    // Nothing of it is still held under its lease (a later run took the posts over, or they matured): nothing to read.
    if (first === undefined) continue;
    const adapter = deps.networks(group.network);
    const networkFailure = networkFailures.get(group.network);
    if (networkFailure !== undefined) {
      fail(posts, group.leaseUntil, networkFailure);
      continue;
    }
    const calls = adapter.rules.readsNeedAuthorAccess ? 2 : 1;
    if (report.networkCalls + calls > callBudget) {
      unread.push(group);
      report.deferred += posts.length;
      continue;
    }
    report.networkCalls += calls;
    let answer: PostsRead;
    try {
      answer = await adapter.readPosts(
        group.ownerId ?? first.userId,
        posts.map((post) => post.networkPostId),
      );
    } catch (error) {
      if (!adapter.rules.readsNeedAuthorAccess && holdsForReader(error)) networkFailures.set(group.network, error);
      fail(posts, group.leaseUntil, error);
      continue;
    }
    const found = new Map(answer.found.map((post) => [post.id, post]));
    const missing = new Set(answer.missing);
    for (const post of posts) {
      const seen = found.get(post.networkPostId);
      if (seen?.metrics) {
        const metrics = seen.metrics;
        const polls = post.polls + 1;
        polled.push({
          postId: post.postId,
          leaseUntil: group.leaseUntil,
          ...metrics,
          readText: seen.text,
          paidPartnership: seen.paidPartnership,
          score: scoreOf(metrics, post.scoreWeights, post.network),
          polls,
          nextPollAt: nextPollAfterSuccess({ now, maturesAt: post.maturesAt, polls }),
        });
      } else if (missing.has(post.networkPostId)) {
        deleted.push(post);
      } else {
        fail(
          [post],
          group.leaseUntil,
          new Error(
            seen === undefined ? `${adapter.rules.name} did not mention the post` : `${adapter.rules.name} answered without metrics`,
          ),
        );
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
  if (statements.length > 0) await db.batch(statements);

  report.polled = polled.length;
  report.deleted = deleted.length;
  report.failed = failed.length;
  if (failed.length > 0) {
    const sample = failed[0]?.error ?? "";
    console.warn(`Metrics polling: ${failed.length} post(s) failed and will be retried with backoff (first: ${sample})`);
  }
  return { report, unread };
}

/** Frees the posts of groups nobody will read under their lease: the next run takes them at once. */
export async function releaseReadGroups(db: Database, groups: readonly ReadGroup[]): Promise<void> {
  if (groups.length === 0) return;
  const byLease = new Map<number, string[]>();
  for (const group of groups) byLease.set(group.leaseUntil, [...(byLease.get(group.leaseUntil) ?? []), ...group.postIds]);
  await db.batch([...byLease].map(([leaseUntil, postIds]) => releaseLeasesStatement(db, postIds, leaseUntil)));
}

/** Cloudflare Queues takes at most 100 messages and 256 KB a send; a group of 100 ids is a few KB. */
const MESSAGES_PER_SEND = 100;
const BYTES_PER_SEND = 200_000;

function sends(groups: readonly ReadGroup[]): ReadGroup[][] {
  const out: ReadGroup[][] = [];
  let current: ReadGroup[] = [];
  let bytes = 0;
  for (const group of groups) {
    const size = JSON.stringify(group).length;
    if (current.length === MESSAGES_PER_SEND || (current.length > 0 && bytes + size > BYTES_PER_SEND)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(group);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Puts the groups on the polling queue; groups a failed send did not deliver are released before the error goes on. */
async function enqueue(db: Database, queue: Queue<ReadGroup>, groups: readonly ReadGroup[]): Promise<void> {
  const pending = sends(groups);
  for (const [index, send] of pending.entries()) {
    try {
      await queue.sendBatch(send.map((group) => ({ body: group })));
    } catch (error) {
      await releaseReadGroups(db, pending.slice(index).flat());
      throw error;
    }
  }
}

/**
 * The scheduler's polling step: leases the due read groups and hands them to the polling queue, whose consumers read
 * them beyond this invocation's subrequest limit. Without a queue (Node scripts that run the scheduler in-process)
 * the run reads them itself, within its call budget, and releases what the budget did not reach.
 */
export async function pollDueMetrics(deps: PollingDeps, limits: PollingLimits = defaultPollingLimits): Promise<PollReport> {
  const groups = await leaseDueReadGroups(deps, limits);
  if (groups.length === 0) return { ...emptyPollReport };
  const queue = deps.pollingQueue;
  if (queue !== undefined) {
    await enqueue(deps.db, queue, groups);
    return { ...emptyPollReport, queued: groups.length };
  }
  const { report, unread } = await readLeasedGroups(deps, groups, limits.networkCallsPerInvocation);
  await releaseReadGroups(deps.db, unread);
  return report;
}
