import { env } from "cloudflare:test";
import { expect } from "vitest";
import { systemClock, type Clock } from "../../../worker/clock.ts";
import { createXClient, type XClient } from "../../../worker/domain/networks/x/client.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { findCampaignDue, type CampaignDue } from "../../../worker/db/reward-campaigns.ts";
import { freshXAccessToken } from "../../../worker/domain/networks/x/credentials.ts";
import { issueTokens, startSession } from "../../../worker/domain/accounts/sessions.ts";
import type { SchedulerDeps } from "../../../worker/jobs/scheduler.ts";
import { configFrom } from "../../../worker/config.ts";
import { networksFor } from "../../../worker/domain/networks/registry.ts";
import { buildAdvertiser } from "../../../fixtures/factories.ts";
import { fetchWorker } from "./fetch.ts";
import { TestBrowser } from "./browser.ts";

/** Shared by the rewards worker tests: creators on the X emulator, API tokens, the scheduler's dependencies. */
export const appOrigin = "http://127.0.0.1:8787";

const binding = (name: string) => String(Reflect.get(env, name));

export function testXClient(): XClient {
  return createXClient({
    authorizeUrl: env.X_AUTHORIZE_URL,
    apiBaseUrl: env.X_API_BASE_URL,
    clientId: env.X_CLIENT_ID,
    clientSecret: binding("X_CLIENT_SECRET"),
  });
}

/**
 * The scheduler with the test's clock, reading metrics in-process: the rewards steps and the sweeps run, the steps of
 * the rails, the media bucket and click timing are off (a test of one of those passes it; the worker's own wiring,
 * with every step on, is tested in tests/worker/platform/scheduler-wiring.test.ts).
 */
export function schedulerDeps(clock: Clock): SchedulerDeps {
  const networks = networksFor({ db: env.DB, clock, config: configFrom(env), encryptionKey: binding("TOKEN_ENCRYPTION_KEY") });
  return {
    db: env.DB,
    clock,
    networks,
    pollingQueue: null,
    campaignObjects: null,
    reconcileReservations: true,
    withdrawals: null,
    deposits: null,
    media: null,
    encryptionKey: null,
  };
}

/** The campaign as its due work reads it (with when its weeks and health are due), for a test that closes its weeks. */
export async function campaignDue(campaignId: string): Promise<CampaignDue> {
  const due = await findCampaignDue(env.DB, campaignId);
  if (due === null) throw new Error(`campaign ${campaignId} missing`);
  return due;
}

/** An X handle no other test file uses (the emulator is shared by the whole run). */
export function uniqueHandle(prefix: string): string {
  return `${prefix}_${crypto
    .randomUUID()
    .replace(/-/g, "")
    .slice(0, 14 - prefix.length)}`;
}

/** A bearer token for the API, as the browser would get after signing in. */
export async function apiTokenFor(userId: string): Promise<string> {
  const deps = { db: env.DB, clock: systemClock, signingKey: binding("JWT_SIGNING_KEY") };
  const started = await startSession(deps, { userId, realUserId: null });
  const session = await findSession(env.DB, started.sessionId);
  if (session === null) throw new Error("the session just started is missing");
  return (await issueTokens(deps, session)).accessToken;
}

export type TestCreator = { handle: string; userId: string; apiToken: string; xToken(): Promise<string> };

/** A creator who signed in through the write login (so Chorus may post for them), on the real X emulator. */
export async function creatorOnX(prefix: string): Promise<TestCreator> {
  const handle = uniqueHandle(prefix);
  const browser = new TestBrowser();
  const start = await browser.fetch("/auth/twitter/write/login");
  const authorize = new URL(start.headers.get("location") ?? "");
  authorize.searchParams.set("emulator_login", handle);
  const landing = await browser.follow(await browser.fetch(authorize.toString()));
  expect(landing.status).toBe(302);
  const user = await env.DB.prepare(`SELECT id FROM users WHERE handle = ?`).bind(handle).first<{ id: string }>();
  if (user === null) throw new Error(`${handle} did not arrive`);
  const userId = user.id;
  return {
    handle,
    userId,
    apiToken: await apiTokenFor(userId),
    xToken: () =>
      freshXAccessToken(
        { db: env.DB, clock: systemClock, encryptionKey: binding("TOKEN_ENCRYPTION_KEY"), xClient: testXClient() },
        userId,
        "tweet.write",
      ),
  };
}

