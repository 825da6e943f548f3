import { type } from "arktype";
import { chunked } from "../../contracts/collections.ts";
import { networks, type Network } from "../../contracts/networks/rules.ts";
import { rulesOf } from "../../contracts/networks/registry.ts";
import { findDuePosts, findLeasedPosts, leaseReadGroups, type DuePost, type OwnerRead } from "../../db/post-metrics.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../database.ts";

/**
 * How a polling run gathers the posts it reads into network calls (docs/decisions/048-polling-fan-out.md). Where a
 * network's reads need the post owner's access (X), a group is one owner's posts on it: when one is due, the owner's
 * other posts due within the pull-ahead horizon are leased with it, up to the network's batch size, so one call reads
 * them all. Where counts are public (Bluesky), due posts are read in batches across owners. Groups are taken in due
 * order, the group holding the oldest due post first, so no owner waits behind newer work.
 */

/** One network call's worth of leased posts: what the polling queue carries, and what a run reads in-process. */
export type ReadGroup = {
  network: Network;
  /** The owner whose access reads them, where the network needs it; null where counts are public. */
  ownerId: string | null;
  postIds: string[];
  /** The lease the posts are held under (its end): only posts still held by it are read and written back. */
  leaseUntil: number;
};

const readGroupShape = type({
  network: type.enumerated(...networks),
  ownerId: "string | null",
  postIds: "string[] < 101",
  leaseUntil: "number.integer >= 0",
});

/** A queue message's body as a read group, or null when the scheduler could not have sent it. */
export function readGroupOf(body: unknown): ReadGroup | null {
  const checked = readGroupShape(body);
  return checked instanceof type.errors ? null : checked;
}

export type GroupingLimits = {
  /** The most posts a run leases (due ones and those pulled ahead), and the most due posts it starts from. */
  postsPerRun: number;
  /** The most read groups (network calls) a run hands out: each is one message on the polling queue. */
  groupsPerRun: number;
  /** How long before its due time an owner's post may be read with one that is due. */
  pullAheadMs: number;
  /** How long a run holds its posts (the queue's delivery and the consumer's reads happen within it). */
  leaseMs: number;
};

type Grouped = { network: Network; userId: string; nextPollAt: number; postId: string };

/**
 * Posts in the groups they are read in, in due order: one per network and owner where reads take the owner's access
 * there, one per network where counts are public. A group comes where its oldest due post comes.
 */
export function readGroups<Target extends Grouped>(targets: readonly Target[]): Target[][] {
  const inDueOrder = [...targets].sort((a, b) => a.nextPollAt - b.nextPollAt || (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0));
  const groups = new Map<string, Target[]>();
  for (const target of inDueOrder) {
    const key = rulesOf(target.network).readsNeedAuthorAccess ? `${target.network} ${target.userId}` : target.network;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [target]);
    else group.push(target);
  }
  return [...groups.values()];
}

/** What to lease from the oldest due posts: the owners whose reads are filled, in due order, and the posts read across owners. */
export function leasePlan(
  due: readonly DuePost[],
  limits: Pick<GroupingLimits, "groupsPerRun">,
): { owners: OwnerRead[]; postIds: string[] } {
  const owners = new Map<string, OwnerRead>();
  const postIds: string[] = [];
  const acrossOwners = new Map<Network, number>();
  let groups = 0;
  for (const post of due) {
    const rules = rulesOf(post.network);
    if (rules.readsNeedAuthorAccess) {
      const key = `${post.network} ${post.userId}`;
      if (owners.has(key)) continue;
      if (groups >= limits.groupsPerRun) break;
      owners.set(key, { userId: post.userId, network: post.network, batchSize: rules.readBatchSize });
      groups += 1;
    } else {
      const taken = acrossOwners.get(post.network) ?? 0;
      if (taken % rules.readBatchSize === 0) {
        if (groups >= limits.groupsPerRun) break;
        groups += 1;
      }
      acrossOwners.set(post.network, taken + 1);
      postIds.push(post.postId);
    }
  }
  return { owners: [...owners.values()], postIds };
}

/** The leased posts as read groups of at most the network's batch size each, in due order. */
export function toReadGroups(leased: readonly DuePost[], leaseUntil: number): ReadGroup[] {
  return readGroups(leased).flatMap((group) => {
    const [first] = group;
    if (first === undefined) return [];
    const rules = rulesOf(first.network);
    return chunked(group, rules.readBatchSize).map((batch) => ({
      network: first.network,
      ownerId: rules.readsNeedAuthorAccess ? first.userId : null,
      postIds: batch.map((post) => post.postId),
      leaseUntil,
    }));
  });
}

/** Leases this run's due work, its owners' reads filled, and gives it as read groups (none when nothing is due). */
export async function leaseDueReadGroups(deps: { db: Database; clock: Clock }, limits: GroupingLimits): Promise<ReadGroup[]> {
  const { db, clock } = deps;
  const now = clock.now();
  const due = await findDuePosts(db, { now, limit: limits.postsPerRun });
  if (due.length === 0) return [];
  const plan = leasePlan(due, limits);
  const leaseUntil = now + limits.leaseMs;
  const leased = await leaseReadGroups(db, {
    now,
    leaseUntil,
    pullAheadUntil: now + limits.pullAheadMs,
    owners: plan.owners,
    ownerPostLimit: Math.max(0, limits.postsPerRun - plan.postIds.length),
    postIds: plan.postIds,
  });
  if (leased.length === 0) return [];
  return toReadGroups(await findLeasedPosts(db, leased, leaseUntil), leaseUntil);
}
