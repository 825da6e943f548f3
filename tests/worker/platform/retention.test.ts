import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertPostStatement } from "../../../worker/db/posts.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { fixedClock } from "../../support/clock.ts";
import { schedulerDeps } from "../support/rewards.ts";

/*
 * The scheduler's retention sweeps (README "Retention", docs/decisions/036-events-out-of-d1.md): with the clock
 * moved, each deletes what has outlived its period and keeps the rest; a sweep deletes at most its limits per run.
 */

const start = Date.UTC(2027, 0, 10);
const creator = buildUser("retention_creator", start - 400 * DAY);
const advertiser = buildAdvertiser("retention", start - 400 * DAY);
const campaign = buildCampaign("retention", advertiser, "active", start - 400 * DAY);
const post = buildPost("retention", campaign, creator, "evaluating", start - 400 * DAY);

beforeAll(async () => {
  await env.DB.batch([
    ...insertUserStatements(env.DB, creator, ["creator"]),
    insertAdvertiserStatement(env.DB, advertiser),
    insertCampaignStatement(env.DB, campaign),
    ...joinCampaignStatements(env.DB, campaign.id, creator.id, start - 400 * DAY),
    insertPostStatement(env.DB, post),
  ]);
});

const run = (clock: ReturnType<typeof fixedClock>, retention?: { batchSize: number; maxBatches: number }) =>
  runScheduledWork({ ...schedulerDeps(clock), media: env.MEDIA, ...(retention === undefined ? {} : { limits: { retention } }) });

async function ids(sql: string): Promise<string[]> {
  const { results } = await env.DB.prepare(sql).all<{ id: string }>();
  return results.map((row) => row.id).sort();
}

function notification(id: string, createdAt: number, isRead: boolean) {
  return env.DB.prepare(
    `INSERT INTO notifications (id, user_id, event_type, title, created_at, is_read, read_at) VALUES (?, ?, 'welcome', 'Hi', ?, ?, ?)`,
  ).bind(id, creator.id, createdAt, isRead ? 1 : 0, isRead ? createdAt : null);
}

function session(id: string, expiresAt: number, revokedAt: number | null) {
  return env.DB.prepare(
    `INSERT INTO sessions (id, user_id, cookie_secret_hash, created_at, expires_at, revoked_at) VALUES (?, ?, 'hash', ?, ?, ?)`,
  ).bind(id, creator.id, expiresAt - 30 * DAY, expiresAt, revokedAt);
}

function refreshToken(hash: string, sessionId: string, expiresAt: number, usedAt: number | null) {
  return env.DB.prepare(`INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?)`).bind(
    hash,
    sessionId,
    expiresAt - 30 * DAY,
    expiresAt,
    usedAt,
  );
}

function code(id: string, subjectId: string, expiresAt: number, usedAt: number | null) {
  return env.DB.prepare(
    `INSERT INTO one_time_codes (id, user_id, purpose, subject_id, code_salt, code_hash, link_token_hash, created_at, expires_at, used_at)
     VALUES (?, ?, 'withdrawal', ?, 'salt', 'hash', ?, ?, ?, ?)`,
  ).bind(id, creator.id, subjectId, `link-${id}`, expiresAt - 10 * 60_000, expiresAt, usedAt);
}

function upload(id: string, createdAt: number, postId: string | null) {
  return env.DB.prepare(
    `INSERT INTO post_attachments (id, user_id, post_id, r2_key, content_type, size_bytes, created_at) VALUES (?, ?, ?, ?, 'image/png', 4, ?)`,
  ).bind(id, creator.id, postId, `attachments/${creator.id}/${id}`, createdAt);
}

/** A click-source row (per device or address, 047) of the UTC day of `at`. */
function clickSource(at: number, source: string) {
  return env.DB.prepare(`INSERT INTO referral_click_sources (day, campaign_id, source, clicks) VALUES (?, 'campaign-r', ?, 3)`).bind(
    new Date(at).toISOString().slice(0, 10),
    source,
  );
}