export async function insertAdvertiser(slug: string): Promise<{ id: string }> {
  const advertiser = buildAdvertiser(slug, systemClock.now());
  await insertAdvertiserStatement(env.DB, advertiser).run();
  return advertiser;
}

/** What each of a campaign's posts received at evaluation (post_rewards), by post id. */
export async function listPostRewards(db: D1Database, campaignId: string) {
  const rows = await db
    .prepare(`SELECT post_id, user_id, currency, pool_amount, bonus_amount FROM post_rewards WHERE campaign_id = ? ORDER BY post_id`)
    .bind(campaignId)
    .all<{ post_id: string; user_id: string; currency: string; pool_amount: number; bonus_amount: number }>();
  return rows.results.map((row) => ({
    postId: row.post_id,
    userId: row.user_id,
    currency: row.currency,
    poolAmount: row.pool_amount,
    bonusAmount: row.bonus_amount,
  }));
}

export function confirmPayout(campaignId: string, apiToken?: string): Promise<Response> {
  return fetchWorker(`/v1/action/payout/confirm/${encodeURIComponent(campaignId)}`, {
    method: "POST",
    headers: apiToken === undefined ? {} : { Authorization: `Bearer ${apiToken}` },
  });
}

export type BalanceBody = {
  balances: { currency: string; decimals: number; available: number; held: number; earned: number; pending: number }[];
};

export async function balanceOf(apiToken: string): Promise<BalanceBody> {
  const response = await fetchWorker("/v1/balance", { headers: { Authorization: `Bearer ${apiToken}` } });
  expect(response.status).toBe(200);
  return response.json();
}

/**
 * The ledger's own invariants, checked straight in D1: every entry and every currency balances, no balance is negative,
 * and every kept balance row (ledger_balances) is the sum of its account's lines, both ways.
 */
export async function expectBalancedLedger(): Promise<void> {
  const unbalancedEntries = await env.DB.prepare(
    `SELECT entry_id, currency, SUM(amount) AS total FROM ledger_lines GROUP BY entry_id, currency HAVING SUM(amount) != 0`,
  ).all();
  expect(unbalancedEntries.results).toEqual([]);
  const perCurrency = await env.DB.prepare(
    `SELECT currency, SUM(CASE WHEN amount > 0 THEN amount ELSE 0 END) AS debits, -SUM(CASE WHEN amount < 0 THEN amount ELSE 0 END) AS credits
     FROM ledger_lines GROUP BY currency`,
  ).all<{ currency: string; debits: number; credits: number }>();
  for (const row of perCurrency.results) expect(row.debits, row.currency).toBe(row.credits);
  const negative = await env.DB.prepare(
    `SELECT account.id, SUM(line.amount) AS balance FROM ledger_accounts AS account JOIN ledger_lines AS line ON line.account_id = account.id
     WHERE account.kind != 'advertiser-deposits' GROUP BY account.id HAVING SUM(line.amount) < 0`,
  ).all();
  expect(negative.results).toEqual([]);
  const summed = `SELECT account_id, currency, SUM(amount) AS balance, SUM(CASE WHEN entry_kind IN ('reward', 'commission-release') THEN amount ELSE 0 END) AS rewarded
     FROM ledger_lines GROUP BY account_id, currency`;
  const kept = `SELECT account_id, currency, balance, rewarded FROM ledger_balances`;
  expect((await env.DB.prepare(`${kept} EXCEPT ${summed}`).all()).results).toEqual([]);
  expect((await env.DB.prepare(`${summed} EXCEPT ${kept}`).all()).results).toEqual([]);
}
