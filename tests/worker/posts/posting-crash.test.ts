import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { DAY, systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { createPost } from "../../../worker/domain/posts/create-post.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { claimAttachments } from "../../../worker/db/attachments.ts";
import { insertPostIfNew } from "../../../worker/db/posts.ts";
import { buildPost } from "../../../fixtures/factories.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { creatorWithWriteAccess, joinedCampaign, TINY_PNG, type PostingCreator } from "../support/posting.ts";
import { schedulerDeps } from "../support/rewards.ts";
import { testCapabilities } from "../support/withdrawals.ts";

/**
 * Crash safety of posting (issue 13): the request dies after X published the post and before D1 recorded X's id.
 * The death is real: a trigger makes D1 refuse that write, as a dead runtime would never make it. The reservation
 * row is then the only trace in D1, and the post exists on X.
 */

const MINUTE = 60 * 1000;
const sendPost = (creator: PostingCreator, idempotencyKey: string, body: Record<string, unknown>) =>
  creator.call("/v1/action/post/create", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(body),
  });

/** D1 refuses to record X's id for any post from now on, as if the runtime died right after X answered. */
async function breakRecordingOfXIds(): Promise<void> {
  await env.DB.exec(
    "CREATE TRIGGER IF NOT EXISTS crash_before_recording BEFORE UPDATE OF network_post_id ON posts BEGIN SELECT RAISE(ABORT, 'the runtime died'); END",
  );
}

afterEach(async () => {
  await env.DB.exec("DROP TRIGGER IF EXISTS crash_before_recording");
});

/** Sends a post whose request dies between X and D1; returns the reservation left behind. */
async function crashedPost(creator: PostingCreator, body: Record<string, unknown>, idempotencyKey = crypto.randomUUID()) {
  const loggedErrors = expectConsoleErrors();
  await breakRecordingOfXIds();
  const response = await sendPost(creator, idempotencyKey, body);
  expect(response.status).toBe(500);
  expect(loggedErrors().join("\n")).toContain("the runtime died");
  await env.DB.exec("DROP TRIGGER IF EXISTS crash_before_recording");
  const rows = await postRows(creator.userId);
  expect(rows.filter((row) => row.network_post_id === null)).toHaveLength(1);
  return { idempotencyKey };
}

async function postRows(userId: string) {
  const { results } = await env.DB.prepare(
    `SELECT id, network_post_id, content, client_request_id FROM posts WHERE user_id = ? ORDER BY created_at`,
  )
    .bind(userId)
    .all<{ id: string; network_post_id: string | null; content: string; client_request_id: string }>();
  return results;
}

/** The creator's posts on X with this text, read from the emulator's timeline the way X answers it. */
async function copiesOnX(creator: PostingCreator, text: string): Promise<string[]> {
  const posts = await schedulerDeps(systemClock)
    .networks("x")
    .recentPosts(creator.userId, { since: systemClock.now() - DAY, limit: 100 });
  return posts.filter((post) => post.text === text).map((post) => post.id);
}

describe("a post published on X whose request died before D1 recorded it", () => {
  it("is adopted by a retry of the same press once the reservation is abandoned: one post on X, recorded once", async () => {
    const creator = await creatorWithWriteAccess("crashretry");
    const campaignId = await joinedCampaign("crash-retry", creator);
    const content = `#ad Crashed mid-post ${crypto.randomUUID().slice(0, 8)} https://example.com/launch?a=1&b=2`;
    const { idempotencyKey } = await crashedPost(creator, { content, campaignId });
    const [onX] = await copiesOnX(creator, content);
    expect(onX).toMatch(/^\d+$/);

    // The browser sends the same press again three minutes later.
    const later = fixedClock(systemClock.now() + 3 * MINUTE);
    const retry = await createPost(testCapabilities(later), creator.userId, {
      content,
      attachments: [],
      campaignId,
      network: "x",
      selectedSuggestionId: null,
      idempotencyKey,
    });
    expect(retry.created).toBe(false);
    expect(retry.post.networkPostId).toBe(onX);
    expect(await copiesOnX(creator, content)).toEqual([onX]);
    expect(await postRows(creator.userId)).toEqual([expect.objectContaining({ network_post_id: onX, client_request_id: idempotencyKey })]);

    // Over HTTP, the same press now answers with that post.
    const again = await sendPost(creator, idempotencyKey, { content, campaignId });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ networkPostId: onX });
  });

  it("is adopted by a new press of the same text that X calls a duplicate, and the scheduler releases the dead reservation", async () => {
    const creator = await creatorWithWriteAccess("crashdupe");
    const campaignId = await joinedCampaign("crash-dupe", creator);
    const content = `#ad Pressed again after a crash ${crypto.randomUUID().slice(0, 8)}`;
    await crashedPost(creator, { content, campaignId });
    const [onX] = await copiesOnX(creator, content);

    const press = await sendPost(creator, crypto.randomUUID(), { content, campaignId });
    expect(press.status).toBe(201);
    expect(await press.json()).toMatchObject({ networkPostId: onX, content });
    expect(await copiesOnX(creator, content)).toEqual([onX]);

    const report = await runScheduledWork(schedulerDeps(fixedClock(systemClock.now() + 3 * MINUTE)));
    expect(report.failedSteps).toEqual([]);
    expect(report.reservations).toMatchObject({ released: 1, failed: 0 });
    expect(await postRows(creator.userId)).toEqual([expect.objectContaining({ network_post_id: onX })]);
  });

  it("is adopted by the scheduler; a reservation that never reached X is released and frees its image", async () => {
    const creator = await creatorWithWriteAccess("crashsched");
    const campaignId = await joinedCampaign("crash-sched", creator);
    const content = `#ad Recorded by the scheduler ${crypto.randomUUID().slice(0, 8)}`;
    await crashedPost(creator, { content, campaignId });
    const [onX] = await copiesOnX(creator, content);

    // Another press died before it reached X: its reservation holds an image, and X holds nothing.
    const upload = await creator.call("/v1/action/post/attachment", {
      method: "POST",
      headers: { "Content-Type": "image/png" },
      body: TINY_PNG,
    });
    const { id: attachmentId } = (await upload.json()) as { id: string };
    const neverOnX = `#ad Never reached X ${crypto.randomUUID().slice(0, 8)}`;
    const now = systemClock.now();
    const reservation = buildPost("never-on-x", { id: campaignId, startsAt: now - DAY }, { id: creator.userId }, "evaluating", now, {
      networkPostId: null,
      content: neverOnX,
      clientRequestId: crypto.randomUUID(),
      createdAt: now,
    });
    expect(await insertPostIfNew(env.DB, reservation)).toBe(true);
    expect(await claimAttachments(env.DB, reservation.id, creator.userId, [attachmentId])).toBe(1);

    const early = await runScheduledWork(schedulerDeps(systemClock));
    expect(early.reservations).toEqual({ adopted: 0, released: 0, failed: 0 });

    const report = await runScheduledWork(schedulerDeps(fixedClock(now + 3 * MINUTE)));
    expect(report.failedSteps).toEqual([]);
    expect(report.reservations).toEqual({ adopted: 1, released: 1, failed: 0 });
    expect(await postRows(creator.userId)).toEqual([expect.objectContaining({ content, network_post_id: onX })]);
    const image = await env.DB.prepare(`SELECT post_id FROM post_attachments WHERE id = ?`).bind(attachmentId).first();
    expect(image).toEqual({ post_id: null });
    expect(await copiesOnX(creator, content)).toEqual([onX]);
  });
});
