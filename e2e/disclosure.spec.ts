import { emulatorUrls } from "../playwright.config";
import { editPostTextOnX, removePaidPartnershipLabel } from "../tests/support/x-emulator-controls.ts";
import { expect, gotoHydrated, test } from "./fixtures";
import { serverBindings } from "./server-database";
import { allowPostingInPopup, bringMaturityForward, CAMPAIGN_PATH, joinAuroraLaunch, openNewPost } from "./posting-steps";

/**
 * Evaluation reads the disclosure back (docs/decisions/041-disclosure.md). A creator publishes two posts through the
 * editor; on X, one loses its "Paid partnership" label and the other has its #ad edited away. Their maturity is
 * brought forward in the server's own D1 (`serverStateDir` of playwright.config.ts, through wrangler's platform proxy, as the rewards
 * journey does) instead of waiting 48 hours; the scheduled handler then reads both back from X and matures them.
 */

test("a post whose X label was removed, or whose #ad was edited away, shows as not eligible with the reason", async ({ page, request }) => {
  test.setTimeout(90_000);
  const handle = `disc_${Date.now().toString(36)}`;
  await joinAuroraLaunch(page, handle);

  const publish = async (content: string, firstPost: boolean) => {
    const { dialog } = await openNewPost(page);
    await dialog.getByLabel("Your post").fill(content);
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    if (firstPost) await allowPostingInPopup(page, dialog, handle);
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    const listed = page.getByRole("region", { name: "Your posts" }).getByRole("listitem").filter({ hasText: content });
    await expect(listed.getByText("Evaluating", { exact: true })).toBeVisible();
  };
  const unlabelled = `#ad The label comes off this one ${handle}`;
  const edited = `#ad This one loses its disclosure ${handle}`;
  await publish(unlabelled, true);
  await publish(edited, false);

  const proxy = await serverBindings();
  try {
    const db = proxy.env.DB;
    const networkPostIdOf = (content: string) =>
      db.prepare(`SELECT network_post_id FROM posts WHERE content = ?`).bind(content).first<string>("network_post_id");
    const unlabelledId = await networkPostIdOf(unlabelled);
    const editedId = await networkPostIdOf(edited);
    if (unlabelledId === null || editedId === null) throw new Error("the posts are not in the database the server uses");

    // What the creator does on X, outside Chorus.
    await removePaidPartnershipLabel(emulatorUrls.x, unlabelledId);
    await editPostTextOnX(emulatorUrls.x, editedId, `This one loses its disclosure ${handle}`);

    // Their 48 hours are up: due for a last read from X, and to mature on it.
    await bringMaturityForward(db, [unlabelled, edited]);
    const statuses = async () => {
      expect((await request.get("/cdn-cgi/handler/scheduled?cron=*+*+*+*+*")).ok()).toBe(true);
      const rows = await db
        .prepare(`SELECT status FROM posts WHERE content IN (?1, ?2) ORDER BY content`)
        .bind(unlabelled, edited)
        .all<{ status: string }>();
      return rows.results.map((row) => row.status);
    };
    await expect.poll(statuses, { timeout: 30_000 }).toEqual(["not-eligible", "not-eligible"]);
  } finally {
    await proxy.dispose();
  }

  await gotoHydrated(page, CAMPAIGN_PATH);
  const yourPosts = page.getByRole("region", { name: "Your posts" });
  const labelRemoved = yourPosts.getByRole("listitem").filter({ hasText: unlabelled });
  await expect(labelRemoved.getByText("Not eligible", { exact: true })).toBeVisible();
  await expect(labelRemoved.getByRole("list", { name: "Why" })).toContainText(
    'The post\'s "Paid partnership" label was removed on X: a sponsored post must keep it.',
  );
  const disclosureGone = yourPosts.getByRole("listitem").filter({ hasText: edited });
  await expect(disclosureGone.getByText("Not eligible", { exact: true })).toBeVisible();
  await expect(disclosureGone.getByRole("list", { name: "Why" })).toContainText(
    "The post no longer opens with #ad: a sponsored post must say it is an ad, up front.",
  );
});