describe("the retention sweeps", () => {
  it("delete what outlived its period, keep the rest, and say how many in the run's report", async () => {
    await env.DB.batch([
      notification("ntf-read-91-days", start - 91 * DAY, true),
      notification("ntf-read-89-days", start - 89 * DAY, true),
      notification("ntf-unread-200-days", start - 200 * DAY, false),
      session("ses-expired", start - HOUR, null),
      session("ses-live", start + 20 * DAY, null),
      session("ses-revoked-2-days", start + 10 * DAY, start - 2 * DAY),
      session("ses-revoked-1-hour", start + 10 * DAY, start - HOUR),
      refreshToken("tok-of-expired", "ses-expired", start - HOUR, start - 2 * HOUR),
      refreshToken("tok-live-spent", "ses-live", start + 20 * DAY, start - HOUR),
      refreshToken("tok-of-revoked", "ses-revoked-2-days", start + 10 * DAY, null),
      code("code-expired-2-days", "w-1", start - 2 * DAY, null),
      code("code-used-expired-2-days", "w-2", start - 2 * DAY, start - 2 * DAY - 60_000),
      code("code-expired-1-hour", "w-3", start - HOUR, null),
      code("code-live", "w-4", start + 5 * 60_000, null),
      upload("upl-unused-8-days", start - 8 * DAY, null),
      upload("upl-unused-6-days", start - 6 * DAY, null),
      upload("upl-used-30-days", start - 30 * DAY, post.id),
      clickSource(start - 92 * DAY, "device:old"),
      clickSource(start - 90 * DAY, "device:kept"),
    ]);
    for (const id of ["upl-unused-8-days", "upl-unused-6-days", "upl-used-30-days"]) {
      await env.MEDIA.put(`attachments/${creator.id}/${id}`, "png!");
    }

    const clock = fixedClock(start);
    const report = await run(clock);
    expect(report.failedSteps).toEqual([]);
    expect(report.retention).toEqual({
      "read notifications": 1,
      "expired refresh tokens": 1,
      "expired sessions": 1,
      "revoked sessions": 1,
      "expired one-time codes": 2,
      "unused uploads": 1,
      "counted analytics messages": 0,
      "counted order ids": 0,
      "expired customer attributions": 0,
      "old click sources": 1,
    });
    expect(await ids(`SELECT source AS id FROM referral_click_sources`)).toEqual(["device:kept"]);
    expect(await ids(`SELECT id FROM notifications WHERE id GLOB 'ntf-*'`)).toEqual(["ntf-read-89-days", "ntf-unread-200-days"]);
    expect(await ids(`SELECT id FROM sessions`)).toEqual(["ses-live", "ses-revoked-1-hour"]);
    // The revoked session's unexpired token went with its session.
    expect(await ids(`SELECT token_hash AS id FROM refresh_tokens`)).toEqual(["tok-live-spent"]);
    expect(await ids(`SELECT id FROM one_time_codes`)).toEqual(["code-expired-1-hour", "code-live"]);
    expect(await ids(`SELECT id FROM post_attachments`)).toEqual(["upl-unused-6-days", "upl-used-30-days"]);
    const images = (await env.MEDIA.list({ prefix: `attachments/${creator.id}/` })).objects.map((object) => object.key).sort();
    expect(images).toEqual([`attachments/${creator.id}/upl-unused-6-days`, `attachments/${creator.id}/upl-used-30-days`]);

    // Two days later the rest of what was young is old enough.
    clock.advance(2 * DAY);
    const later = await run(clock);
    expect(later.retention).toMatchObject({
      "read notifications": 1,
      "revoked sessions": 1,
      "expired one-time codes": 2,
      "unused uploads": 1,
    });
    expect(await ids(`SELECT id FROM notifications WHERE id GLOB 'ntf-*'`)).toEqual(["ntf-unread-200-days"]);
    expect(await ids(`SELECT id FROM sessions`)).toEqual(["ses-live"]);
    expect(await ids(`SELECT id FROM post_attachments`)).toEqual(["upl-used-30-days"]);
    expect((await env.MEDIA.list({ prefix: `attachments/${creator.id}/` })).objects.map((object) => object.key)).toEqual([
      `attachments/${creator.id}/upl-used-30-days`,
    ]);
  });

  it("deletes at most its limits per run, oldest first, and the counted analytics messages after a week", async () => {
    const clock = fixedClock(start + 400 * DAY);
    // What the scheduler's other steps notified the creator of in the test before is not this test's to count.
    await env.DB.prepare(`DELETE FROM notifications`).run();
    await env.DB.batch(
      Array.from({ length: 5 }, (_, index) => notification(`ntf-bulk-${index}`, start + index * HOUR, true)).concat(
        env.DB.prepare(
          `INSERT INTO analytics_rollup_messages (message_id, delivery_id, processed_at) VALUES ('m-old', 'd', ?), ('m-new', 'd', ?)`,
        ).bind(clock.now() - 8 * DAY, clock.now() - 6 * DAY),
      ),
    );
    const retention = { batchSize: 2, maxBatches: 1 };
    const runs: Array<number | undefined> = [];
    for (let index = 0; index < 4; index += 1) runs.push((await run(clock, retention)).retention["read notifications"]);
    expect(runs).toEqual([2, 2, 1, 0]);
    expect(await ids(`SELECT message_id AS id FROM analytics_rollup_messages`)).toEqual(["m-new"]);
  });
});
