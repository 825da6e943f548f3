import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The console's pages for the seeded Aurora account (owner: aurora_team), and /admin, audited on each profile. */
export const consolePages = [
  "/advertiser",
  "/advertiser/advertiser-aurora/campaigns",
  "/advertiser/advertiser-aurora/campaigns/new",
  "/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch",
  "/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch/invitations",
  "/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch/report",
  "/advertiser/advertiser-aurora/funds",
  "/advertiser/advertiser-aurora/reports",
  "/advertiser/advertiser-aurora/reviews",
  "/advertiser/advertiser-aurora/members",
  "/advertiser/advertiser-aurora/api-keys",
];

/** The serious and critical WCAG 2.1 AA violations axe finds on the page, one line each (rule: elements). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
