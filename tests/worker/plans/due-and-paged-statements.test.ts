import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { HOUR, MINUTE } from "../../../worker/clock.ts";
import { WEEK } from "../../../worker/contracts/campaign-weeks.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { countClosedWeeks } from "../../../worker/db/campaign-weeks.ts";
import { currentCampaignCardsQuery, insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { feedbackCountsQuery, feedbackInboxQuery, insertFeedbackStatement, markFeedbackHandled } from "../../../worker/db/feedback.ts";
import { changePostStatusesStatement } from "../../../worker/db/post-status-changes.ts";
import { insertPostStatement } from "../../../worker/db/posts.ts";
import { runQuery } from "../../../worker/db/query.ts";
import { findCampaignDue, listDueCampaignIds, markFundedStatement, type CampaignDue } from "../../../worker/db/reward-campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { HEALTH_REFRESH_INTERVAL, refreshDueHealth } from "../../../worker/domain/rewards/pacing.ts";
import { closeDueWeeks } from "../../../worker/domain/rewards/weeks.ts";
import { fixedClock } from "../../support/clock.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor } from "../support/sessions.ts";

/*
 * Issue 26's last statements that grew with what exists (docs/decisions/033 and 038): lists read in index order and
 * paged, the scheduler's steps driven by due times, the inbox by an index and counters. Values written out by hand.
 */

const now = Date.UTC(2026, 10, 23, 12);

async function campaignRow(id: string) {
  return env.DB.prepare(`SELECT health, health_due_at, weeks_due_at, status FROM campaigns WHERE id = ?`)
    .bind(id)
    .first<{ health: string; health_due_at: number; weeks_due_at: number | null; status: string }>();
}

describe("the running campaigns list", () => {
  it("reads in end-date order and skips the ones the creator joined, stopping at the limit", async () => {
    const advertiser = buildAdvertiser("listed-co", now);
    const creator = buildUser("listed_creator", now);
    const ends = [5, 3, 4, 1, 2];
    const campaigns = ends.map((day, index) =>
      buildCampaign(`listed-${index}`, advertiser, "active", now, { startsAt: now - HOUR, endsAt: now + day * 24 * HOUR }),
    );
    await env.DB.batch([
      insertAdvertiserStatement(env.DB, advertiser),
      ...insertUserStatements(env.DB, creator, ["creator"]),
      ...campaigns.map((campaign) => insertCampaignStatement(env.DB, campaign)),
      ...joinCampaignStatements(env.DB, "campaign-listed-3", creator.id, now),
    ]);
    const open = await runQuery(currentCampaignCardsQuery(env.DB, { notJoinedBy: creator.id, limit: 2 }));
    // Ending soonest: listed-3 (1 day, joined), listed-4 (2 days), listed-1 (3 days).
    expect(open.map((campaign) => campaign.id).filter((id) => id.startsWith("campaign-listed-"))).toEqual([
      "campaign-listed-4",
      "campaign-listed-1",
    ]);
  });
});

describe("the admin's campaign picker", () => {
  it("pages the most recently published campaigns and finds others by the start of their title", async () => {
    const advertiser = buildAdvertiser("picker-co", now, { name: "Picker Co" });
    const admin = buildUser("picker_admin", now);
    const titles = ["Zebra launch", "zeppelin week", "Apple days", "Zest drive"];
    const campaigns = titles.map((title, index) =>
      buildCampaign(`picker-${index}`, advertiser, "active", now, { title, publishedAt: now + index * MINUTE }),
    );
    const draft = buildCampaign("picker-draft", advertiser, "inactive", now, { title: "Zed draft", publishedAt: null });
    await env.DB.batch([
      insertAdvertiserStatement(env.DB, advertiser),
      ...insertUserStatements(env.DB, admin, ["admin"]),
      ...[...campaigns, draft].map((campaign) => insertCampaignStatement(env.DB, campaign)),
    ]);
    const bearer = await bearerFor(admin.id);
    const page = async (query: string) => {
      const response = await fetchWorker(`/v1/admin/notification-audiences/campaigns${query}`, { headers: { Authorization: bearer } });
      expect(response.status).toBe(200);
      return (await response.json()) as { campaigns: { id: string; title: string; creators: number }[]; next: string | null };
    };

    // Most recent first: picker-3, picker-2, … (20 a page; this file's other campaigns were published before them).
    const recent = await page("");
    expect(recent.campaigns.slice(0, 4).map((campaign) => campaign.title)).toEqual([
      "Zest drive",
      "Apple days",
      "zeppelin week",
      "Zebra launch",
    ]);

    // "ze" in any case: the three titles that start with it, by title ignoring case, never the draft.
    const first = await page("?q=ZE");
    expect(first.campaigns.map((campaign) => campaign.title)).toEqual(["Zebra launch", "zeppelin week", "Zest drive"]);
    expect(first.next).toBeNull();
    expect(first.campaigns[0]?.creators).toBe(0);

    // After a campaign: the rest of the same search.
    const rest = await page(`?q=ze&after=${encodeURIComponent("campaign-picker-0")}`);
    expect(rest.campaigns.map((campaign) => campaign.title)).toEqual(["zeppelin week", "Zest drive"]);

    const tooLong = await fetchWorker(`/v1/admin/notification-audiences/campaigns?q=${"x".repeat(101)}`, {
      headers: { Authorization: bearer },
    });
    expect(tooLong.status).toBe(400);
  });
});

async function dueOf(campaignId: string): Promise<CampaignDue> {
  const due = await findCampaignDue(env.DB, campaignId);
  if (due === null) throw new Error(`campaign ${campaignId} missing`);
  return due;
}

async function healthDue(campaignId: string): Promise<[CampaignDue["campaign"], number]> {
  const due = await dueOf(campaignId);
  return [due.campaign, due.healthDueAt];
}

describe("the scheduler's due campaigns", () => {
  it("finds funded, published campaigns whose start has come and live ones whose end or health is due, nothing else", async () => {
    const advertiser = buildAdvertiser("advance-co", now);
    const due = buildCampaign("advance-due", advertiser, "inactive", now, { startsAt: now - MINUTE, endsAt: now + WEEK });
    const unfunded = buildCampaign("advance-unfunded", advertiser, "inactive", now, { startsAt: now - MINUTE, endsAt: now + WEEK });
    const later = buildCampaign("advance-later", advertiser, "inactive", now, { startsAt: now + HOUR, endsAt: now + WEEK });
    const ending = buildCampaign("advance-ending", advertiser, "active", now, { startsAt: now - WEEK, endsAt: now + HOUR });
    const running = buildCampaign("advance-running", advertiser, "active", now, { startsAt: now - HOUR, endsAt: now + WEEK });
    const unhealthy = buildCampaign("advance-health", advertiser, "active", now, { startsAt: now - HOUR, endsAt: now + WEEK });
    await env.DB.batch([
      insertAdvertiserStatement(env.DB, advertiser),
      ...[due, unfunded, later, ending, running, unhealthy].map((campaign) => insertCampaignStatement(env.DB, campaign)),
      markFundedStatement(env.DB, due.id, now - HOUR),
      markFundedStatement(env.DB, later.id, now - HOUR),
      // Its health was recomputed a minute ago; the other live ones have never had theirs (due at once).
      env.DB.prepare(`UPDATE campaigns SET health_due_at = ? WHERE id = ?`).bind(now + 14 * MINUTE, running.id),
    ]);
    const ids = (await listDueCampaignIds(env.DB, now, 24 * HOUR, 1_000)).filter((id) => id.includes("advance-")).sort();
    expect(ids).toEqual(["campaign-advance-due", "campaign-advance-ending", "campaign-advance-health"]);
  });

  it("recomputes a campaign's health when it is due, then again 15 minutes later", async () => {
    const advertiser = buildAdvertiser("health-co", now);
    const campaign = buildCampaign("health-due", advertiser, "active", now, { startsAt: now - HOUR, endsAt: now + WEEK, health: "good" });
    await env.DB.batch([insertAdvertiserStatement(env.DB, advertiser), insertCampaignStatement(env.DB, campaign)]);
    const clock = fixedClock(now);

    await refreshDueHealth({ db: env.DB, clock }, ...(await healthDue(campaign.id)));
    // No metrics yet: unknown, due again in 15 minutes.
    expect(await campaignRow(campaign.id)).toMatchObject({ health: "unknown", health_due_at: now + 15 * MINUTE });
    expect(HEALTH_REFRESH_INTERVAL).toBe(15 * MINUTE);

    // Not due: a health written by hand stays until the due time.
    await env.DB.prepare(`UPDATE campaigns SET health = 'good' WHERE id = ?`).bind(campaign.id).run();
    clock.advance(14 * MINUTE);
    await refreshDueHealth({ db: env.DB, clock }, ...(await healthDue(campaign.id)));
    expect((await campaignRow(campaign.id))?.health).toBe("good");
    clock.advance(MINUTE);
    await refreshDueHealth({ db: env.DB, clock }, ...(await healthDue(campaign.id)));
    expect(await campaignRow(campaign.id)).toMatchObject({ health: "unknown", health_due_at: now + 30 * MINUTE });
  });

  it("closes a week once its window is over and its posts matured, waking when the last one stops evaluating", async () => {
    const advertiser = buildAdvertiser("weeks-co", now);
    const creator = buildUser("weeks_creator", now);
    const startsAt = now - WEEK - HOUR;
    const campaign = buildCampaign("weeks-due", advertiser, "active", now, { startsAt, endsAt: startsAt + 2 * WEEK });
    const post = buildPost("weeks-post", campaign, creator, "evaluating", startsAt + WEEK - 2 * HOUR, {
      postedAt: startsAt + WEEK - 2 * HOUR,
      campaignWeek: 1,
      networkPostId: "1900000000000000777",
    });
    await env.DB.batch([
      insertAdvertiserStatement(env.DB, advertiser),
      ...insertUserStatements(env.DB, creator, ["creator"]),
      insertCampaignStatement(env.DB, campaign),
      ...joinCampaignStatements(env.DB, campaign.id, creator.id, startsAt),
      insertPostStatement(env.DB, post),
    ]);
    // Written with the campaign: due at the end of its first week.
    expect((await campaignRow(campaign.id))?.weeks_due_at).toBe(startsAt + WEEK);

    const clock = fixedClock(now);
    await closeDueWeeks({ db: env.DB, clock }, await dueOf(campaign.id));
    expect(await countClosedWeeks(env.DB, campaign.id)).toBe(0);
    // Week 1 is over but its post still evaluates: looked at again in an hour at the latest.
    expect((await campaignRow(campaign.id))?.weeks_due_at).toBe(now + HOUR);

    // The post stops evaluating 10 minutes later: the campaign is due at that moment, and week 1 closes.
    clock.advance(10 * MINUTE);
    await changePostStatusesStatement(env.DB, {
      changes: [{ postId: post.id, status: "eligible", reasons: [] }],
      from: ["evaluating"],
      now: clock.now(),
    }).run();
    expect((await campaignRow(campaign.id))?.weeks_due_at).toBe(now + 10 * MINUTE);
    await closeDueWeeks({ db: env.DB, clock }, await dueOf(campaign.id));
    expect(await countClosedWeeks(env.DB, campaign.id)).toBe(1);
    // Next: the end of week 2's window, which is the campaign's end.
    expect((await campaignRow(campaign.id))?.weeks_due_at).toBe(startsAt + 2 * WEEK);
    // Not due again before then.
    await closeDueWeeks({ db: env.DB, clock }, await dueOf(campaign.id));
    expect(await countClosedWeeks(env.DB, campaign.id)).toBe(1);
  });
});

describe("the feedback inbox", () => {
  it("lists each filter newest first from its index and counts open and handled from the kept row", async () => {
    const author = buildUser("inbox_author", now);
    const admin = buildUser("inbox_handler", now);
    await env.DB.batch([
      ...insertUserStatements(env.DB, author, ["creator"]),
      ...insertUserStatements(env.DB, admin, ["admin"]),
      ...[1, 2, 3].map((n) =>
        insertFeedbackStatement(env.DB, { id: `fb-due-${n}`, userId: author.id, content: `Note ${n}`, pagePath: "/", createdAt: now + n }),
      ),
    ]);
    expect(await runQuery(feedbackCountsQuery(env.DB))).toEqual({ open: 3, handled: 0 });
    expect(await markFeedbackHandled(env.DB, "fb-due-3", admin.id, now + 10)).toBe(true);
    expect(await markFeedbackHandled(env.DB, "fb-due-3", admin.id, now + 11)).toBe(false);
    expect(await runQuery(feedbackCountsQuery(env.DB))).toEqual({ open: 2, handled: 1 });
    const ids = async (status: "open" | "handled" | "all") =>
      (await runQuery(feedbackInboxQuery(env.DB, status, 10))).map((item) => item.id);
    expect(await ids("open")).toEqual(["fb-due-2", "fb-due-1"]);
    expect(await ids("handled")).toEqual(["fb-due-3"]);
    expect(await ids("all")).toEqual(["fb-due-2", "fb-due-1", "fb-due-3"]);
  });
});
