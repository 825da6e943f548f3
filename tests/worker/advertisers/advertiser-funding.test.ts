import { env, runDurableObjectAlarm } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { advertiserDepositSchema, advertiserFundsSchema, fundCampaignResultSchema } from "../../../worker/contracts/advertiser-funding.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { depositLedgerKey } from "../../../worker/domain/advertisers/funding.ts";
import { advertiserFundingAccount } from "../../../worker/domain/ledger/accounts.ts";
import { poolBalances } from "../../support/ledger.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { schedulerDepsFromEnv } from "../../../worker/jobs/scheduled-handler.ts";
import { testPayoutRail } from "../../support/test-bindings.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { expectBalancedLedger } from "../support/rewards.ts";
import { bearerFor } from "../support/sessions.ts";
import { call, expectError } from "../support/http.ts";

/*
 * Funding (docs/decisions/020-funding-and-invitations.md): deposits go through the deposit rail, the scheduler
 * credits completed ones once, and a campaign's pools are funded from the account's funding, exactly.
 */

const USDC = 1_000_000;
const now = Date.now();
const run = crypto.randomUUID().slice(0, 6);
const advertiser = buildAdvertiser(`fund-${run}`, now);
const other = buildAdvertiser(`fund-other-${run}`, now);
// 28 days: 4 weeks of 100 USDC plus a 20 USDC bonus pool = 420 USDC.
const campaign = buildCampaign(`fund-${run}`, advertiser, "inactive", now, { weeklyPool: 100 * USDC, bonusPool: 20 * USDC });
const otherCampaign = buildCampaign(`fund-other-${run}`, other, "inactive", now);

let member: string;
let outsider: string;

beforeAll(async () => {
  const a = buildUser(`fa_${run}`, now);
  const b = buildUser(`fb_${run}`, now);
  await env.DB.batch([
    ...insertUserStatements(env.DB, a, ["creator"]),
    ...insertUserStatements(env.DB, b, ["creator"]),
    insertAdvertiserStatement(env.DB, advertiser),
    insertAdvertiserStatement(env.DB, other),
    insertCampaignStatement(env.DB, campaign),
    insertCampaignStatement(env.DB, otherCampaign),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: a.id, role: "owner", invitedBy: null, createdAt: now }),
    insertMemberStatement(env.DB, { advertiserId: other.id, userId: b.id, role: "owner", invitedBy: null, createdAt: now }),
  ]);
  member = await bearerFor(a.id);
  outsider = await bearerFor(b.id);
});

const deposit = (amount: number, key: string, bearer = member, advertiserId = advertiser.id) =>
  call("POST", `/v1/advertiser/${advertiserId}/deposits`, bearer, { amount, currency: "usdc" }, { "Idempotency-Key": key });

async function funds() {
  const response = await call("GET", `/v1/advertiser/${advertiser.id}/funds`, member);
  expect(response.status).toBe(200);
  return advertiserFundsSchema.parse(await response.json());
}

async function fundingBalance(): Promise<number> {
  const row = await env.DB.prepare(`SELECT COALESCE(SUM(amount), 0) AS balance FROM ledger_lines WHERE account_id = ?`)
    .bind(advertiserFundingAccount(advertiser.id, "USDC").id)
    .first<{ balance: number }>();
  return row?.balance ?? 0;
}

async function settleDepositsTwice() {
  await new Promise((resolve) => setTimeout(resolve, testPayoutRail.settleMs + 200));
  const first = await runScheduledWork(schedulerDepsFromEnv(env, systemClock));
  const second = await runScheduledWork(schedulerDepsFromEnv(env, systemClock));
  expect(first.failedSteps).not.toContain("deposit settlement");
  return { first, second };
}

