import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { adHocNotificationInputSchema } from "../../../worker/contracts/admin.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { sendAdHocNotification, sendAnnouncementPages } from "../../../worker/domain/admin/ad-hoc-notifications.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { fixedClock } from "../../support/clock.ts";
import { schedulerDeps } from "../support/rewards.ts";

/*
 * An admin's announcement (ad-hoc notification, migration 0030) goes out page by page: the first page when it is
 * sent, the rest by scheduler runs, each user exactly once however often a page runs. Pages of two users here, so
 * five creators take three pages. This file's database holds exactly the users made here.
 */

const now = Date.UTC(2026, 10, 20, 12);
const MINUTE = 60_000;
const admin = buildUser("announce_admin", now);
const creators = ["announce_a", "announce_b", "announce_c", "announce_d", "announce_e"].map((handle) => buildUser(handle, now));
const advertiserOnly = buildUser("announce_ads", now);
const advertiser = buildAdvertiser("announce-ads", now);
const campaign = buildCampaign("announce-campaign", advertiser, "active", now);
const joined = creators.slice(0, 3);
const smallPages = { pageSize: 2, pagesPerBatch: 1, batchesPerRun: 1 };

beforeAll(async () => {
  await env.DB.batch([
    ...insertUserStatements(env.DB, admin, ["admin"]),
    ...creators.flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
    ...insertUserStatements(env.DB, advertiserOnly, ["advertiser"]),
    insertAdvertiserStatement(env.DB, advertiser),
    insertCampaignStatement(env.DB, campaign),
    ...joined.flatMap((user) => joinCampaignStatements(env.DB, campaign.id, user.id, now)),
  ]);
});

/** How many notifications of the announcement each user has, by user id. */
async function receivedBy(announcementId: string): Promise<Record<string, number>> {
  const { results } = await env.DB.prepare(
    `SELECT user_id, COUNT(*) AS received FROM notifications WHERE dedupe_key LIKE ? AND event_type = 'ad-hoc-notification'
     GROUP BY user_id ORDER BY user_id`,
  )
    .bind(`ad-hoc:${announcementId}:%`)
    .all<{ user_id: string; received: number }>();
  return Object.fromEntries(results.map((row) => [row.user_id, row.received]));
}

const runScheduler = (at: number) => runScheduledWork({ ...schedulerDeps(fixedClock(at)), limits: { announcements: smallPages } });

describe("announcements", () => {
  it("reach every creator exactly once: the first page at once, the rest across scheduler runs", async () => {
    const input = adHocNotificationInputSchema.parse({ title: "Maintenance tonight", audience: { kind: "all-creators" } });
    const deps = { db: env.DB, clock: fixedClock(now) };
    expect(await sendAdHocNotification(deps, admin.id, input, "all-paged-1", smallPages)).toEqual({ notified: 2, replayed: false });
    expect(await receivedBy("all-paged-1")).toEqual({ "user-announce_a": 1, "user-announce_b": 1 });

    expect((await runScheduler(now + MINUTE)).announcementsNotified).toBe(2);
    expect((await runScheduler(now + 2 * MINUTE)).announcementsNotified).toBe(1);
    expect((await runScheduler(now + 3 * MINUTE)).announcementsNotified).toBe(0);
    const everyCreatorOnce = {
      "user-announce_a": 1,
      "user-announce_b": 1,
      "user-announce_c": 1,
      "user-announce_d": 1,
      "user-announce_e": 1,
    };
    expect(await receivedBy("all-paged-1")).toEqual(everyCreatorOnce);

    // A page run again from an old cursor (an overlapping run, a retried batch) notifies nobody twice.
    await env.DB.prepare(`UPDATE announcements SET fanout_after_user_id = NULL, fanout_done_at = NULL WHERE id = ?`)
      .bind("all-paged-1")
      .run();
    const again = await sendAnnouncementPages(deps, { id: "all-paged-1", audience: { kind: "all-creators" } }, smallPages);
    expect(again).toEqual({ notified: 0, done: false });
    for (let run = 4; run <= 6; run += 1) await runScheduler(now + run * MINUTE);
    expect(await receivedBy("all-paged-1")).toEqual(everyCreatorOnce);
    const { results } = await env.DB.prepare(`SELECT fanout_done_at FROM announcements WHERE id = ?`).bind("all-paged-1").all();
    expect(results).toEqual([{ fanout_done_at: now + 5 * MINUTE }]);

    // The same key again answers how many have it, and sends nothing.
    expect(await sendAdHocNotification(deps, admin.id, input, "all-paged-1", smallPages)).toEqual({ notified: 5, replayed: true });
    expect(await receivedBy("all-paged-1")).toEqual(everyCreatorOnce);
  });

  it("reach a campaign's participants page by page, and nobody else", async () => {
    const input = adHocNotificationInputSchema.parse({
      title: "Launch week",
      audience: { kind: "campaign", campaignId: campaign.id },
    });
    const deps = { db: env.DB, clock: fixedClock(now) };
    expect(await sendAdHocNotification(deps, admin.id, input, "campaign-paged-1", smallPages)).toEqual({ notified: 2, replayed: false });
    expect((await runScheduler(now + 10 * MINUTE)).announcementsNotified).toBe(1);
    expect((await runScheduler(now + 11 * MINUTE)).announcementsNotified).toBe(0);
    expect(await receivedBy("campaign-paged-1")).toEqual({ "user-announce_a": 1, "user-announce_b": 1, "user-announce_c": 1 });
  });
});
