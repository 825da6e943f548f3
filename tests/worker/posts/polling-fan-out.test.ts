import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { DAY, HOUR, systemClock } from "../../../worker/clock.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { defaultPollingLimits, pollDueMetrics } from "../../../worker/domain/rewards/polling.ts";
import { leaseDueReadGroups, type ReadGroup } from "../../../worker/domain/rewards/read-groups.ts";
import { consumeReadGroups } from "../../../worker/jobs/polling-consumer.ts";
import { buildCampaign, buildPost, buildUser, publishedPostsStatements } from "../../../fixtures/factories.ts";
import { fixedClock } from "../../support/clock.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { exhaustXRateLimit } from "../../support/x-emulator-controls.ts";
import { fetchWorker } from "../support/fetch.ts";
import { creatorOnX, insertAdvertiser, schedulerDeps, type TestCreator } from "../support/rewards.ts";

/*
 * Metrics polling fanned out through the polling queue (docs/decisions/048-polling-fan-out.md): a scheduler run leases
 * due posts in read groups (an owner's X posts filled with those due soon), in due order, and the queue's consumer
 * reads each group from the X emulator over real HTTP and writes the answers back under the group's lease. The
 * consumer is handed deliveries as Cloudflare Queues hands them (createMessageBatch), with the test's clock.
 */

const MINUTE = 60_000;
const LEASE = defaultPollingLimits.leaseMs;

let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warnings.mockRestore();
});

async function liveCampaign(key: string, now: number) {
  const advertiser = await insertAdvertiser(`fan-${key}-${crypto.randomUUID().slice(0, 6)}`);
  const campaign = buildCampaign(`fan-${key}-${crypto.randomUUID().slice(0, 8)}`, advertiser, "active", now, {
    startsAt: now - DAY,
    endsAt: now + 10 * DAY,
    fundedAt: now - DAY,
  });
  await insertCampaignStatement(env.DB, campaign).run();
  return campaign;
}

async function join(campaignId: string, creator: TestCreator, now: number) {
  await env.DB.batch(joinCampaignStatements(env.DB, campaignId, creator.userId, now - HOUR));
}

