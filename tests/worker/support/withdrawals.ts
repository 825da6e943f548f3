import { env } from "cloudflare:test";
import { privateKeyToAccount, generatePrivateKey, type PrivateKeyAccount } from "viem/accounts";
import { expect } from "vitest";
import { capabilitiesFor, type Capabilities } from "../../../worker/capabilities.ts";
import { DAY, HOUR, systemClock, type Clock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { walletChallengeSchema, walletSchema } from "../../../worker/contracts/wallets.ts";
import { withdrawalCreatedSchema, withdrawalListSchema, withdrawalSchema, type Withdrawal } from "../../../worker/contracts/withdrawals.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertUserStatements, setVerifiedEmail } from "../../../worker/db/users.ts";
import { beginTwoFactorSetup, approveTwoFactor, totpFor } from "../../../worker/domain/accounts/two-factor.ts";
import { advertiserFundingAccount, creatorAvailableAccount } from "../../../worker/domain/ledger/accounts.ts";
import { depositAdvertiserFunds, fundCampaign } from "../../../worker/domain/ledger/funding.ts";
import { postJournalEntry } from "../../../worker/domain/ledger/journal.ts";
import { evaluateCampaign } from "../../../worker/domain/rewards/evaluation.ts";
import { closeDueWeeks } from "../../../worker/domain/rewards/weeks.ts";
import { findRewardCampaign } from "../../../worker/db/reward-campaigns.ts";
import { buildCampaign, buildPost, buildUser, polledPostsStatements, type PolledPost } from "../../../fixtures/factories.ts";
import { latestCodeSentTo } from "../../support/outbox.ts";
import { bearerFor } from "./sessions.ts";
import { campaignDue, insertAdvertiser } from "./rewards.ts";
import { call } from "./http.ts";
import { settlePayoutNow } from "../../support/payout-rail.ts";

/**
 * Shared by the withdrawal worker tests: creators with money (credited through the ledger's own functions or the
 * real evaluation), verified wallets (signed with real keys through the wallet API), a second factor (a verified
 * e-mail, or an authenticator set up through the settings use cases), and calls to the withdrawal API.
 */

/** A private key whose EVM address ends in "dead": the payout rail fails every payout to it (found once, offline). */
export const DEAD_WALLET_KEY = "0x6ec353b5545ff79a81fb478848b3985cb6db1b46b18147f087e0440676ae49ef";

export type SecondFactorSetup = "email" | "authenticator" | "none";

export type TestCreator = {
  userId: string;
  /** A session for setting things up (wallets, settings): the write rate limit counts per session. */
  setup: string;
  /** A session for the calls under test. */
  bearer: string;
  email: string | null;
  /** The authenticator's secret (base32) when two-factor is on. */
  totpSecret: string | null;
};

let serial = 0;

export function uniqueKey(prefix: string): string {
  serial += 1;
  return `${prefix}_${serial}_${crypto.randomUUID().slice(0, 8)}`;
}

/** The capabilities of the worker under test, with a clock the test moves. */
export function testCapabilities(clock: Clock = systemClock): Capabilities {
  return capabilitiesFor(env, clock);
}

export async function newCreator(prefix: string, factor: SecondFactorSetup = "email"): Promise<TestCreator> {
  const key = uniqueKey(prefix);
  const now = systemClock.now();
  const user = buildUser(key, now);
  await env.DB.batch(insertUserStatements(env.DB, user, ["creator"]));
  let email: string | null = null;
  let totpSecret: string | null = null;
  if (factor === "email") {
    email = `${key.toLowerCase()}@example.com`;
    await setVerifiedEmail(env.DB, user.id, email, now);
  }
  if (factor === "authenticator") {
    const caps = testCapabilities();
    const session = { userId: user.id, realUserId: null };
    const setup = await beginTwoFactorSetup(caps, session);
    // Approved with the previous 30-second step's code, so the current step's code is still unused for the test.
    await approveTwoFactor(caps, session, totpFor(setup.secret).generate({ timestamp: now - 30_000 }));
    totpSecret = setup.secret;
  }
  return { userId: user.id, setup: await bearerFor(user.id), bearer: await bearerFor(user.id), email, totpSecret };
}

/** Another session of the same creator: each has its own write budget (120 changes a minute). */
export async function freshBearer(creator: TestCreator): Promise<string> {
  return bearerFor(creator.userId);
}

/** The current authenticator code (or the one of the step `offsetSteps` away). */
export function authenticatorCode(creator: TestCreator, offsetSteps = 0): string {
  if (creator.totpSecret === null) throw new Error("This creator has no authenticator");
  return totpFor(creator.totpSecret).generate({ timestamp: systemClock.now() + offsetSteps * 30_000 });
}

/** Credits the creator's available balance the way a reward does, through the ledger's domain functions. */
export async function creditCreator(creator: TestCreator, amount: number, currency = "USDC"): Promise<void> {
  const advertiser = await insertAdvertiser(uniqueKey("wd-funder").toLowerCase().replace(/_/g, "-"));
  const key = uniqueKey("credit");
  await depositAdvertiserFunds(env.DB, systemClock, { advertiserId: advertiser.id, currency, amount, idempotencyKey: `deposit:${key}` });
  const posted = await postJournalEntry(env.DB, {
    idempotencyKey: `reward:${key}`,
    kind: "reward",
    memo: "Test reward",
    lines: [
      { account: advertiserFundingAccount(advertiser.id, currency), amount: -amount },
      { account: creatorAvailableAccount(creator.userId, currency), amount },
    ],
    createdAt: systemClock.now(),
  });
  expect(posted.posted).toBe(true);
}

/**
 * Rewards earned the real way: a campaign (one week, ended, matured) with one claimed post per amount, funded and
 * evaluated by the rewards engine. Scores equal the amounts and the weekly pool their sum, so each post is paid
 * exactly its amount; the post with the highest amount also takes the whole bonus pool (the top 10 % of its week).
 * Post ids sort in the order of `amounts`.
 */
export async function earnRewards(creator: TestCreator, amounts: readonly number[], bonusPool = 0): Promise<string[]> {
  const clock = fixedClock(systemClock.now());
  const now = clock.now();
  const key = uniqueKey("earn").toLowerCase().replace(/_/g, "-");
  const advertiser = await insertAdvertiser(key);
  const weeklyPool = amounts.reduce((sum, amount) => sum + amount, 0);
  const campaign = buildCampaign(key, advertiser, "evaluating", now, {
    startsAt: now - 7 * DAY - 3 * DAY,
    endsAt: now - 3 * DAY,
    weeklyPool,
    bonusPool,
    creatorCapBps: 10_000,
  });
  await insertCampaignStatement(env.DB, campaign).run();
  await depositAdvertiserFunds(env.DB, clock, {
    advertiserId: advertiser.id,
    currency: "USDC",
    amount: weeklyPool + bonusPool,
    idempotencyKey: `deposit:${key}`,
  });
  await fundCampaign(env.DB, clock, campaign.id);
  const posts: PolledPost[] = amounts.map((amount, index) => {
    const postedAt = campaign.startsAt + HOUR * (index + 1);
    const post = buildPost(`${key}-${String(index).padStart(2, "0")}`, campaign, { id: creator.userId }, "claimed", postedAt, {
      postedAt,
      campaignWeek: 1,
    });
    return {
      post,
      metrics: { impressions: amount, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 },
      score: amount,
      polledAt: postedAt + 48 * HOUR,
      maturedAt: postedAt + 48 * HOUR,
    };
  });
  await env.DB.batch([
    ...joinCampaignStatements(env.DB, campaign.id, creator.userId, campaign.startsAt - HOUR),
    ...polledPostsStatements(env.DB, posts, now),
  ]);
  await closeDueWeeks({ db: env.DB, clock }, await campaignDue(campaign.id));
  const stored = await findRewardCampaign(env.DB, campaign.id);
  if (stored === null) throw new Error("campaign missing");
  expect(await evaluateCampaign({ db: env.DB, clock }, stored)).toBe("evaluated");
  return posts.map((item) => item.post.id);
}

export async function postStatuses(postIds: readonly string[]): Promise<string[]> {
  const rows = await env.DB.prepare(`SELECT id, status FROM posts WHERE id IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify(postIds))
    .all<{ id: string; status: string }>();
  const byId = new Map(rows.results.map((row) => [row.id, row.status]));
  return postIds.map((id) => byId.get(id) ?? "missing");
}

/** Adds an EVM wallet through the wallet API and verifies it by signing its message with the key. */
export async function verifiedWallet(
  creator: TestCreator,
  options: { currency?: string; key?: `0x${string}`; verify?: boolean } = {},
): Promise<{ id: string; address: string; account: PrivateKeyAccount }> {
  const account = privateKeyToAccount(options.key ?? generatePrivateKey());
  const added = await call("POST", "/v1/wallet", creator.setup, {
    type: "evm",
    address: account.address,
    currency: options.currency ?? "USDC",
  });
  expect(added.status, await added.clone().text()).toBe(201);
  const wallet = walletSchema.parse(await added.json());
  if (options.verify === false) return { id: wallet.id, address: wallet.address, account };
  const started = await call("POST", "/v1/wallet/start-verification", creator.setup, { walletId: wallet.id });
  expect(started.status, await started.clone().text()).toBe(200);
  const challenge = walletChallengeSchema.parse(await started.json());
  const signature = await account.signMessage({ message: challenge.message });
  const completed = await call("POST", "/v1/wallet/complete-verification", creator.setup, {
    walletId: wallet.id,
    nonce: challenge.nonce,
    signature,
  });
  expect(completed.status, await completed.clone().text()).toBe(200);
  return { id: wallet.id, address: wallet.address, account };
}

/** A creator (second factor: `factor`) with a verified wallet and `amount` credited: where most withdrawal tests start. */
export async function creatorWithMoney(
  prefix: string,
  amount: number,
  options: { factor?: SecondFactorSetup; key?: `0x${string}` } = {},
): Promise<{ creator: TestCreator; wallet: { id: string; address: string; account: PrivateKeyAccount } }> {
  const creator = await newCreator(prefix, options.factor);
  const wallet = await verifiedWallet(creator, options.key === undefined ? {} : { key: options.key });
  await creditCreator(creator, amount);
  return { creator, wallet };
}

/** A withdrawal requested, verified with its mailed code and handed to the rail, its payout settled there at once. */
export async function settledAtTheRail(creator: TestCreator, walletId: string, amount: number): Promise<{ id: string; payoutId: string }> {
  const withdrawal = await requestWithdrawal(creator, { walletId, amount });
  expect((await verifyWithCode(creator, withdrawal.id, await mailedCode(creator))).status).toBe("pending");
  const payoutId = (await withdrawalRow(withdrawal.id))?.rail_payout_id;
  if (payoutId === null || payoutId === undefined) throw new Error("not handed to the rail");
  await settlePayoutNow(env.PAYOUT_API_URL, payoutId);
  return { id: withdrawal.id, payoutId };
}

export function requestWithdrawalCall(
  bearer: string | null,
  body: unknown,
  idempotencyKey: string | null = crypto.randomUUID(),
  query = "?page_path=%2Fprofile&trigger=withdraw-dialog",
) {
  return call("POST", `/v1/withdrawal${query}`, bearer, body, idempotencyKey === null ? {} : { "Idempotency-Key": idempotencyKey });
}

export function verifyCall(bearer: string | null, withdrawalId: string, body: unknown) {
  return call("POST", `/v1/withdrawal/${withdrawalId}/verify`, bearer, body);
}

export function resendCall(bearer: string | null, withdrawalId: string) {
  return call("POST", `/v1/withdrawal/${withdrawalId}/verify/resend`, bearer);
}

export function cancelCall(bearer: string | null, withdrawalId: string) {
  return call("DELETE", `/v1/withdrawal/${withdrawalId}?page_path=%2Fprofile&trigger=cancel`, bearer);
}

export function listCall(bearer: string | null, query = "") {
  return call("GET", `/v1/withdrawal${query}`, bearer);
}

/** A withdrawal requested through the API (201). */
export async function requestWithdrawal(
  creator: TestCreator,
  input: { walletId: string; amount: number; currency?: string },
): Promise<Withdrawal> {
  const response = await requestWithdrawalCall(creator.bearer, { currency: "USDC", ...input });
  expect(response.status, await response.clone().text()).toBe(201);
  return withdrawalCreatedSchema.parse(await response.json()).withdrawal;
}

export async function verifyWithCode(creator: TestCreator, withdrawalId: string, code: string): Promise<Withdrawal> {
  const response = await verifyCall(creator.bearer, withdrawalId, { code });
  expect(response.status, await response.clone().text()).toBe(200);
  return withdrawalSchema.parse(await response.json());
}

/** The code mailed for the creator's latest withdrawal, read from the mail outbox. */
export function mailedCode(creator: TestCreator): Promise<string> {
  if (creator.email === null) throw new Error("This creator has no e-mail");
  return latestCodeSentTo(env.MAIL_API_URL, creator.email);
}

export async function listWithdrawals(creator: TestCreator, query = ""): Promise<Withdrawal[]> {
  const response = await listCall(creator.bearer, query);
  expect(response.status).toBe(200);
  return withdrawalListSchema.parse(await response.json()).withdrawals;
}

/** The creator's balance in USDC, straight from the ledger (available, held, paid out). */
export async function usdcBalance(creator: TestCreator): Promise<{ available: number; held: number; paidOut: number }> {
  const row = await env.DB.prepare(
    `SELECT
       COALESCE(SUM(CASE WHEN account.kind = 'creator-available' THEN line.amount END), 0) AS available,
       COALESCE(SUM(CASE WHEN account.kind = 'creator-withdrawal-hold' THEN line.amount END), 0) AS held,
       COALESCE(SUM(CASE WHEN account.kind = 'creator-paid-out' THEN line.amount END), 0) AS paid_out
     FROM ledger_accounts AS account JOIN ledger_lines AS line ON line.account_id = account.id
     WHERE account.owner_id = ? AND account.currency = 'USDC'`,
  )
    .bind(creator.userId)
    .first<{ available: number; held: number; paid_out: number }>();
  return { available: row?.available ?? 0, held: row?.held ?? 0, paidOut: row?.paid_out ?? 0 };
}

/** The ledger entries of a withdrawal, by kind. */
export async function withdrawalEntries(withdrawalId: string): Promise<string[]> {
  const keys = ["withdrawal-hold", "withdrawal-release", "withdrawal-payout"].map((kind) => `${kind}:${withdrawalId}`);
  const rows = await env.DB.prepare(`SELECT kind FROM ledger_entries WHERE idempotency_key IN (SELECT value FROM json_each(?)) ORDER BY id`)
    .bind(JSON.stringify(keys))
    .all<{ kind: string }>();
  return rows.results.map((row) => row.kind);
}

/** How many withdrawals a creator has, counted straight in D1 (the product never needs the number). */
export async function withdrawalCount(creator: TestCreator): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM withdrawals WHERE user_id = ?`).bind(creator.userId).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The notification kinds a creator got for a withdrawal. */
export async function withdrawalNotifications(withdrawalId: string): Promise<string[]> {
  const keys = ["verifying", "pending", "cancelled", "failed", "completed"].map((event) => `transaction-${event}:${withdrawalId}`);
  const rows = await env.DB.prepare(
    `SELECT event_type FROM notifications WHERE dedupe_key IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid`,
  )
    .bind(JSON.stringify(keys))
    .all<{ event_type: string }>();
  return rows.results.map((row) => row.event_type);
}

export async function withdrawalRow(withdrawalId: string) {
  return env.DB.prepare(`SELECT status, status_reason, rail_payout_id, wrong_codes, settled_at FROM withdrawals WHERE id = ?`)
    .bind(withdrawalId)
    .first<{
      status: string;
      status_reason: string | null;
      rail_payout_id: string | null;
      wrong_codes: number;
      settled_at: number | null;
    }>();
}
