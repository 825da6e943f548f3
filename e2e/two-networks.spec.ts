import { emulatorUrls } from "../playwright.config";
import { agePostOnX } from "../tests/support/x-emulator-controls.ts";
import { closeWelcome, collectConsoleErrors, expect, gotoHydrated, signInAs, storeConsent, test } from "./fixtures";
import { approveOnX, bringMaturityForward, openNewPost } from "./posting-steps";
import { serverBindings } from "./server-database";

/**
 * Issue 27's journey across networks (docs/decisions/044-campaign-networks.md): a new creator signs in with Bluesky,
 * joins Nimbus's campaign (seeded to run on X and Bluesky), links an X account in Settings, publishes one post to
 * each network through the editor's "Post on", and sees both scored and eligible. Two days pass on each network for
 * the posts (the stand-ins' age controls: their counts grow with a post's age), and maturity is brought forward in
 * the server's own D1, as the disclosure journey does; the scheduled handler then reads both back and matures them.
 * Nimbus's owner then finds both networks in the campaign's report (docs/decisions/049-reports-by-network.md).
 * What a creator sees when a post loses its X label or its #ad is e2e/disclosure.spec.ts.
 */
const CAMPAIGN_PATH = "/campaign/campaign-nimbus-backup";

test("a Bluesky creator links X, posts to both networks of a campaign and sees both posts scored and eligible [signed out]", async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const suffix = Date.now().toString(36);
  const blueskyHandle = `two${suffix}.bsky.test`;
  const xHandle = `two_${suffix}`;
  const signedUp = await page.request.post(`${emulatorUrls.bluesky}/emulator/accounts`, {
    form: { handle: `two${suffix}`, display_name: "Two Networks" },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(303);

  await test.step("signs in with Bluesky, approving on the stand-in's page", async () => {
    await gotoHydrated(page, "/");
    await page.getByLabel("Bluesky handle").fill(blueskyHandle);
    await page.getByRole("button", { name: "Sign in with Bluesky" }).click();
    await page.getByRole("button", { name: new RegExp(`Two Networks @${blueskyHandle.replace(/\./g, "\\.")}`) }).click();
    await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${blueskyHandle}`);
    await closeWelcome(page);
  });

  await test.step("sees on the dashboard's cards which networks each campaign runs on", async () => {
    const toJoin = page.getByRole("region", { name: "Campaigns you can join" });
    const cardOf = (title: string) => toJoin.getByRole("article").filter({ has: page.getByRole("link", { name: title }) });
    await expect(cardOf("Back up your work with Nimbus")).toContainText("Runs on X and Bluesky");
    await expect(cardOf("Aurora wallet launch week")).toContainText(/Runs on X(?! and)/);
  });

  await test.step("joins the campaign", async () => {
    await gotoHydrated(page, CAMPAIGN_PATH);
    await page.getByRole("button", { name: "Join campaign" }).click();
    await expect(page.getByRole("button", { name: "Join campaign" })).toBeHidden();
  });

  await test.step("links X from Settings, confirming on X's consent page as a new X account", async () => {
    await gotoHydrated(page, "/profile/settings");
    await page.getByRole("link", { name: "Link X account" }).click();
    await approveOnX(page, xHandle);
    await page.waitForURL((url) => url.pathname === "/profile/settings");
    await expect(page.getByText(`Linked: @${xHandle}`)).toBeVisible({ timeout: 15_000 });
  });

  const publish = async (network: "X" | "Bluesky", content: string) => {
    const { dialog } = await openNewPost(page);
    await dialog.getByRole("radiogroup", { name: "Post on" }).getByRole("radio", { name: network }).check();
    await dialog.getByLabel("Your post").fill(content);
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText(`Posted on ${network}. Your post is being evaluated.`)).toBeVisible();
  };
  const onX = `#ad My drafts stay safe with @nimbus #NimbusBackup (on X, ${suffix})`;
  const onBluesky = `#ad My drafts stay safe with @nimbus #NimbusBackup (on Bluesky, ${suffix})`;
  await test.step("publishes one post on each network", async () => {
    await gotoHydrated(page, CAMPAIGN_PATH);
    await publish("X", onX);
    await publish("Bluesky", onBluesky);
  });
  const yourPosts = page.getByRole("region", { name: "Your posts" });
  const xPost = yourPosts.getByRole("listitem").filter({ hasText: onX });
  const blueskyPost = yourPosts.getByRole("listitem").filter({ hasText: onBluesky });
  await expect(xPost.getByText(/^X · Week \d+ · /)).toBeVisible();
  await expect(xPost.getByText("Evaluating", { exact: true })).toBeVisible();
  await expect(blueskyPost.getByText(/^Bluesky · Week \d+ · /)).toBeVisible();
  await expect(blueskyPost.getByText("Evaluating", { exact: true })).toBeVisible();

  await test.step("two days pass on both networks; the scheduler reads both posts back and matures them", async () => {
    const proxy = await serverBindings();
    try {
      const db = proxy.env.DB;
      const idOnItsNetwork = (content: string) =>
        db.prepare(`SELECT network_post_id FROM posts WHERE content = ?`).bind(content).first<string>("network_post_id");
      const networkPostId = await idOnItsNetwork(onX);
      const blueskyUri = await idOnItsNetwork(onBluesky);
      if (networkPostId === null || blueskyUri === null) throw new Error("the posts are not in the database the server uses");

      // Two days pass for both posts on their networks: their counts are those of two-day-old posts.
      await agePostOnX(emulatorUrls.x, networkPostId, 48);
      const aged = await page.request.post(`${emulatorUrls.bluesky}/emulator/posts/age`, {
        form: { uri: blueskyUri, hours: "48" },
        maxRedirects: 0,
      });
      expect(aged.status()).toBe(303);

      // And for Chorus: both are due for their last read, and to mature on it.
      await bringMaturityForward(db, [onX, onBluesky]);
      const statuses = async () => {
        expect((await request.get("/cdn-cgi/handler/scheduled?cron=*+*+*+*+*")).ok()).toBe(true);
        const rows = await db
          .prepare(`SELECT network, status FROM posts WHERE content IN (?1, ?2) ORDER BY network`)
          .bind(onX, onBluesky)
          .all<{ network: string; status: string }>();
        return rows.results;
      };
      await expect.poll(statuses, { timeout: 30_000 }).toEqual([
        { network: "bluesky", status: "eligible" },
        { network: "x", status: "eligible" },
      ]);
    } finally {
      await proxy.dispose();
    }
  });

  await test.step("sees both posts eligible, and scored from both networks' counts on the week's leaderboard", async () => {
    await gotoHydrated(page, CAMPAIGN_PATH);
    await expect(xPost.getByText("Eligible", { exact: true })).toBeVisible();
    await expect(xPost.getByRole("list", { name: "Why" })).toContainText("Meets every rule of the campaign.");
    await expect(blueskyPost.getByText("Eligible", { exact: true })).toBeVisible();
    await expect(blueskyPost.getByRole("list", { name: "Why" })).toContainText("Meets every rule of the campaign.");
    const byScore = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Score" }) });
    const yourRow = byScore.getByRole("row").filter({ hasText: `@${blueskyHandle}` });
    await expect(yourRow.getByRole("cell").last()).toHaveText("1 on X, 1 on Bluesky");
    // Two days of counts on both networks: a score above zero (its figure depends on the stand-ins' counts).
    await expect(yourRow.getByRole("cell").nth(1)).toHaveText(/^[1-9][\d,]*$/);
  });

  await test.step("Nimbus's owner sees the campaign's report split between X and Bluesky", async () => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const owner = await context.newPage();
    const ownerErrors = collectConsoleErrors(owner);
    await storeConsent(owner);
    try {
      const reportPath = "/advertiser/advertiser-nimbus/campaigns/campaign-nimbus-backup/report";
      await signInAs(owner, "nimbus_team", reportPath);
      await gotoHydrated(owner, reportPath);
      const byNetwork = owner.getByRole("list", { name: "Figures by network" });
      await expect(byNetwork.getByRole("heading", { level: 3 })).toHaveText(["X", "Bluesky"]);
      // The creator's Bluesky post (and any the seed made there) counts; Bluesky publishes no view counts.
      const bluesky = byNetwork.getByRole("listitem").filter({ has: owner.getByRole("heading", { name: "Bluesky" }) });
      await expect(bluesky.getByRole("definition").first()).toHaveText(/^[1-9][\d,]*$/);
      await expect(bluesky).toContainText("Not published by Bluesky");
      expect(ownerErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
