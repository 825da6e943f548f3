import { baseURL } from "../playwright.config";
import { closeWelcome, expect, gotoHydrated, test } from "./fixtures";

test("a new creator signs in through X, stays signed in across a reload, and signs out [signed out]", async ({ page, consoleErrors }) => {
  // Eight page loads through two origins: 10 s alone, over 26 s on a busy machine, and CI once passed 30 s.
  test.setTimeout(60_000);
  const loggedErrors = consoleErrors.expectSome();
  const handle = `new_${Date.now().toString(36)}`;
  await gotoHydrated(page, "/?utm_source=e2e");
  await expect(page.getByRole("heading", { level: 1, name: "Get rewarded for what you post on X and Bluesky" })).toBeVisible();

  await page.getByRole("main").getByRole("link", { name: "Sign in with X" }).click();
  // X's consent page (the emulator locally): create a new account and sign in with it.
  await expect(page.getByRole("heading", { name: /wants to access your X account/ })).toBeVisible();
  await page.getByLabel("Handle").fill(handle);
  await page.getByLabel("Display name").fill("New Creator");
  await page.getByRole("button", { name: "Create and sign in" }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${handle}`);
  // A first sign-in is greeted once.
  await closeWelcome(page);
  await expect(page.getByRole("link", { name: "Aurora wallet launch week" })).toBeVisible();
  // The browser traded its session cookie for API tokens, kept under the spec's storage keys.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("refresh_token"))).not.toBeNull();
  expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBe(
    await page.evaluate(() => localStorage.getItem("session_token")),
  );

  await page.reload();
  await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${handle}`);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New Creator" })).toBeVisible();
  // Signing out is what this checks, not a tap before the page is interactive (e2e/taps-before-interactive covers those).
  // In one full run on a loaded machine, a sign-out tapped before then ended on /profile instead of the start page.
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, "chorus:interactive");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Get rewarded for what you post on X and Bluesky" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("access_token"))).toBeNull();
  const profile = await page.goto("/profile");
  expect(profile?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to continue" })).toBeVisible();
  // The only error the browser saw is that last page's own 401 status.
  expect(loggedErrors).toEqual(["Failed to load resource: the server responded with a status of 401 (Unauthorized)"]);
});

test("cancelling at X comes back signed out with login=cancelled [signed out]", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByRole("main").getByRole("link", { name: "Sign in with X" }).click();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL("/?login=cancelled");
  await expect(page.getByRole("heading", { level: 1, name: "Get rewarded for what you post on X and Bluesky" })).toBeVisible();
});

test("a page of the app asks a signed-out visitor to sign in and returns there afterwards [signed out]", async ({
  page,
  consoleErrors,
}) => {
  const loggedErrors = consoleErrors.expectSome();
  const response = await page.goto("/campaigns");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to continue" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Sign in with X" }).click();
  await page
    .getByRole("button", { name: /Sign in as @|Create and sign in/ })
    .first()
    .waitFor();
  const authorize = new URL(page.url());
  authorize.searchParams.set("emulator_login", "back_again");
  await page.goto(authorize.toString());
  await expect(page).toHaveURL("/campaigns");
  await expect(page.getByRole("heading", { level: 1, name: "All Campaigns" })).toBeVisible();
  await expect(page.getByTestId("signed-in-handle")).toHaveText("@back_again");
  expect(loggedErrors).toEqual(["Failed to load resource: the server responded with a status of 401 (Unauthorized)"]);
});

test("the read-login buttons say where they were pressed, and the pressed one is busy until the page leaves for X [signed out]", async ({
  page,
  consoleErrors,
}) => {
  const loggedErrors = consoleErrors.expectSome();
  // A campaign page on a partner's domain, for a visitor: the page asks them to sign in.
  const partnerOrigin = `http://acme.localhost:${new URL(baseURL).port}`;
  await gotoHydrated(page, `${partnerOrigin}/campaign/campaign-aurora-launch?utm_source=e2e`);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in to continue" })).toBeVisible();

  const queryOf = async (href: string | null) => Object.fromEntries(new URL(href ?? "", partnerOrigin).searchParams);
  const header = page.getByRole("banner").getByRole("link", { name: "Sign in" });
  expect(await queryOf(await header.getAttribute("href"))).toMatchObject({
    trigger: "header",
    domainType: "partner",
    partnerName: "acme",
    campaignId: "campaign-aurora-launch",
  });

  const loginStarts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/auth/twitter/read/login") loginStarts.push(request.url());
  });
  const prompt = page.getByRole("main").getByRole("link", { name: "Sign in with X" });
  await expect(prompt).not.toHaveAttribute("aria-busy");
  // The page reports the button's state the moment it changes (the page is gone soon after), and presses it once
  // more while it is busy.
  const reports: string[] = [];
  page.on("console", (message) => {
    if (message.text().startsWith("sign-in button:")) reports.push(message.text());
  });
  await prompt.evaluate((link: HTMLElement) => {
    const observer = new MutationObserver(() => {
      console.log(`sign-in button: aria-busy=${link.getAttribute("aria-busy")} aria-disabled=${link.getAttribute("aria-disabled")}`);
      if (link.getAttribute("aria-busy") === "true") {
        observer.disconnect();
        link.click();
      }
    });
    observer.observe(link, { attributes: true, attributeFilter: ["aria-busy", "aria-disabled"] });
  });
  await prompt.click();
  await page.waitForURL(/\/i\/oauth2\/authorize/);
  expect(reports).toEqual(["sign-in button: aria-busy=true aria-disabled=true"]);
  // The press while busy started nothing more.
  expect(loginStarts).toHaveLength(1);
  expect(await queryOf(loginStarts[0] ?? null)).toMatchObject({
    afterLoginRedirectUrl: "/campaign/campaign-aurora-launch?utm_source=e2e",
    trigger: "sign-in-prompt",
    domainType: "partner",
    partnerName: "acme",
    campaignId: "campaign-aurora-launch",
    utm_source: "e2e",
    page_path: "/campaign/campaign-aurora-launch",
  });
  expect(loggedErrors).toEqual(["Failed to load resource: the server responded with a status of 401 (Unauthorized)"]);
});

test("the start page's button names itself and the core domain [signed out]", async ({ page }) => {
  await gotoHydrated(page, "/");
  const href = await page.getByRole("main").getByRole("link", { name: "Sign in with X" }).getAttribute("href");
  const query = Object.fromEntries(new URL(href ?? "", baseURL).searchParams);
  expect(query).toEqual({ afterLoginRedirectUrl: "/", trigger: "start-page", domainType: "core" });
});
