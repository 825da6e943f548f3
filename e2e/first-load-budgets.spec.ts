import { readdirSync, readFileSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { firstLoadAssets, gzipBytes } from "../bench/first-load-bytes.ts";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/**
 * First-load bytes (issue 14): the gzip size of every JS and CSS file a page's HTML names (module preloads,
 * stylesheets, scripts, the inline imports), read from the production build. A signed-in page's HTML also names the
 * chunks it loads on demand at once (the signed-in frame, the dashboard), so they count. Public pages stay within
 * 140 KB, signed-in pages within 160 KB (KB = 1,024 bytes). The figure of each page is in the test's annotations.
 */
const KB = 1024;
const publicBudget = 140 * KB;
const signedInBudget = 160 * KB;

const publicPages = [
  { name: "home, signed out", path: "/" },
  { name: "landing", path: "/landing/aurora" },
  { name: "article", path: "/articles/terms" },
  { name: "invitation", path: "/invitation/invite-lumen-insiders" },
  { name: "not allowed", path: "/not-allowed" },
  { name: "page not found", path: "/no-such-page" },
];

const signedInPages = [
  { name: "dashboard", path: "/" },
  { name: "campaign", path: "/campaign/campaign-aurora-launch" },
  { name: "profile", path: "/profile" },
];

async function firstLoadBytes(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { Accept: "text/html" }, failOnStatusCode: false });
  expect(response.headers()["content-type"]).toContain("text/html");
  const assets = firstLoadAssets(await response.text());
  expect(assets.length, `${path} names its scripts`).toBeGreaterThan(0);
  return { ...gzipBytes(assets), count: assets.length };
}

function report(name: string, path: string, bytes: { total: number; count: number }) {
  const figure = `${(bytes.total / KB).toFixed(1)} KB gzip in ${bytes.count} files`;
  test.info().annotations.push({ type: "first-load", description: `${name} (${path}): ${figure}` });
  console.log(`first load of ${name} (${path}): ${figure}`);
}

/**
 * Each file is a request on the way to an interactive page. The shell (what the root imports) is one chunk
 * (vite.config.ts), so a public page names about 16 files; automatic splitting had made 27–36 of them.
 */
const publicFileCeiling = 20;

test("public pages load at most 140 KB of JS and CSS (gzip), in at most 20 files", async ({ request }) => {
  for (const { name, path } of publicPages) {
    const bytes = await firstLoadBytes(request, path);
    report(name, path, bytes);
    expect.soft(bytes.total, `${name} (${path})`).toBeLessThanOrEqual(publicBudget);
    expect.soft(bytes.count, `files named by ${name} (${path})`).toBeLessThanOrEqual(publicFileCeiling);
  }
});

/**
 * Signed-in pages render and hydrate from their loader data: the API clients (tRPC, zod/mini and the contracts that
 * parse answers) load with the first call (app/lib/api/on-demand.ts), dialogs with their first opening. What the first
 * render needs, TanStack Query among it, is named in the HTML and counts.
 */
test("signed-in pages load at most 160 KB of JS and CSS (gzip)", async ({ page }) => {
  await signInAs(page, "budget_reader");
  for (const { name, path } of signedInPages) {
    const bytes = await firstLoadBytes(page.request, path);
    report(name, path, bytes);
    expect.soft(bytes.total, `${name} (${path})`).toBeLessThanOrEqual(signedInBudget);
  }
});

/** Every script of the production build, by file name, as the browser gets it. */
function builtScripts(): { name: string; text: string }[] {
  const assetsDir = "build/client/assets";
  return readdirSync(assetsDir)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, text: readFileSync(`${assetsDir}/${name}`, "utf8") }));
}

/**
 * zod's classes register their names as strings, which minifying keeps: the full build's `ZodObject`, zod/mini's
 * `ZodMiniObject`. The browser parses with zod/mini (the contracts are written with it); the full zod, about 15 KB gzip
 * more, belongs to the worker. The zod/mini name is the control: it shows the names are still there to be found.
 */
test("the browser's scripts carry zod/mini, not the full zod", () => {
  const scripts = builtScripts();
  const containing = (className: string) =>
    scripts.filter(({ text }) => new RegExp(`[\`"']${className}[\`"']`).test(text)).map(({ name }) => name);
  expect(containing("ZodMiniObject"), "some script parses with zod/mini").not.toEqual([]);
  expect(containing("ZodObject"), "scripts with the full zod").toEqual([]);
});

/**
 * zod/mini keeps only what the contracts call, unless something holds its whole namespace: a dynamic
 * `import("zod/mini")` did, and brought every translation of zod's messages and its JSON Schema converter (82 KB gzip)
 * to every signed-in page after hydration. The browser has no messages but English, so no other language may appear.
 */
test("the browser's scripts carry none of zod's translations", () => {
  const translated = ["Ungültige Eingabe", "Nieprawidłowe dane wejściowe", "Entrada inválida"];
  const carrying = builtScripts().filter(({ text }) => translated.some((message) => text.includes(message)));
  expect(carrying.map(({ name }) => name)).toEqual([]);
});

/**
 * The server-rendered page needs only its stylesheet to paint; the scripts hydrate it. They are fetched once it has
 * painted (app/lib/scripts-after-first-paint.server.ts): on a slow network the first paint does not share the line with
 * 130 KB of scripts, and on a slow phone the first frame does not wait for their compiling. The stylesheet is fetched
 * at the highest priority, before the paint; every script the HTML names is fetched after it, and the page hydrates.
 */
test("a page paints with its stylesheet first and fetches its scripts after the paint", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const priorities = new Map<string, string>();
  cdp.on("Network.requestWillBeSent", ({ request }) => {
    const path = new URL(request.url).pathname;
    if (!priorities.has(path)) priorities.set(path, request.initialPriority);
  });
  for (const path of ["/", "/landing/aurora"]) {
    priorities.clear();
    await gotoHydrated(page, path);
    const named = firstLoadAssets(await (await page.request.get(path, { headers: { Accept: "text/html" } })).text());
    const scripts = named.filter((asset) => asset.endsWith(".js"));
    const stylesheets = named.filter((asset) => asset.endsWith(".css"));
    expect(scripts.length, `${path} names its scripts`).toBeGreaterThan(3);
    const { firstPaint, fetchStarts } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      fetchStarts: Object.fromEntries(
        performance.getEntriesByType("resource").map((entry) => [new URL(entry.name).pathname, entry.startTime]),
      ) as Record<string, number>,
    }));
    expect(firstPaint, `${path} painted`).not.toBeNull();
    for (const script of scripts)
      expect.soft(fetchStarts[script], `${path}: ${script} fetched after the paint`).toBeGreaterThan(firstPaint ?? 0);
    for (const stylesheet of stylesheets) {
      expect.soft(priorities.get(stylesheet), `${path}: ${stylesheet}`).toBe("VeryHigh");
      expect.soft(fetchStarts[stylesheet], `${path}: ${stylesheet} fetched before the paint`).toBeLessThan(firstPaint ?? 0);
    }
  }
});
