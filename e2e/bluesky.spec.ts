import { emulatorUrls } from "../playwright.config";
import { closeWelcome, expect, gotoHydrated, signInAs, test } from "./fixtures";
import { serverBindings } from "./server-database";

test("a new creator signs in with Bluesky through the stand-in's OAuth (PAR, PKCE, DPoP) [signed out]", async ({ page }) => {
  const name = `sky${Date.now().toString(36)}`;
  const handle = `${name}.bsky.test`;
  // The account exists on Bluesky before Chorus can find its server from the handle.
  const signedUp = await page.request.post(`${emulatorUrls.bluesky}/emulator/accounts`, {
    form: { handle: name, display_name: "Sky Creator" },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(303);

  await gotoHydrated(page, "/");
  await page.getByLabel("Bluesky handle").fill(handle);
  await page.getByRole("button", { name: "Sign in with Bluesky" }).click();

  // The stand-in's approval page, as a PDS shows it.
  await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expect(page.getByText(`Signing in as ${handle}.`)).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`Sky Creator @${handle.replace(/\./g, "\\.")}`) }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${handle}`);
  await closeWelcome(page);
});

test("a Bluesky sign-up from a landing page keeps its attribution, and the profile links to the Bluesky profile [signed out]", async ({
  page,
}) => {
  const name = `land${Date.now().toString(36)}`;
  const handle = `${name}.bsky.test`;
  const signedUp = await page.request.post(`${emulatorUrls.bluesky}/emulator/accounts`, {
    form: { handle: name, display_name: "Landing Creator" },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(303);

  // Aurora's landing page, reached from a newsletter: the sign-in carries the same values as the X button's.
  await gotoHydrated(page, "/landing/aurora?utm_source=newsletter&utm_campaign=bluesky_e2e");
  const started = page.waitForRequest((request) => new URL(request.url()).pathname === "/auth/bluesky/read/login");
  await page.getByLabel("Bluesky handle").fill(handle);
  await page.getByRole("button", { name: "Join with Bluesky" }).click();
  expect(Object.fromEntries(new URL((await started).url()).searchParams)).toMatchObject({
    handle,
    afterLoginRedirectUrl: "/campaigns",
    trigger: "landing-aurora",
    domainType: "core",
    page_path: "/landing/aurora",
    utm_source: "newsletter",
    utm_campaign: "bluesky_e2e",
  });
  await page.getByRole("button", { name: new RegExp(`Landing Creator @${handle.replace(/\./g, "\\.")}`) }).click();
  await page.waitForURL((url) => url.pathname === "/campaigns");
  await closeWelcome(page);

  // The sign-up's attribution is stored as an X sign-up's is.
  const proxy = await serverBindings();
  try {
    const attribution = await proxy.env.DB.prepare(
      `SELECT utm_source, utm_campaign, first_utm_source, first_utm_campaign, device_id IS NOT NULL AS has_device
       FROM user_attribution JOIN network_accounts USING (user_id) WHERE network_accounts.network = 'bluesky' AND network_accounts.handle = ?`,
    )
      .bind(handle)
      .first();
    expect(attribution).toEqual({
      utm_source: "newsletter",
      utm_campaign: "bluesky_e2e",
      first_utm_source: "newsletter",
      first_utm_campaign: "bluesky_e2e",
      has_device: 1,
    });
  } finally {
    await proxy.dispose();
  }

  // The profile's handle is the Bluesky one, and links to it on Bluesky, not to a stranger on X.
  await gotoHydrated(page, "/profile");
  await expect(page.getByRole("link", { name: `@${handle}` })).toHaveAttribute("href", `https://bsky.app/profile/${handle}`);
});

test("an unknown Bluesky handle is named as the reason [signed out]", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByLabel("Bluesky handle").fill("nobody-here.bsky.test");
  await page.getByRole("button", { name: "Sign in with Bluesky" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We could not sign you in with Bluesky" })).toBeVisible();
  await expect(page.getByText("No Bluesky account answers to that handle.")).toBeVisible();
});

test("a creator with X and Bluesky accounts picks either network for a campaign on both, counted as each network counts", async ({
  page,
}) => {
  const suffix = Date.now().toString(36);
  const handle = `both${suffix}.bsky.test`;
  const signedUp = await page.request.post(`${emulatorUrls.bluesky}/emulator/accounts`, {
    form: { handle: `both${suffix}`, display_name: "Both Ways" },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(303);

  // Signed in with X, the creator links Bluesky (proving both) and joins Nimbus's campaign, which runs on both.
  const campaignPath = "/campaign/campaign-nimbus-backup";
  await signInAs(page, `both_${suffix}`, campaignPath);
  await page.goto(`/auth/bluesky/link?${new URLSearchParams({ handle, afterLoginRedirectUrl: campaignPath })}`);
  await page.getByRole("button", { name: new RegExp(`Both Ways @${handle.replace(/\./g, "\\.")}`) }).click();
  await page.waitForURL((url) => url.pathname === campaignPath);
  await gotoHydrated(page, campaignPath);
  await page.getByRole("button", { name: "Join campaign" }).click();
  await expect(page.getByRole("button", { name: "Join campaign" })).toBeHidden();

  await page.getByRole("banner").getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  const choice = dialog.getByRole("radiogroup", { name: "Post on" });
  await expect(choice.getByRole("radio", { name: "X" })).toBeChecked();
  await expect(choice.getByRole("radio", { name: "Bluesky" })).not.toBeChecked();
  await expect(choice).toContainText("280 characters. X's weighted count");
  await expect(choice).toContainText("300 characters. Bluesky counts graphemes");

  // 150 CJK characters after the disclosure: 304 as X weighs them (24 over), 154 graphemes on Bluesky.
  const content = `#ad ${"日".repeat(150)}`;
  await dialog.getByLabel("Your post").fill(content);
  await expect(dialog.getByTestId("character-count")).toHaveText("-24");
  await choice.getByRole("radio", { name: "Bluesky" }).check();
  await expect(dialog.getByTestId("character-count")).toHaveText("154/300");
  await expect(dialog.getByRole("figure", { name: "Preview of the post on Bluesky" })).toContainText("日日日");

  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByText("Posted on Bluesky. Your post is being evaluated.")).toBeVisible();
  const post = page.getByRole("region", { name: "Your posts" }).getByRole("listitem").filter({ hasText: content });
  await expect(post.getByText(/^Bluesky · Week \d+ · /)).toBeVisible();
  await expect(post.getByText("Evaluating", { exact: true })).toBeVisible();
});
