import { DAY, HOUR } from "../worker/clock.ts";
import { insertCampaignStatement } from "../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../worker/db/memberships.ts";
import { buildCampaign, buildPost, polledPostsStatements } from "../fixtures/factories.ts";
import { depositAdvertiserFunds, fundCampaign } from "../worker/domain/ledger/funding.ts";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { serverBindings } from "./server-database";

/**
 * A creator confirms payout for a campaign where they have an eligible post, and sees their balance once the
 * campaign is evaluated. The campaign is set up in the server's own D1 (`serverStateDir`, playwright.config.ts)
 * through wrangler's platform proxy, as the seed script does: it has ended and its post has matured, but its
 * maturity period is still running, so the scheduler (ticking every minute) leaves it alone until the test ends that
 * period and calls the scheduled handler itself (`/cdn-cgi/handler/scheduled` of `wrangler dev`, scripts/start.ts).
 */
const rewardUsdc = 12_340_000;

test("a creator confirms a payout and sees the balance change after evaluation", async ({ page, request }) => {
  test.setTimeout(90_000);
  const handle = `payout_${Date.now().toString(36)}`;
  await signInAs(page, handle);

  const proxy = await serverBindings();
  try {
    const db = proxy.env.DB;
    const clock = { now: () => Date.now() };
    const now = clock.now();
    const user = await db.prepare(`SELECT id FROM users WHERE handle = ?`).bind(handle).first<{ id: string }>();
    if (user === null) throw new Error(`${handle} is not in the database the server uses`);

    const key = `e2e-payout-${now.toString(36)}`;
    const campaign = buildCampaign(key, { id: "advertiser-aurora" }, "evaluating", now, {
      title: `Payout journey ${now.toString(36)}`,
      startsAt: now - 8 * DAY,
      endsAt: now - 3 * DAY,
      // Still maturing for a long while: the scheduler must not evaluate it before the payout is confirmed.
      maturityHours: 24 * 365,
      weeklyPool: rewardUsdc,
      bonusPool: 0,
      creatorCapBps: 10_000,
    });
    const postedAt = campaign.startsAt + HOUR;
    const post = buildPost(key, campaign, user, "eligible", now, { postedAt, campaignWeek: 1, content: "#ad Confirming my payout #e2e" });
    await db.batch([
      insertCampaignStatement(db, campaign),
      ...joinCampaignStatements(db, campaign.id, user.id, campaign.startsAt),
      ...polledPostsStatements(
        db,
        [
          {
            post,
            metrics: { impressions: 1_200, likes: 30, reposts: 4, replies: 6, quotes: 1, bookmarks: 5 },
            score: 2_470,
            polledAt: postedAt + 48 * HOUR,
            maturedAt: postedAt + 48 * HOUR,
          },
        ],
        now,
      ),
    ]);
    await depositAdvertiserFunds(db, clock, {
      advertiserId: "advertiser-aurora",
      currency: "USDC",
      amount: rewardUsdc,
      idempotencyKey: `deposit:${key}`,
    });
    await fundCampaign(db, clock, campaign.id);

    await gotoHydrated(page, "/profile");
    const balance = page.getByRole("region", { name: "Balance" });
    await expect(balance).toBeVisible();
    await expect(balance).not.toContainText("12.34 USDC");

    await gotoHydrated(page, `/campaign/${campaign.id}`);
    await page.getByRole("button", { name: "Confirm payout" }).click();
    await expect(page.getByText("Payout confirmed")).toBeVisible();
    // The page's data is read again (its post is claimed now, none is left to claim); the confirmation stays.
    await expect(page.getByText("Claimed", { exact: true })).toBeVisible();
    await expect(page.getByText("Payout confirmed")).toBeVisible();

    // The maturity period ends; the next scheduler run evaluates the campaign.
    await db.prepare(`UPDATE campaigns SET maturity_hours = 48 WHERE id = ?`).bind(campaign.id).run();
    const status = async () => {
      expect((await request.get("/cdn-cgi/handler/scheduled?cron=*+*+*+*+*")).ok()).toBe(true);
      return db.prepare(`SELECT status FROM campaigns WHERE id = ?`).bind(campaign.id).first<string>("status");
    };
    await expect.poll(status, { timeout: 30_000 }).toBe("evaluated");

    await gotoHydrated(page, "/profile");
    await expect(page.getByRole("region", { name: "Balance" })).toContainText("12.34 USDC");
  } finally {
    await proxy.dispose();
  }
});
