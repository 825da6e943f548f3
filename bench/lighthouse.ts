/**
 * Lighthouse (mobile, its default form factor and simulated throttling) on Debian's Chromium against the production
 * build, five runs per page, each in a fresh browser; the median is what to read, the runs show the spread. Each run's
 * whole report is kept in bench-results/lighthouse/<page>-<run>.json (open it in the Lighthouse viewer).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Launcher, launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath, headlessChromiumFlagsAfter } from "../e2e/chromium.ts";
import { fileSlug, percentile } from "./measure.ts";

/** `cookie` (`name=value`) signs the page in: it is put in the browser's cookie jar before the run. */
export type LighthousePage = { name: string; url: string; cookie?: string };

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  observedFirstPaintMs: number;
  /** Audits scoring below 0.9, Lighthouse's own pass mark. */
  failingAudits: string[];
};

export type LighthousePageResult = { page: string; url: string; runs: LighthouseRun[]; median: Omit<LighthouseRun, "failingAudits"> };

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function score(lhr: Lhr, category: string): number {
  return Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
}

function numeric(lhr: Lhr, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

function observedFirstPaint(lhr: Lhr): number {
  const details = lhr.audits.metrics?.details;
  const item = details?.type === "debugdata" ? (details.items[0] as Record<string, unknown> | undefined) : undefined;
  return typeof item?.observedFirstPaint === "number" ? item.observedFirstPaint : Number.NaN;
}

/** Where each run's whole report goes (bench-results is not committed), to open in the Lighthouse viewer. */
const reportDir = "bench-results/lighthouse";
const reportName = (page: LighthousePage, run: number) => `${fileSlug(page.name)}-${run}.json`;

/**
 * The session cookie in the browser's own jar, as a browser keeps it after signing in (Lighthouse keeps cookies between
 * its storage resets). Given instead as a header on every request (Lighthouse's `extraHeaders`), the page's own token
 * request was refused (401) and the app signed out and loaded the page again: Lighthouse measured that sign-out, a
 * "redirect" and a second load, not the dashboard.
 */
async function putCookieInJar(port: number, url: string, cookie: string): Promise<void> {
  const [name = "", value = ""] = cookie.split("=", 2);
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", reject, { once: true });
    });
    const reply = new Promise<{ error?: { message: string } }>((resolve) => {
      socket.addEventListener("message", (event) => resolve(JSON.parse(String(event.data)) as { error?: { message: string } }), {
        once: true,
      });
    });
    socket.send(JSON.stringify({ id: 1, method: "Storage.setCookies", params: { cookies: [{ name, value, url }] } }));
    const { error } = await reply;
    if (error !== undefined) throw new Error(`Putting the session cookie in Chromium's jar: ${error.message}`);
  } finally {
    socket.close();
  }
}

async function runOnce(page: LighthousePage, run: number): Promise<LighthouseRun> {
  const chrome = await launch({
    chromePath: chromiumPath,
    chromeFlags: headlessChromiumFlagsAfter(Launcher.defaultFlags()),
    logLevel: "error",
  });
  try {
    if (page.cookie !== undefined) await putCookieInJar(chrome.port, page.url, page.cookie);
    const result = await lighthouse(page.url, { port: chrome.port, output: "json", logLevel: "error" });
    if (result === undefined) throw new Error(`Lighthouse gave no result for ${page.url}`);
    const { lhr } = result;
    if (lhr.runtimeError !== undefined) throw new Error(`Lighthouse on ${page.url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, reportName(page, run)), JSON.stringify(lhr));
    return {
      performance: score(lhr, "performance"),
      accessibility: score(lhr, "accessibility"),
      bestPractices: score(lhr, "best-practices"),
      seo: score(lhr, "seo"),
      fcpMs: numeric(lhr, "first-contentful-paint"),
      lcpMs: numeric(lhr, "largest-contentful-paint"),
      tbtMs: numeric(lhr, "total-blocking-time"),
      cls: numeric(lhr, "cumulative-layout-shift"),
      observedFirstPaintMs: observedFirstPaint(lhr),
      failingAudits: Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9)
        .map((audit) => audit.id),
    };
  } finally {
    chrome.kill();
  }
}

const median = (runs: LighthouseRun[], key: keyof Omit<LighthouseRun, "failingAudits">) =>
  percentile(
    runs.map((run) => run[key]),
    50,
  );

export async function runLighthouse(
  pages: LighthousePage[],
  runsPerPage = 5,
  log?: (line: string) => void,
): Promise<LighthousePageResult[]> {
  const results: LighthousePageResult[] = [];
  for (const page of pages) {
    const runs: LighthouseRun[] = [];
    for (let run = 1; run <= runsPerPage; run += 1) {
      log?.(`lighthouse ${page.name}: run ${run}/${runsPerPage}`);
      runs.push(await runOnce(page, run));
    }
    const keys = [
      "performance",
      "accessibility",
      "bestPractices",
      "seo",
      "fcpMs",
      "lcpMs",
      "tbtMs",
      "cls",
      "observedFirstPaintMs",
    ] as const;
    results.push({
      page: page.name,
      url: page.url,
      runs,
      median: Object.fromEntries(keys.map((key) => [key, median(runs, key)])) as LighthousePageResult["median"],
    });
  }
  return results;
}

const whole = (value: number) => (Number.isFinite(value) ? Math.round(value) : "–");

export function printLighthouse(results: LighthousePageResult[], servedBy: string): void {
  console.log(
    `\nLighthouse 13 mobile (simulated throttling), Chromium headless, served by ${servedBy}; median of the runs (with every audit that failed in any run), then each run`,
  );
  const row = (page: string, run: string, values: Omit<LighthouseRun, "failingAudits">, failing = "") => ({
    page,
    run,
    perf: values.performance,
    a11y: values.accessibility,
    "best pr.": values.bestPractices,
    seo: values.seo,
    "FCP ms": whole(values.fcpMs),
    "LCP ms": whole(values.lcpMs),
    "TBT ms": whole(values.tbtMs),
    CLS: Number.isFinite(values.cls) ? values.cls.toFixed(3) : "–",
    "first paint ms (observed)": whole(values.observedFirstPaintMs),
    "failing audits (score < 0.9)": failing,
  });
  console.table(
    results.flatMap((result) => [
      row(result.page, "median", result.median, [...new Set(result.runs.flatMap((run) => run.failingAudits))].join(" ")),
      ...result.runs.map((run, index) => row("", String(index + 1), run)),
    ]),
  );
}