/** Publishes through the API, as the post editor does: the post is on the X emulator and tracked for polling. */
async function publish(creator: TestCreator, campaignId: string, content: string): Promise<string> {
  const response = await fetchWorker("/v1/action/post/create", {
    method: "POST",
    headers: { Authorization: `Bearer ${creator.apiToken}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({ content, campaignId }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Sets when a post is next due (and, optionally, when it matures), as its earlier polls would have. */
async function schedule(postId: string, nextPollAt: number, maturesAt?: number) {
  await env.DB.prepare(`UPDATE post_metrics SET next_poll_at = ?2, matures_at = COALESCE(?3, matures_at) WHERE post_id = ?1`)
    .bind(postId, nextPollAt, maturesAt ?? null)
    .run();
}

type Row = { polls: number; failures: number; next_poll_at: number | null; leased_until: number; likes: number; last_error: string | null };

async function metricsOf(postId: string): Promise<Row> {
  const row = await env.DB.prepare(
    `SELECT polls, failures, next_poll_at, leased_until, likes, last_error FROM post_metrics WHERE post_id = ?`,
  )
    .bind(postId)
    .first<Row>();
  if (row === null) throw new Error(`${postId} is not tracked`);
  return row;
}

/** One delivery of the polling queue to its consumer, and what the consumer acknowledged and handed back. */
async function deliver(clock: ReturnType<typeof fixedClock>, groups: readonly ReadGroup[], callBudget?: number) {
  const batch = createMessageBatch(
    "chorus-metrics-polling",
    groups.map((group, index) => ({ id: `group-${index}`, timestamp: new Date(clock.now()), attempts: 1, body: group })),
  );
  const ctx = createExecutionContext();
  const deps = schedulerDeps(clock);
  await consumeReadGroups({ db: deps.db, clock, networks: deps.networks }, batch.messages, callBudget);
  const result = await getQueueResult(batch, ctx);
  return { acked: result.explicitAcks, retried: result.retryMessages.map((retry) => retry.msgId) };
}

/** The groups a run leases, of these owners only (other tests' posts share the file's database). */
async function leaseGroupsOf(clock: ReturnType<typeof fixedClock>, owners: readonly string[], limits = defaultPollingLimits) {
  const groups = await leaseDueReadGroups({ db: env.DB, clock }, limits);
  return groups.filter((group) => group.ownerId !== null && owners.includes(group.ownerId));
}

describe("metrics polling through the polling queue", () => {
  it("fills an owner's read with their posts due soon, and schedules each post's next poll from that read", async () => {
    const clock = fixedClock(systemClock.now());
    const now = clock.now();
    const campaign = await liveCampaign("fill", now);
    const creator = await creatorOnX("fill");
    await join(campaign.id, creator, now);
    const due = await publish(creator, campaign.id, "#ad Due now");
    const soon = await publish(creator, campaign.id, "#ad Due in twenty minutes");
    const later = await publish(creator, campaign.id, "#ad Due in two hours");
    const maturing = await publish(creator, campaign.id, "#ad Its last poll, at maturity, is in ten minutes");
    await schedule(due, now - MINUTE);
    await schedule(soon, now + 20 * MINUTE);
    await schedule(later, now + 2 * HOUR);
    await schedule(maturing, now + 10 * MINUTE, now + 10 * MINUTE);

    // One group: the due post and the one due within the 30-minute horizon. The final poll at maturity is never read
    // early (it would only add a read); the post due in two hours waits for its time.
    const groups = await leaseGroupsOf(clock, [creator.userId]);
    expect(groups).toEqual([{ network: "x", ownerId: creator.userId, postIds: [due, soon], leaseUntil: now + LEASE }]);

    expect(await deliver(clock, groups)).toEqual({ acked: ["group-0"], retried: [] });
    for (const postId of [due, soon]) {
      expect(await metricsOf(postId)).toMatchObject({ polls: 1, failures: 0, next_poll_at: now + 15 * MINUTE, leased_until: 0 });
    }
    expect(await metricsOf(later)).toMatchObject({ polls: 0, next_poll_at: now + 2 * HOUR, leased_until: 0 });
    expect(await metricsOf(maturing)).toMatchObject({ polls: 0, next_poll_at: now + 10 * MINUTE, leased_until: 0 });
  });

  it("takes groups in due order, the oldest due first, so owners left over by a full run go first in the next", async () => {
    const clock = fixedClock(systemClock.now());
    const now = clock.now();
    const campaign = await liveCampaign("order", now);
    const [ada, bob, cy] = [await creatorOnX("ada"), await creatorOnX("bob"), await creatorOnX("cy")];
    if (ada === undefined || bob === undefined || cy === undefined) throw new Error("creators missing");
    for (const creator of [ada, bob, cy]) await join(campaign.id, creator, now);
    const adaPost = await publish(ada, campaign.id, "#ad Ada's post, due a minute ago");
    const bobPost = await publish(bob, campaign.id, "#ad Bob's post, due ten minutes ago");
    const cyPost = await publish(cy, campaign.id, "#ad Cy's post, due five minutes ago");
    await schedule(adaPost, now - MINUTE);
    await schedule(bobPost, now - 10 * MINUTE);
    await schedule(cyPost, now - 5 * MINUTE);
    const owners = [ada.userId, bob.userId, cy.userId];

    // A run that hands out two groups takes Bob's and Cy's: Ada's post is the newest due.
    const first = await leaseGroupsOf(clock, owners, { ...defaultPollingLimits, groupsPerRun: 2 });
    expect(first.map((group) => group.postIds)).toEqual([[bobPost], [cyPost]]);
    expect((await metricsOf(adaPost)).leased_until).toBe(0);

    clock.advance(MINUTE);
    const second = await leaseGroupsOf(clock, owners, { ...defaultPollingLimits, groupsPerRun: 2 });
    expect(second).toEqual([{ network: "x", ownerId: ada.userId, postIds: [adaPost], leaseUntil: clock.now() + LEASE }]);
  });

  it("writes back only under the group's lease: a group whose posts a later run took over reads nothing", async () => {
    const clock = fixedClock(systemClock.now());
    const now = clock.now();
    const campaign = await liveCampaign("lease", now);
    const creator = await creatorOnX("lease");
    await join(campaign.id, creator, now);
    const post = await publish(creator, campaign.id, "#ad Leased twice");
    await schedule(post, now - MINUTE);
    const [stale] = await leaseGroupsOf(clock, [creator.userId]);
    if (stale === undefined) throw new Error("no group leased");

    // The delivery came late: the lease ran out and the next run leased the post again.
    clock.advance(LEASE + MINUTE);
    const [fresh] = await leaseGroupsOf(clock, [creator.userId]);
    expect(fresh?.leaseUntil).toBe(clock.now() + LEASE);

    expect(await deliver(clock, [stale])).toEqual({ acked: ["group-0"], retried: [] });
    expect(await metricsOf(post)).toMatchObject({ polls: 0, leased_until: clock.now() + LEASE });
    if (fresh === undefined) throw new Error("no group leased");
    expect(await deliver(clock, [fresh])).toEqual({ acked: ["group-0"], retried: [] });
    expect(await metricsOf(post)).toMatchObject({ polls: 1, leased_until: 0, next_poll_at: clock.now() + 15 * MINUTE });
  });

  it("backs a failed read off, doubling the wait, and acknowledges the group", async () => {
    const clock = fixedClock(systemClock.now());
    const now = clock.now();
    const campaign = buildCampaign(
      `fan-fail-${crypto.randomUUID().slice(0, 8)}`,
      await insertAdvertiser(`fan-fail-${crypto.randomUUID().slice(0, 6)}`),
      "active",
      now,
      {
        startsAt: now - DAY,
        endsAt: now + 20 * DAY,
      },
    );
    // A creator who never signed in with X: Chorus holds no token to read their post with.
    const creator = buildUser(`fan_no_x_${crypto.randomUUID().slice(0, 6)}`, now);
    const post = buildPost(`fan-no-x-${crypto.randomUUID().slice(0, 8)}`, campaign, creator, "evaluating", now, {
      postedAt: now - HOUR,
      networkPostId: "1234567890123456789",
    });
    await env.DB.batch([
      insertCampaignStatement(env.DB, campaign),
      ...insertUserStatements(env.DB, creator, ["creator"]),
      ...joinCampaignStatements(env.DB, campaign.id, creator.id, campaign.startsAt),
      ...publishedPostsStatements(env.DB, [post], now),
    ]);
    await schedule(post.id, now - MINUTE);

    const groups = await leaseGroupsOf(clock, [creator.id]);
    expect(await deliver(clock, groups)).toEqual({ acked: ["group-0"], retried: [] });
    const failed = await metricsOf(post.id);
    expect(failed).toMatchObject({ polls: 0, failures: 1, next_poll_at: now + 5 * MINUTE, leased_until: 0 });
    expect(failed.last_error).toMatch(/no usable X access/);

    clock.advance(5 * MINUTE);
    expect(await deliver(clock, await leaseGroupsOf(clock, [creator.id]))).toEqual({ acked: ["group-0"], retried: [] });
    expect(await metricsOf(post.id)).toMatchObject({ failures: 2, next_poll_at: clock.now() + 10 * MINUTE });
  });

  it("defers an owner X rate-limited until X's window reopens, and hands back groups past the call budget", async () => {
    const clock = fixedClock(systemClock.now());
    const now = clock.now();
    const campaign = await liveCampaign("slow", now);
    const [limited, waiting, third] = [await creatorOnX("slow"), await creatorOnX("wait"), await creatorOnX("third")];
    if (limited === undefined || waiting === undefined || third === undefined) throw new Error("creators missing");
    for (const creator of [limited, waiting, third]) await join(campaign.id, creator, now);
    const limitedPost = await publish(limited, campaign.id, "#ad Read while X says slow down");
    const readPost = await publish(waiting, campaign.id, "#ad Read within the budget");
    const deferredPost = await publish(third, campaign.id, "#ad Past the delivery's budget");
    await schedule(limitedPost, now - 3 * MINUTE);
    await schedule(readPost, now - 2 * MINUTE);
    await schedule(deferredPost, now - MINUTE);
    const reopensAt = await exhaustXRateLimit(env.X_API_BASE_URL, limited.handle, "tweets.lookup");

    const groups = await leaseGroupsOf(clock, [limited.userId, waiting.userId, third.userId]);
    expect(groups.map((group) => group.postIds)).toEqual([[limitedPost], [readPost], [deferredPost]]);
    // Two X groups cost four calls (each owner's access and the read): the third goes back to the queue.
    expect(await deliver(clock, groups, 4)).toEqual({ acked: ["group-0", "group-1"], retried: ["group-2"] });

    const slowedDown = await metricsOf(limitedPost);
    expect(slowedDown).toMatchObject({ polls: 0, failures: 1, next_poll_at: Math.max(now + 5 * MINUTE, reopensAt), leased_until: 0 });
    expect(slowedDown.last_error).toMatch(/rate-limited/);
    expect(await metricsOf(readPost)).toMatchObject({ polls: 1, failures: 0, leased_until: 0 });
    // Handed back still leased: the queue delivers it again and it is read then.
    expect(await metricsOf(deferredPost)).toMatchObject({ polls: 0, leased_until: now + LEASE });
    const [deferredGroup] = groups.slice(2);
    if (deferredGroup === undefined) throw new Error("no third group");
    expect(await deliver(clock, [deferredGroup], 4)).toEqual({ acked: ["group-0"], retried: [] });
    expect(await metricsOf(deferredPost)).toMatchObject({ polls: 1, leased_until: 0 });
  });

  it("hands a run's groups to the polling queue, whose consumer in the worker reads and writes them back", async () => {
    const now = systemClock.now();
    const campaign = await liveCampaign("queue", now);
    const creator = await creatorOnX("queue");
    await join(campaign.id, creator, now);
    const post = await publish(creator, campaign.id, "#ad Read through the queue");
    await schedule(post, now - MINUTE);

    const { networks } = schedulerDeps(systemClock);
    const report = await pollDueMetrics({ db: env.DB, clock: systemClock, networks, pollingQueue: env.POLLING_QUEUE as Queue<ReadGroup> });
    // The run reads nothing itself (posts of this file's other tests may be due too, and queued with it).
    expect(report).toMatchObject({ polled: 0, networkCalls: 0 });
    expect(report.queued).toBeGreaterThanOrEqual(1);
    // Delivered by the queue to the worker's queue handler (worker/jobs/queue-handler.ts, by the queue's name).
    await vi.waitFor(async () => expect(await metricsOf(post)).toMatchObject({ polls: 1, failures: 0, leased_until: 0 }), {
      timeout: 15_000,
      interval: 100,
    });
  });

  it("acknowledges and logs a message the scheduler could not have sent", async () => {
    const clock = fixedClock(systemClock.now());
    const errors = expectConsoleErrors();
    const malformed = { network: "x", ownerId: "someone", postIds: "all of them", leaseUntil: clock.now() } as unknown as ReadGroup;
    expect(await deliver(clock, [malformed])).toEqual({ acked: ["group-0"], retried: [] });
    expect(errors()).toEqual(["Polling queue: message group-0 is not a read group; dropped."]);
  });
});
