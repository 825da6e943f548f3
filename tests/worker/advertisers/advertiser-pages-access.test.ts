import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fetchPage } from "../support/fetch.ts";
import { sessionCookieFor } from "../support/sessions.ts";

/*
 * The console and admin pages read their access check in the same batch as their data (docs/decisions/028-page-cost.md):
 * whatever that batch found for someone without access is dropped, and the answer is the same 404 or 403 as before.
 */

let auroraOwner: string;
let lumenOwner: string;
let creator: string;
beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
  auroraOwner = await sessionCookieFor("user-aurora_team");
  lumenOwner = await sessionCookieFor("user-lumen_team");
  creator = await sessionCookieFor("user-ada_creates");
});

/** What Lumen's console pages show its members: its member, its invite-only campaign and that campaign's invitation. */
const lumenSecrets = ["Lumen Marketing", "Lumen insiders", "invite-lumen-insiders"];

async function expectRefused(response: Response, status: number, secrets: readonly string[]): Promise<void> {
  const html = await response.text();
  expect(response.status).toBe(status);
  for (const secret of secrets) expect(html).not.toContain(secret);
}

describe("a member of another account", () => {
  const lumenPages = [
    "/advertiser/advertiser-lumen/members",
    "/advertiser/advertiser-lumen/funds",
    "/advertiser/advertiser-lumen/campaigns/new",
    "/advertiser/advertiser-lumen/campaigns/campaign-lumen-insiders",
    "/advertiser/advertiser-lumen/campaigns/campaign-lumen-insiders/invitations",
    "/advertiser/advertiser-lumen/reports",
    "/advertiser/advertiser-lumen/campaigns/campaign-lumen-insiders/report",
  ];
  it.each(lumenPages)("gets Page Not Found and nothing of the account at %s", async (path) => {
    await expectRefused(await fetchPage(path, auroraOwner), 404, lumenSecrets);
  });

  it.each(lumenPages)("and the account's own member sees it at %s", async (path) => {
    expect((await fetchPage(path, lumenOwner)).status).toBe(200);
  });

  const ownAccountOtherCampaign = [
    "/advertiser/advertiser-aurora/campaigns/campaign-lumen-insiders",
    "/advertiser/advertiser-aurora/campaigns/campaign-lumen-insiders/invitations",
    "/advertiser/advertiser-aurora/campaigns/campaign-lumen-insiders/report",
  ];
  it.each(ownAccountOtherCampaign)("gets Page Not Found for another account's campaign under their own, at %s", async (path) => {
    await expectRefused(await fetchPage(path, auroraOwner), 404, lumenSecrets);
  });
});

describe("/admin", () => {
  it("answers a creator 403 without the inbox or the notification form", async () => {
    await expectRefused(await fetchPage("/admin", creator), 403, ["Send a notification", "Lumen insiders"]);
  });
});
