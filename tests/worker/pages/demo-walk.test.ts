import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { advertiserAccountsSchema } from "../../../worker/contracts/advertisers.ts";
import { currentUserSchema, type CurrentUser } from "../../../worker/contracts/current-user.ts";
import { ingestResultSchema } from "../../../worker/contracts/conversions.ts";
import { walletListSchema } from "../../../worker/contracts/wallets.ts";
import { withdrawalCreatedSchema, withdrawalSchema } from "../../../worker/contracts/withdrawals.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import type { CreatedDemoKey } from "../../../fixtures/demo-conversions.ts";
import { latestCodeSentTo } from "../../support/outbox.ts";
import { signInThroughX, tokensOf, type TestBrowser } from "../support/browser.ts";
import { call } from "../support/http.ts";
import { fetchWorker } from "../support/fetch.ts";

/**
 * README's demo, walked as a newcomer would after `npm start`: each demo person signs in through the X emulator and
 * does what README says they can. The seed writes through the production writers; this checks that what it wrote
 * passes the API's own contracts (ids included).
 */
let demoKeys: CreatedDemoKey[];

beforeAll(async () => {
  demoKeys = await seedDemoData(env.DB, systemClock);
});

async function signIn(handle: string): Promise<{ browser: TestBrowser; bearer: string }> {
  const { browser, landing } = await signInThroughX(handle);
  expect(landing.status).toBe(302);
  const { accessToken } = await tokensOf(browser);
  return { browser, bearer: `Bearer ${accessToken}` };
}

async function profileOf(bearer: string): Promise<CurrentUser> {
  const response = await call("GET", "/auth/profile", bearer);
  expect(response.status).toBe(200);
  return currentUserSchema.parse(await response.json());
}

async function usdcAvailable(bearer: string): Promise<number> {
  const response = await call("GET", "/v1/balance", bearer);
  expect(response.status).toBe(200);
  const { balances } = (await response.json()) as { balances: { currency: string; available: number }[] };
  return balances.find((balance) => balance.currency === "USDC")?.available ?? 0;
}

// Each step is several sign-ins and API round trips through the emulators.
describe("README's demo", { timeout: 60_000 }, () => {
  it("signs each demo person in to their seeded account", async () => {
    for (const handle of ["ada_creates", "bytebard", "chloe_codes", "dev_dmitri", "eve_explains", "chorus_admin", "aurora_team"]) {
      const { bearer } = await signIn(handle);
      expect(await profileOf(bearer)).toMatchObject({ userId: `user-${handle}`, twitterHandle: handle });
    }
  });

  it("ada_creates confirms her payout for Back up your work with Nimbus", async () => {
    const { bearer } = await signIn("ada_creates");
    const response = await call("POST", "/v1/action/payout/confirm/campaign-nimbus-backup", bearer);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as { claimed: number }).claimed).toBeGreaterThan(0);
  });

  it("ada_creates's claimed post in Aurora summer of payments comes with her confirmation: confirming again claims and stores nothing", async () => {
    const confirmations = async () =>
      (
        await env.DB.prepare(
          "SELECT count(*) AS count FROM payout_confirmations WHERE campaign_id = 'campaign-aurora-summer' AND user_id = 'user-ada_creates'",
        ).first<{ count: number }>()
      )?.count;
    expect(await confirmations()).toBe(1);
    const { bearer } = await signIn("ada_creates");
    const response = await call("POST", "/v1/action/payout/confirm/campaign-aurora-summer", bearer);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: "nothing_to_claim" });
    expect(await confirmations()).toBe(1);
  });

  it("bytebard has 125 USDC and thirteen unread notifications, withdraws 10 USDC to his seeded wallet with a mailed code", async () => {
    const { bearer } = await signIn("bytebard");
    expect(await usdcAvailable(bearer)).toBe(125_000_000);
    const recent = await call("GET", "/v1/notification/recent", bearer);
    expect(((await recent.json()) as { unreadCount: number }).unreadCount).toBe(13);

    const wallets = walletListSchema.parse(await (await call("GET", "/v1/wallet", bearer)).json()).data;
    const wallet = wallets.find((item) => item.address === "0xB0B0000000000000000000000000000000000002");
    expect(wallet?.verified).toBe(true);
    const requested = await call(
      "POST",
      "/v1/withdrawal",
      bearer,
      { walletId: wallet?.id, amount: 10_000_000, currency: "USDC" },
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(requested.status, await requested.clone().text()).toBe(201);
    const { withdrawal } = withdrawalCreatedSchema.parse(await requested.json());
    expect(await usdcAvailable(bearer)).toBe(115_000_000);

    const code = await latestCodeSentTo(env.MAIL_API_URL, "bytebard@creators.example");
    const verified = await call("POST", `/v1/withdrawal/${withdrawal.id}/verify`, bearer, { code });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect(withdrawalSchema.parse(await verified.json()).status).toBe("pending");
  });

  it("chloe_codes removes her seeded wallet", async () => {
    const { bearer } = await signIn("chloe_codes");
    const wallets = walletListSchema.parse(await (await call("GET", "/v1/wallet", bearer)).json()).data;
    expect(wallets).toHaveLength(1);
    const removed = await call("DELETE", `/v1/wallet/${wallets[0]?.id}`, bearer);
    expect(removed.status, await removed.clone().text()).toBe(204);
  });

  it("chorus_admin reaches /admin; aurora_team and lumen_marketing reach their advertiser accounts", async () => {
    const admin = await signIn("chorus_admin");
    expect((await profileOf(admin.bearer)).userRoles).toContain("admin");
    expect((await admin.browser.fetch("/admin")).status).toBe(200);

    for (const [handle, advertiserId] of [
      ["aurora_team", "advertiser-aurora"],
      ["lumen_marketing", "advertiser-lumen"],
    ] as const) {
      const { bearer } = await signIn(handle);
      const accounts = advertiserAccountsSchema.parse(await (await call("GET", "/v1/advertiser/accounts", bearer)).json()).accounts;
      expect(accounts.map((account) => account.advertiser.id)).toContain(advertiserId);
    }
  });

  it("the seeded key for aurora ingests README's curl event, matched to Aurora wallet launch week", async () => {
    const key = demoKeys.find((created) => created.advertiserSlug === "aurora");
    expect(key).toBeDefined();
    const response = await fetchWorker("/v1/conversion/event/ingest", {
      method: "POST",
      headers: { "api-key": key?.keyId ?? "", "api-secret": key?.secret ?? "", "Content-Type": "application/json" },
      body: JSON.stringify({
        eventId: "demo-curl-1",
        type: "purchase",
        walletAddress: "0xA11CE00000000000000000000000000000000001",
        chain: "evm",
        value: 2_500_000,
        currency: "USDC",
        occurredAt: new Date(systemClock.now() - 60_000).toISOString(),
      }),
    });
    expect(response.status).toBe(200);
    expect(ingestResultSchema.parse(await response.json())).toMatchObject({ received: 1, accepted: 1, matched: 1, unmatched: 0 });
  });
});
