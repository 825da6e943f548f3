import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { gotoHydrated, test } from "./fixtures";

/** What the product's pages are audited against (WCAG 2.1 AA); the UI kit's harness adds 2.2 AA. */
export const productStandard = ["wcag2a", "wcag2aa", "wcag21aa"];
export const kitStandard = [...productStandard, "wcag22aa"];

/** The serious and critical violations axe finds on the page, one line each (rule: elements). */
export async function seriousViolations(page: Page, tags: readonly string[] = productStandard): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags([...tags]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}

/**
 * Opens each path in turn in the one (signed-in) page and audits it, a step each: what was found, by path, so that one
 * assertion names every page with a finding. `alsoCheck` adds findings of its own (a phone's sideways scrolling). The
 * pages share one sign-in: a journey of its own for each spent more on signing in than on the audit (decision 054).
 */
export async function auditEachPage(
  page: Page,
  paths: readonly string[],
  alsoCheck: (page: Page) => Promise<string[]> = async () => [],
): Promise<Record<string, string[]>> {
  // An axe run takes 1–3 s on a quiet machine and several times that beside the other lanes.
  test.setTimeout(30_000 + paths.length * 15_000);
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await test.step(path, async () => {
      await gotoHydrated(page, path);
      found[path] = [...(await seriousViolations(page)), ...(await alsoCheck(page))];
    });
  }
  return found;
}

/** What `auditEachPage` answers when it finds nothing. */
export function nothingFoundOn(paths: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(paths.map((path) => [path, []]));
}
