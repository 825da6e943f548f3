import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { findRewardCampaign } from "../../../worker/db/reward-campaigns.ts";
import { campaignWeekCount } from "../../../worker/contracts/campaign-weeks.ts";
import { insertPostStatement } from "../../../worker/db/posts.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import {
  advertiserDepositsAccount,
  advertiserFundingAccount,
  creatorAvailableAccount,
  creatorWithdrawalHoldAccount,
} from "../../../worker/domain/ledger/accounts.ts";
import { poolBalances } from "../../support/ledger.ts";
import { seedDemoLedger } from "../../../fixtures/demo-ledger.ts";
import { demoCampaignIds } from "../../../fixtures/demo-world.ts";
import { depositAdvertiserFunds, fundCampaign } from "../../../worker/domain/ledger/funding.ts";
import { InsufficientFundsError, postJournalEntry, UnbalancedEntryError } from "../../../worker/domain/ledger/journal.ts";
import { apiTokenFor, balanceOf, confirmPayout, expectBalancedLedger, insertAdvertiser, listPostRewards } from "../support/rewards.ts";
import { fetchWorker } from "../support/fetch.ts";

const clock = fixedClock(Date.UTC(2026, 10, 1));

/** A new advertiser (`slug`) with `amount` of `currency` deposited through the ledger, as the deposit rail's completion does. */
async function advertiserWithDeposit(slug: string, currency: string, amount: number) {
  const advertiser = await insertAdvertiser(slug);
  await depositAdvertiserFunds(env.DB, clock, { advertiserId: advertiser.id, currency, amount, idempotencyKey: `${slug}-deposit` });
  return advertiser;
}

async function newCreator(handle: string) {
  const user = buildUser(handle, clock.now());
  await env.DB.batch(insertUserStatements(env.DB, user, ["creator"]));
  return user;
}

