/**
 * Time to interactive on Lighthouse's mobile profile, really throttled (e2e/mobile-profile.ts): each page loaded in a
 * fresh browser as a first visit (nothing cached, no consent stored), and read from the page's own performance
 * timeline: its first contentful paint and its `chorus:interactive` mark (app/lib/interactive/page-interactive.ts),
 * both from the start of navigation. Median of the runs; each run is kept to show the spread. Never pass/fail.
 */
import { chromium } from "playwright";
import { chromiumPath, headlessChromiumFlags } from "../e2e/chromium.ts";
import { mobilePhone, mobileThrottling, throttleLikeAPhone } from "../e2e/mobile-profile.ts";
import { percentile } from "./measure.ts";

export type InteractivePage = { name: string; url: string; cookie?: string };
export type InteractiveRun = { firstPaintMs: number; interactiveMs: number };
export type InteractivePageResult = { page: string; url: string; runs: InteractiveRun[]; median: InteractiveRun };

const INTERACTIVE_MARK = "chorus:interactive";

async function runOnce(page: InteractivePage): Promise<InteractiveRun> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: headlessChromiumFlags });
  try {
    const context = await browser.newContext(mobilePhone);
    if (page.cookie !== undefined) {
      const [name = "", value = ""] = page.cookie.split("=", 2);
      await context.addCookies([{ name, value, url: page.url }]);
    }
    const tab = await context.newPage();
    await throttleLikeAPhone(await context.newCDPSession(tab));
    await tab.goto(page.url, { waitUntil: "commit", timeout: 60_000 });
    // Observed from inside the page, so the benchmark adds no polling to the CPU it measures.
    return await tab.evaluate(
      (mark) =>
        new Promise<InteractiveRun>((resolve, reject) => {
          setTimeout(() => reject(new Error(`No ${mark} within 60 s of the navigation`)), 60_000);
          const read = () => {
            const interactive = performance.getEntriesByName(mark)[0];
            const paint = performance.getEntriesByName("first-contentful-paint")[0];
            if (interactive !== undefined && paint !== undefined) {
              resolve({ firstPaintMs: paint.startTime, interactiveMs: interactive.startTime });
            }
          };
          new PerformanceObserver(read).observe({ type: "mark", buffered: true });
          new PerformanceObserver(read).observe({ type: "paint", buffered: true });
        }),
      INTERACTIVE_MARK,
    );
  } finally {
    await browser.close();
  }
}

export async function runTimeToInteractive(
  pages: InteractivePage[],
  runsPerPage = 5,
  log?: (line: string) => void,
): Promise<InteractivePageResult[]> {
  const results: InteractivePageResult[] = [];
  for (const page of pages) {
    const runs: InteractiveRun[] = [];
    for (let run = 1; run <= runsPerPage; run += 1) {
      log?.(`time to interactive ${page.name}: run ${run}/${runsPerPage}`);
      runs.push(await runOnce(page));
    }
    results.push({
      page: page.name,
      url: page.url,
      runs,
      median: {
        firstPaintMs: percentile(
          runs.map((run) => run.firstPaintMs),
          50,
        ),
        interactiveMs: percentile(
          runs.map((run) => run.interactiveMs),
          50,
        ),
      },
    });
  }
  return results;
}

export function printTimeToInteractive(results: InteractivePageResult[], servedBy: string): void {
  const { cpuSlowdown, roundTripMs, downloadBitsPerSecond, uploadBitsPerSecond } = mobileThrottling;
  console.log(
    `\nTime to interactive (${INTERACTIVE_MARK}) beside the first contentful paint, ms from navigation, on Lighthouse's mobile profile really throttled (CPU ${cpuSlowdown}× slower, ${roundTripMs} ms round trip, ${downloadBitsPerSecond / 1e6} Mbps down, ${uploadBitsPerSecond / 1e3} kbps up; a first visit), Chromium headless, served by ${servedBy}; median of the runs, then each run`,
  );
  const row = (page: string, run: string, values: InteractiveRun) => ({
    page,
    run,
    "first paint ms": Math.round(values.firstPaintMs),
    "interactive ms": Math.round(values.interactiveMs),
    "interactive − first paint ms": Math.round(values.interactiveMs - values.firstPaintMs),
  });
  console.table(
    results.flatMap((result) => [
      row(result.page, "median", result.median),
      ...result.runs.map((run, index) => row("", String(index + 1), run)),
    ]),
  );
}