describe("advertiser funding", () => {
  it("takes a deposit through the rail, idempotent by key, and credits it once however often the scheduler runs", async () => {
    const created = await deposit(300 * USDC, `k1-${run}`);
    expect(created.status).toBe(201);
    const pending = advertiserDepositSchema.parse(await created.json());
    expect(pending).toMatchObject({ amount: 300 * USDC, currency: "USDC", status: "pending" });

    const replay = await deposit(300 * USDC, `k1-${run}`);
    expect(replay.status).toBe(200);
    expect(advertiserDepositSchema.parse(await replay.json()).id).toBe(pending.id);
    await expectError(await deposit(5 * USDC, `k1-${run}`), 409, "idempotency_key_reused");

    const before = await funds();
    expect(before.deposits.map((item) => item.status)).toEqual(["pending"]);
    expect(before.balances.find((balance) => balance.currency === "USDC")?.available).toBe(0);

    const { first, second } = await settleDepositsTwice();
    expect(first.deposits.credited).toBe(1);
    expect(second.deposits.credited).toBe(0);
    expect(await fundingBalance()).toBe(300 * USDC);
    const entries = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE idempotency_key = ?`)
      .bind(depositLedgerKey(pending.id))
      .first<number>("n");
    expect(entries).toBe(1);
    const after = await funds();
    expect(after.deposits[0]).toMatchObject({ id: pending.id, status: "completed" });
    expect(after.balances).toContainEqual({ currency: "USDC", decimals: 6, available: 300 * USDC });
  });

  it("refuses to fund a campaign when the account's funding is short, saying how much is missing", async () => {
    const refused = await expectError(
      await call("POST", `/v1/advertiser/${advertiser.id}/campaigns/${campaign.id}/fund`, member),
      409,
      "insufficient_funds",
    );
    expect(refused.message).toContain("You need 120.00 USDC more");
    expect(refused.detail?.[0]?.loc).toEqual(["path", "campaignId"]);
    expect(await fundingBalance()).toBe(300 * USDC);
    expect((await poolBalances(env.DB, [campaign.id]))[campaign.id]?.funded).toBe(0);
  });

  it("moves weekly pools × weeks + bonus pool from the account into the campaign's pools, once", async () => {
    expect((await deposit(200 * USDC, `k2-${run}`)).status).toBe(201);
    await settleDepositsTwice();
    expect(await fundingBalance()).toBe(500 * USDC);

    const response = await call("POST", `/v1/advertiser/${advertiser.id}/campaigns/${campaign.id}/fund`, member);
    expect(response.status).toBe(200);
    expect(fundCampaignResultSchema.parse(await response.json())).toEqual({
      campaignId: campaign.id,
      currency: "USDC",
      amount: 420 * USDC,
      funded: true,
    });
    expect(await fundingBalance()).toBe(80 * USDC);
    expect((await poolBalances(env.DB, [campaign.id]))[campaign.id]).toMatchObject({ funded: 420 * USDC, remaining: 420 * USDC });
    // Funded and published: its object was woken, and its alarm now waits for the start (not for a scheduler run).
    const object = env.CAMPAIGNS.get(env.CAMPAIGNS.idFromName(campaign.id));
    await runDurableObjectAlarm(object);
    expect(await object.schedule()).toMatchObject({ campaignId: campaign.id, nextDueAt: campaign.startsAt, alarmAt: campaign.startsAt });

    const again = fundCampaignResultSchema.parse(
      await (await call("POST", `/v1/advertiser/${advertiser.id}/campaigns/${campaign.id}/fund`, member)).json(),
    );
    expect(again.funded).toBe(false);
    expect(await fundingBalance()).toBe(80 * USDC);
    await expectBalancedLedger();
  });

  it("is for members of the account only, and names bad input", async () => {
    await expectError(await call("GET", `/v1/advertiser/${advertiser.id}/funds`, outsider), 404, "not_found");
    await expectError(await deposit(USDC, `k3-${run}`, outsider), 404, "not_found");
    await expectError(await call("POST", `/v1/advertiser/${advertiser.id}/campaigns/${campaign.id}/fund`, outsider), 404, "not_found");
    // A member of one account cannot fund another account's campaign through their own.
    await expectError(await call("POST", `/v1/advertiser/${advertiser.id}/campaigns/${otherCampaign.id}/fund`, member), 404, "not_found");
    expect((await call("GET", `/v1/advertiser/${advertiser.id}/funds`, null)).status).toBe(401);

    const noKey = await expectError(
      await call("POST", `/v1/advertiser/${advertiser.id}/deposits`, member, { amount: USDC, currency: "USDC" }),
      400,
      "invalid_request",
    );
    expect(noKey.detail?.[0]?.loc).toEqual(["header", "Idempotency-Key"]);
    const badAmount = await expectError(
      await call(
        "POST",
        `/v1/advertiser/${advertiser.id}/deposits`,
        member,
        { amount: 1.5, currency: "USDC" },
        { "Idempotency-Key": `k4-${run}` },
      ),
      400,
      "invalid_request",
    );
    expect(badAmount.detail?.[0]?.loc).toEqual(["body", "amount"]);
  });
});