describe("the ledger", () => {
  it("funds a campaign's pools from what its advertiser paid in, once, and marks it funded", async () => {
    const advertiser = await insertAdvertiser("ledger-funding");
    const campaign = buildCampaign("ledger-funding", advertiser, "inactive", clock.now(), {
      weeklyPool: 100_000_000,
      bonusPool: 20_000_000,
      startsAt: clock.now() + DAY,
      endsAt: clock.now() + 15 * DAY,
    });
    await insertCampaignStatement(env.DB, campaign).run();

    await expect(fundCampaign(env.DB, clock, campaign.id)).rejects.toBeInstanceOf(InsufficientFundsError);
    const unfunded = await env.DB.prepare(`SELECT funded_at FROM campaigns WHERE id = ?`).bind(campaign.id).first("funded_at");
    expect(unfunded).toBeNull();

    const deposit = { advertiserId: advertiser.id, currency: "USDC", amount: 400_000_000, idempotencyKey: "deposit-ledger-funding-1" };
    expect(await depositAdvertiserFunds(env.DB, clock, deposit)).toEqual({ posted: true });
    expect(await depositAdvertiserFunds(env.DB, clock, deposit)).toEqual({ posted: false });

    // Two weeks (14 days from the start) of 100 USDC plus a 20 USDC bonus pool.
    expect(await fundCampaign(env.DB, clock, campaign.id)).toEqual({ funded: true, amount: 220_000_000 });
    expect(await fundCampaign(env.DB, clock, campaign.id)).toEqual({ funded: false, amount: 220_000_000 });
    expect(await env.DB.prepare(`SELECT funded_at FROM campaigns WHERE id = ?`).bind(campaign.id).first("funded_at")).toBe(clock.now());

    expect((await poolBalances(env.DB, [campaign.id, "campaign-nowhere"]))[campaign.id]).toEqual({
      currency: "USDC",
      funded: 220_000_000,
      remaining: 220_000_000,
    });
    const funding = await env.DB.prepare(`SELECT SUM(amount) AS balance FROM ledger_lines WHERE account_id = ?`)
      .bind(advertiserFundingAccount(advertiser.id, "USDC").id)
      .first("balance");
    expect(funding).toBe(180_000_000);
    const deposits = await env.DB.prepare(`SELECT SUM(amount) AS balance FROM ledger_lines WHERE account_id = ?`)
      .bind(advertiserDepositsAccount(advertiser.id, "USDC").id)
      .first("balance");
    expect(deposits).toBe(-400_000_000);
    await expectBalancedLedger();
  });

  it("refuses unbalanced entries and never lets a balance go negative, in the code and in the database", async () => {
    const creator = await newCreator("ledger_refusals");
    const available = creatorAvailableAccount(creator.id, "USDC");
    const held = creatorWithdrawalHoldAccount(creator.id, "USDC");
    /** Takes 5 out of the creator's empty available balance and puts `heldAmount` of it on hold. */
    const holdFive = (idempotencyKey: string, heldAmount: number) =>
      postJournalEntry(env.DB, {
        idempotencyKey,
        kind: "withdrawal-hold",
        memo: "",
        lines: [
          { account: available, amount: -5 },
          { account: held, amount: heldAmount },
        ],
        createdAt: clock.now(),
      });
    await expect(holdFive("bad-1", 4)).rejects.toBeInstanceOf(UnbalancedEntryError);
    await expect(holdFive("bad-2", 5)).rejects.toBeInstanceOf(InsufficientFundsError);

    // The database itself refuses an unbalanced entry written by hand.
    await env.DB.prepare(
      `INSERT INTO ledger_accounts (id, owner_id, kind, currency, created_at) VALUES (?, ?, 'creator-available', 'USDC', 0) ON CONFLICT DO NOTHING`,
    )
      .bind(available.id, creator.id)
      .run();
    await expect(
      env.DB.prepare(`INSERT INTO ledger_postings (idempotency_key, kind, lines, created_at) VALUES ('bad-3', 'reward', ?, 0)`)
        .bind(
          JSON.stringify([
            { account: available.id, amount: 5 },
            { account: "nowhere", amount: -5 },
          ]),
        )
        .run(),
    ).rejects.toThrow(/unknown account/);
    // An entry written past ledger_postings, without its lines, is refused.
    await expect(
      env.DB.prepare(`INSERT INTO ledger_entries (idempotency_key, kind, created_at) VALUES ('bad-4', 'reward', 0)`).run(),
    ).rejects.toThrow(/written through ledger_postings/);
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE idempotency_key LIKE 'bad-%'`).first("n")).toBe(0);
  });

  it("keeps one balance row per account equal to the sum of its lines, and refuses an overdraft without touching any row", async () => {
    const advertiser = await advertiserWithDeposit("ledger-kept-balances", "USDC", 1_000);
    const creator = await newCreator("ledger_kept_balances");
    const deposits = advertiserDepositsAccount(advertiser.id, "USDC");
    const funding = advertiserFundingAccount(advertiser.id, "USDC");
    const available = creatorAvailableAccount(creator.id, "USDC");
    const held = creatorWithdrawalHoldAccount(creator.id, "USDC");
    const post = (
      idempotencyKey: string,
      kind: "reward" | "withdrawal-hold" | "withdrawal-release",
      from: typeof funding,
      to: typeof funding,
      amount: number,
    ) =>
      postJournalEntry(env.DB, {
        idempotencyKey,
        kind,
        memo: "",
        lines: [
          { account: from, amount: -amount },
          { account: to, amount },
        ],
        createdAt: clock.now(),
      });
    expect(await post("kept-reward-1", "reward", funding, available, 300)).toEqual({ posted: true });
    expect(await post("kept-reward-2", "reward", funding, available, 200)).toEqual({ posted: true });
    expect(await post("kept-reward-2", "reward", funding, available, 200)).toEqual({ posted: false });
    expect(await post("kept-hold", "withdrawal-hold", available, held, 450)).toEqual({ posted: true });
    expect(await post("kept-release", "withdrawal-release", held, available, 150)).toEqual({ posted: true });

    const balanceRows = () =>
      env.DB.prepare(
        `SELECT account_id, currency, balance, rewarded FROM ledger_balances WHERE account_id IN (?, ?, ?, ?) ORDER BY account_id`,
      )
        .bind(deposits.id, funding.id, available.id, held.id)
        .all()
        .then((result) => result.results);
    const expected = [
      { account_id: deposits.id, currency: "USDC", balance: -1_000, rewarded: 0 },
      { account_id: funding.id, currency: "USDC", balance: 500, rewarded: -500 },
      { account_id: available.id, currency: "USDC", balance: 200, rewarded: 500 },
      { account_id: held.id, currency: "USDC", balance: 300, rewarded: 0 },
    ];
    expect(await balanceRows()).toEqual(expected);
    await expectBalancedLedger();

    // 201 out of an account holding 200: the entry, its lines and every balance row stay as they were.
    const counts = () =>
      env.DB.prepare(`SELECT (SELECT COUNT(*) FROM ledger_entries) AS entries, (SELECT COUNT(*) FROM ledger_lines) AS lines`).first();
    const before = await counts();
    await expect(post("kept-overdraft", "withdrawal-hold", available, held, 201)).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await counts()).toEqual(before);
    expect(await balanceRows()).toEqual(expected);
  });

  it("is append-only: updates and deletes of ledger rows are refused", async () => {
    await advertiserWithDeposit("ledger-append-only", "EUR", 1_000);
    for (const statement of [
      `UPDATE ledger_lines SET amount = amount * 2`,
      `DELETE FROM ledger_lines`,
      `UPDATE ledger_entries SET memo = 'changed'`,
      `DELETE FROM ledger_entries`,
      `UPDATE ledger_accounts SET currency = 'USD'`,
      `DELETE FROM ledger_accounts`,
      `DELETE FROM post_rewards`,
    ]) {
      const rows = await env.DB.prepare(
        `SELECT COUNT(*) AS n FROM ${statement.includes("post_rewards") ? "post_rewards" : "ledger_lines"}`,
      ).first<{ n: number }>();
      if (rows?.n === 0) continue;
      await expect(env.DB.prepare(statement).run(), statement).rejects.toThrow(/append-only/);
    }
    await expectBalancedLedger();
  });
});

describe("GET /v1/balance", () => {
  it("needs a signed-in user", async () => {
    const response = await fetchWorker("/v1/balance");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ status: 401, code: "unauthenticated" });
  });

  it("answers available, held and earned per currency from the ledger", async () => {
    const creator = await newCreator("balance_reader");
    const token = await apiTokenFor(creator.id);
    expect(await balanceOf(token)).toEqual({ balances: [] });

    const advertiser = await advertiserWithDeposit("balance-source", "USDC", 10_000_000);
    const available = creatorAvailableAccount(creator.id, "USDC");
    await postJournalEntry(env.DB, {
      idempotencyKey: "balance-reward",
      kind: "reward",
      memo: "test reward",
      lines: [
        { account: advertiserFundingAccount(advertiser.id, "USDC"), amount: -10_000_000 },
        { account: available, amount: 10_000_000 },
      ],
      createdAt: clock.now(),
    });
    await postJournalEntry(env.DB, {
      idempotencyKey: "balance-hold",
      kind: "withdrawal-hold",
      memo: "test withdrawal",
      lines: [
        { account: available, amount: -4_000_000 },
        { account: creatorWithdrawalHoldAccount(creator.id, "USDC"), amount: 4_000_000 },
      ],
      createdAt: clock.now(),
    });
    expect(await balanceOf(token)).toEqual({
      balances: [{ currency: "USDC", decimals: 6, available: 6_000_000, held: 4_000_000, earned: 10_000_000, pending: 0 }],
    });
  });
});

describe("POST /v1/action/payout/confirm/{campaignId}", () => {
  it("answers 401 without a token, 404 for an unknown campaign and 409 with nothing to claim", async () => {
    const creator = await newCreator("claim_errors");
    const token = await apiTokenFor(creator.id);
    expect((await confirmPayout("campaign-ledger-funding")).status).toBe(401);
    const unknown = await confirmPayout("campaign-does-not-exist", token);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "campaign_not_found" });
    const advertiser = await insertAdvertiser("claims-empty");
    const campaign = buildCampaign("claims-empty", advertiser, "active", clock.now());
    await insertCampaignStatement(env.DB, campaign).run();
    const nothing = await confirmPayout(campaign.id, token);
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toMatchObject({
      status: 409,
      code: "nothing_to_claim",
      message: `You have no eligible posts to claim in ${campaign.title} yet.`,
    });
  });

  it("claims the creator's eligible posts, only theirs, and remembers the confirmation", async () => {
    const advertiser = await insertAdvertiser("claims-some");
    const campaign = buildCampaign("claims-some", advertiser, "ending", clock.now());
    const ada = await newCreator("claim_ada");
    const bob = await newCreator("claim_bob");
    const posts = [
      buildPost("claim-1", campaign, ada, "eligible", clock.now()),
      buildPost("claim-2", campaign, ada, "eligible-bonus", clock.now()),
      buildPost("claim-3", campaign, ada, "not-eligible", clock.now()),
      buildPost("claim-4", campaign, bob, "eligible", clock.now()),
    ];
    await env.DB.batch([
      insertCampaignStatement(env.DB, campaign),
      ...joinCampaignStatements(env.DB, campaign.id, ada.id, campaign.startsAt),
      ...posts.map((post) => insertPostStatement(env.DB, post)),
    ]);
    const response = await confirmPayout(campaign.id, await apiTokenFor(ada.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      campaignId: campaign.id,
      claimed: 2,
      postIds: expect.arrayContaining(["post-claim-1", "post-claim-2"]),
    });
    const statuses = await env.DB.prepare(`SELECT id, status FROM posts WHERE campaign_id = ? ORDER BY id`).bind(campaign.id).all();
    expect(statuses.results).toEqual([
      { id: "post-claim-1", status: "claimed" },
      { id: "post-claim-2", status: "claimed" },
      { id: "post-claim-3", status: "not-eligible" },
      { id: "post-claim-4", status: "eligible" },
    ]);
    expect(
      await env.DB.prepare(`SELECT COUNT(*) AS n FROM payout_confirmations WHERE campaign_id = ? AND user_id = ?`)
        .bind(campaign.id, ada.id)
        .first("n"),
    ).toBe(1);
    expect((await confirmPayout(campaign.id, await apiTokenFor(ada.id))).status).toBe(409);
  });
});

describe("the demo ledger", () => {
  it("funds every demo campaign, pays the evaluated one's rewarded and paid posts, and changes nothing the second time", async () => {
    const seedClock = fixedClock(systemClock.now());
    await seedDemoData(env.DB, seedClock);
    await seedDemoLedger(env.DB, seedClock);
    const snapshot = async () => ({
      entries: (await env.DB.prepare(`SELECT idempotency_key FROM ledger_entries ORDER BY id`).all()).results,
      lines: await env.DB.prepare(`SELECT COUNT(*) AS n, SUM(ABS(amount)) AS volume FROM ledger_lines`).first(),
      rewards: (await env.DB.prepare(`SELECT * FROM post_rewards ORDER BY post_id`).all()).results,
    });
    const first = await snapshot();
    await seedDemoLedger(env.DB, seedClock);
    expect(await snapshot()).toEqual(first);
    await expectBalancedLedger();

    const funded = await env.DB.prepare(`SELECT id FROM campaigns WHERE funded_at IS NULL AND id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(demoCampaignIds))
      .all();
    expect(funded.results).toEqual([]);

    const rewards = await listPostRewards(env.DB, "campaign-nimbus-spring");
    const byPost = new Map(rewards.map((reward) => [reward.postId, reward.poolAmount + reward.bonusAmount]));
    const statuses = await env.DB.prepare(`SELECT id, status, user_id FROM posts WHERE campaign_id = 'campaign-nimbus-spring'`).all<{
      id: string;
      status: string;
      user_id: string;
    }>();
    for (const post of statuses.results) {
      if (post.status === "not-rewarded") expect(byPost.get(post.id)).toBe(0);
      else expect(byPost.get(post.id), post.id).toBeGreaterThan(0);
    }
    // The rewarded creator still holds the reward; the paid ones withdrew theirs.
    const rewarded = statuses.results.find((post) => post.status === "rewarded");
    const paid = statuses.results.find((post) => post.status === "paid");
    if (rewarded === undefined || paid === undefined) throw new Error("the demo world lacks a rewarded or a paid post");
    const rewardedBalance = await balanceOf(await apiTokenFor(rewarded.user_id));
    expect(rewardedBalance.balances).toEqual([
      { currency: "USDC", decimals: 6, available: byPost.get(rewarded.id), held: 0, earned: byPost.get(rewarded.id), pending: 0 },
    ]);
    const paidBalance = await balanceOf(await apiTokenFor(paid.user_id));
    expect(paidBalance.balances).toEqual([
      { currency: "USDC", decimals: 6, available: 0, held: 0, earned: byPost.get(paid.id), pending: 0 },
    ]);

    const pools = await poolBalances(env.DB, ["campaign-nimbus-spring", "campaign-aurora-launch"]);
    const paidOut = rewards.reduce((sum, reward) => sum + reward.poolAmount + reward.bonusAmount, 0);
    const evaluated = await findRewardCampaign(env.DB, "campaign-nimbus-spring");
    if (evaluated === null) throw new Error("no evaluated demo campaign");
    const fundedAmount = evaluated.weeklyPool * campaignWeekCount(evaluated) + evaluated.bonusPool;
    expect(pools["campaign-nimbus-spring"]).toEqual({ currency: "USDC", funded: fundedAmount, remaining: fundedAmount - paidOut });
    expect(pools["campaign-aurora-launch"]?.funded).toBeGreaterThan(0);
  });
});
