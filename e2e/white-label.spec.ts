import type { Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { countDocumentLoads, expect, gotoHydrated, signInAs, test } from "./fixtures";

const port = new URL(baseURL).port;
const brands = [
  { host: "aurora.localhost", name: "Aurora", layout: "dedicated", primary: "#0f766e" },
  { host: "nimbus.localhost", name: "Nimbus", layout: "dedicated", primary: "#1d4ed8" },
  { host: "acme.localhost", name: "Acme Rewards", layout: "partner", primary: "#b91c1c" },
  { host: "127.0.0.1", name: "Chorus", layout: "default", primary: "#4f46e5" },
] as const;

for (const brand of brands) {
  test(`${brand.host} shows its own layout and colours on first paint [signed out]`, async ({ browser }, testInfo) => {
    // Without JavaScript the page is exactly what the server sent: the first paint.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`http://${brand.host}:${port}/`);
    await expect(page.locator("html")).toHaveAttribute("data-brand-layout", brand.layout);
    await expect(page.getByRole("banner").getByText(brand.name, { exact: true })).toBeVisible();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--color-primary").trim());
    expect(primary).toBe(brand.primary);
    await testInfo.attach(`${brand.host} first paint`, { body: await page.screenshot(), contentType: "image/png" });
    await context.close();
  });
}

test("a signed-in creator on a dedicated brand's domain sees the co-branded app [signed out]", async ({ page }, testInfo) => {
  await page.goto(`http://aurora.localhost:${port}/`);
  const authorize = new URL(
    (await page.getByRole("main").getByRole("link", { name: "Sign in with X" }).getAttribute("href")) ?? "",
    page.url(),
  );
  await page.goto(authorize.toString());
  const emulator = new URL(page.url());
  emulator.searchParams.set("emulator_login", "aurora_fan");
  await page.goto(emulator.toString());
  await expect(page).toHaveURL(`http://aurora.localhost:${port}/`);
  await expect(page.getByRole("note")).toHaveText("Aurora creator rewards, run with Chorus");
  await expect(page.getByTestId("signed-in-handle")).toHaveText("@aurora_fan");
  await testInfo.attach("aurora signed in", { body: await page.screenshot(), contentType: "image/png" });
});

test("an unknown domain lands on /not-allowed [signed out]", async ({ page }) => {
  await page.goto(`http://stranger.localhost:${port}/campaigns`);
  await expect(page).toHaveURL(`http://stranger.localhost:${port}/not-allowed`);
  await expect(page.getByRole("heading", { level: 1, name: "This address is not connected to Chorus" })).toBeVisible();
});

test.describe("after a new deploy", () => {
  /**
   * A deploy, as the browser sees it: `builds/latest.json` (which scripts/build.ts writes last) names another build.
   * The file is answered in the browser, not written into build/client: the servers of the other Playwright workers
   * serve the same folder, and wrangler restarts a server whose assets change, stalling its journey's requests.
   */
  async function deployNewBuild(page: Page) {
    await page.route(/\/builds\/latest\.json\?/, (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ id: "a-newer-build", timestamp: Date.now() }) }),
    );
  }

  test("the hourly check notices the new build and the next navigation loads the page in full", async ({ page }) => {
    await page.clock.install();
    await signInAs(page, "deploy_watcher");
    await gotoHydrated(page, "/");
    const documentLoads = countDocumentLoads(page);
    const checks: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/builds/latest.json")) checks.push(new URL(request.url()).search);
    });

    // Nothing new yet: an hour passes, the check runs, navigation stays inside the app.
    await page.clock.runFor(3_600_000);
    await expect.poll(() => checks.length).toBe(1);
    expect(checks[0]).toMatch(/^\?\d{13}$/);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Campaigns" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All Campaigns" })).toBeVisible();
    expect(documentLoads()).toBe(0);

    // A deploy happens; the next hourly check sees a different build id.
    await deployNewBuild(page);
    await page.clock.runFor(3_600_000);
    await expect.poll(() => checks.length).toBe(2);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "@deploy_watcher" }).or(page.getByText("@deploy_watcher").first()),
    ).toBeVisible();
    await expect.poll(() => documentLoads()).toBe(1);
    await expect(page).toHaveURL("/profile");
  });
});

test("a code chunk that fails to load reloads the page once, not in a loop", async ({ page, consoleErrors }) => {
  const logged = consoleErrors.expectSome();
  await signInAs(page, "chunk_victim");
  await gotoHydrated(page, "/");
  // The deploy removed the old chunk of the campaigns page.
  await page.route(/\/assets\/campaigns-[\w-]+\.js$/, (route) => route.abort("failed"));
  const documentLoads = countDocumentLoads(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Campaigns" }).click();
  // React Router reloads the page it is on, which then comes from the newly deployed build.
  await expect.poll(() => documentLoads()).toBe(1);
  await page.waitForLoadState("networkidle");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  expect(documentLoads()).toBe(1);
  expect(logged.join("\n")).toContain("Error loading route module");
});
