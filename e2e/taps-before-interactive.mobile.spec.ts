import type { Locator, Page } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";
import { mobilePhone, throttleLikeAPhone } from "./mobile-profile";

/**
 * No tap lost (docs/decisions/031-no-tap-lost.md). On Lighthouse's mobile profile, really throttled, each control a
 * person can tap before the page is interactive is tapped 250 ms after it shows, and does what it says, once.
 *
 * The page's scripts are held back until the tap has been taken, so the tap always lands before the page is
 * interactive, however fast this machine is; the throttling still shapes everything after. A button shows at once
 * that it took the tap (pressed and busy) and acts once the page is interactive; a link works without scripts.
 */
test.use({ ...mobilePhone });
test.slow();

/** How long after a control shows the person taps it: the scenario's own input, not a wait for the page. */
const REACTION_MS = 250;
/** Everything after the scripts are released runs on the throttled profile. */
const throttled = { timeout: 45_000 };

/** Opens `path` throttled like a phone, with the page's scripts held until `releaseScripts` is called. */
async function openHeld(page: Page, path: string): Promise<{ releaseScripts: () => void }> {
  let releaseScripts = () => {};
  const released = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await throttleLikeAPhone(await page.context().newCDPSession(page));
  await page.goto(path, { waitUntil: "commit" });
  return { releaseScripts };
}

/** Taps `control` REACTION_MS after it shows, timed inside the page from the frame it became visible in. */
async function tapOnceShown(control: Locator): Promise<void> {
  await control.evaluate(
    (element, reactionMs) =>
      new Promise<void>((resolve) => {
        const whenVisible = () => (element.checkVisibility() ? setTimeout(resolve, reactionMs) : requestAnimationFrame(whenVisible));
        whenVisible();
      }),
    REACTION_MS,
  );
  await control.tap();
}

/** A button tapped before the page is interactive shows at once that the tap was taken. */
async function expectTapTaken(button: Locator): Promise<void> {
  await expect(button).toHaveAttribute("data-tap-pending", "");
  await expect(button).toHaveAttribute("aria-busy", "true");
}

function countRequests(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

test.describe("signed out", () => {
  test.use({ storedConsent: null });

  test("Allow all in the cookie bar: the bar goes and the choice is stored", async ({ page }) => {
    const { releaseScripts } = await openHeld(page, "/");
    const bar = page.getByRole("region", { name: "Cookie consent" });
    const allowAll = bar.getByRole("button", { name: "Allow all" });
    await tapOnceShown(allowAll);
    await expectTapTaken(allowAll);

    releaseScripts();
    await expect(bar).toBeHidden(throttled);
    expect(await page.evaluate(() => window.localStorage.getItem("userConsent"))).toBe("allow-all");
  });

  test("Sign in is a link: the login starts without the page's scripts", async ({ page }) => {
    const { releaseScripts } = await openHeld(page, "/");
    await tapOnceShown(page.getByRole("banner").getByRole("link", { name: "Sign in" }));
    await page.waitForURL(/\/i\/oauth2\/authorize\?/, throttled);
    releaseScripts();
  });
});

test("Join campaign: joined, once", async ({ page }) => {
  await signInAs(page, "tap_joiner");
  const joins = countRequests(page, "POST", /^\/v1\/page\/campaign\/campaign-aurora-launch\/join$/);
  const { releaseScripts } = await openHeld(page, "/campaign/campaign-aurora-launch");
  const join = page.getByRole("button", { name: "Join campaign" });
  await tapOnceShown(join);
  await expectTapTaken(join);

  releaseScripts();
  await expect(page.getByRole("status").filter({ hasText: "You joined this campaign." })).toBeVisible(throttled);
  expect(joins()).toBe(1);
});

test("Confirm payout: ada_creates's eligible post is claimed, once", async ({ page }) => {
  await signInAs(page, "ada_creates");
  const confirmations = countRequests(page, "POST", /^\/v1\/action\/payout\/confirm\/campaign-nimbus-backup$/);
  const { releaseScripts } = await openHeld(page, "/campaign/campaign-nimbus-backup");
  const confirm = page.getByRole("button", { name: "Confirm payout" });
  await tapOnceShown(confirm);
  await expectTapTaken(confirm);

  releaseScripts();
  await expect(page.getByText("Payout confirmed.")).toBeVisible(throttled);
  expect(confirmations()).toBe(1);
});

test("Withdraw: bytebard's withdrawal dialog opens", async ({ page }) => {
  await signInAs(page, "bytebard");
  const { releaseScripts } = await openHeld(page, "/");
  const withdraw = page.getByRole("region", { name: "Earnings so far" }).getByRole("button", { name: "Withdraw USDC" });
  await tapOnceShown(withdraw);
  await expectTapTaken(withdraw);

  releaseScripts();
  await expect(page.getByRole("dialog", { name: "Withdraw USDC" })).toBeVisible(throttled);
});

test("New Post: the editor opens for ada_creates, who has a running campaign", async ({ page }) => {
  await signInAs(page, "ada_creates");
  const { releaseScripts } = await openHeld(page, "/");
  const newPost = page.getByRole("banner").getByRole("button", { name: "New Post" });
  // Rendered usable by the server, so the tap is not refused while the campaigns are still being asked for.
  await expect(newPost).toHaveAttribute("aria-disabled", "false");
  await tapOnceShown(newPost);
  await expectTapTaken(newPost);

  releaseScripts();
  await expect(page.getByRole("dialog", { name: "New post" })).toBeVisible(throttled);
});

test("the bell: the notification sidebar opens, and stays open", async ({ page }) => {
  await signInAs(page, "bytebard");
  const { releaseScripts } = await openHeld(page, "/");
  const bell = page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
  await tapOnceShown(bell);
  await expectTapTaken(bell);

  releaseScripts();
  // A tap replayed twice would toggle the sidebar shut again.
  await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible(throttled);
  await expect(bell).toHaveAttribute("aria-expanded", "true");
});

test("the mobile menu opens, and stays open", async ({ page }) => {
  await signInAs(page, "tap_menu_opener");
  const { releaseScripts } = await openHeld(page, "/");
  const toggle = page.getByRole("banner").getByRole("button", { name: "Open menu" });
  await tapOnceShown(toggle);
  await expectTapTaken(toggle);

  releaseScripts();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible(throttled);
  await expect(page.getByRole("banner").getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
});
