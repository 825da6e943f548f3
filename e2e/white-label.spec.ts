import { readFileSync, rmSync, writeFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
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
  const clientDir = "build/client";
  const latestPath = `${clientDir}/builds/latest.json`;
  const newBuildId = "a-newer-build";
  const newBuildMeta = `builds/meta/${newBuildId}.json`;
  let original = "";
  test.beforeEach(() => {
    original = readFileSync(latestPath, "utf8");
  });

  /** Waits until the server answers the new build's meta with `status`: only the restarted server knows the change. */
  const newBuildMetaAnswers = (request: APIRequestContext, status: number) =>
    expect.poll(async () => (await request.get(`/${newBuildMeta}`)).status(), { timeout: 15_000 }).toBe(status);

  /**
   * A deploy as scripts/build.ts writes one (its meta, then `latest.json`), live once the server answers its meta.
   * The local server restarts on changes to its assets: a request in flight at that moment is answered 503, so the
   * page is given nothing to do until the restarted server serves the new file (requests that arrive meanwhile wait).
   */
  async function deployNewBuild(request: APIRequestContext) {
    const { id } = JSON.parse(original) as { id: string };
    writeFileSync(`${clientDir}/${newBuildMeta}`, readFileSync(`${clientDir}/builds/meta/${id}.json`));
    writeFileSync(latestPath, JSON.stringify({ id: newBuildId, timestamp: Date.now() }));
    await newBuildMetaAnswers(request, 200);
  }

  test.afterEach(async ({ request }) => {
    writeFileSync(latestPath, original);
    rmSync(`${clientDir}/${newBuildMeta}`, { force: true });
    // The server restarted without the new build's meta (until then it answers 500 for the missing file).
    await newBuildMetaAnswers(request, 404);
  });

  test("the hourly check notices the new build and the next navigation loads the page in full", async ({ page, request }) => {
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
    await deployNewBuild(request);
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
