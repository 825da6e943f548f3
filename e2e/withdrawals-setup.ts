import type { APIRequestContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { DAY, HOUR, systemClock } from "../worker/clock.ts";
import { fixedClock } from "../tests/support/clock.ts";
import { insertCampaignStatement } from "../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../worker/db/memberships.ts";
import { findCampaignDue, findRewardCampaign } from "../worker/db/reward-campaigns.ts";
import { depositAdvertiserFunds, fundCampaign } from "../worker/domain/ledger/funding.ts";
import { evaluateCampaign } from "../worker/domain/rewards/evaluation.ts";
import { closeDueWeeks } from "../worker/domain/rewards/weeks.ts";
import { buildCampaign, buildPost, polledPostsStatements, type PolledPost } from "../fixtures/factories.ts";
import { latestCodeSentTo } from "../tests/support/outbox.ts";

/**
 * What the withdrawal journeys set up around the browser: rewards earned the real way (a campaign evaluated by the
 * rewards engine, in the server's own D1 through wrangler's platform proxy), a verified e-mail or an authenticator
 * (through the settings API, the code read from the mail outbox), and a verified wallet (through the wallet API,
 * signed with viem). `origin` is the app's; the outbox runs on its port + 4, the payout rail on port + 5.
 */

/** A private key whose EVM address ends in "dead": the payout rail fails every payout to it (found once, offline). */
export const DEAD_WALLET_KEY = "0x6ec353b5545ff79a81fb478848b3985cb6db1b46b18147f087e0440676ae49ef";

export function emulatorUrls(origin: string) {
  const port = Number(new URL(origin).port);
  return { outbox: `http://127.0.0.1:${port + 4}`, rail: `http://127.0.0.1:${port + 5}` };
}

/** The signed-in page's API access token (the browser keeps it in localStorage). */
export async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem("access_token"));
  if (token === null) throw new Error("The page holds no access token: is it signed in and hydrated?");
  return token;
}

async function call(request: APIRequestContext, token: string, method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
  const response = await request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

/** The settings API's e-mail change, approved with the code from the outbox: the address becomes verified. */
export async function verifyEmail(request: APIRequestContext, origin: string, token: string, email: string): Promise<void> {
  await call(request, token, "PUT", `${origin}/v1/user/settings/email`, { email });
  const code = await latestCodeSentTo(emulatorUrls(origin).outbox, email);
  await call(request, token, "POST", `${origin}/v1/user/settings/email/approve`, { code });
}

/** Two-factor through the settings API; answers the authenticator of the new secret. */
export async function turnOnAuthenticator(request: APIRequestContext, origin: string, token: string): Promise<TOTP> {
  const setup = (await call(request, token, "PUT", `${origin}/v1/user/settings/two-factor`, { enabled: true })) as { secret: string };
  const totp = new TOTP({ issuer: "Chorus", algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(setup.secret) });
  // Confirmed with the previous step's code, so the current one is still unused for the withdrawal.
  await call(request, token, "POST", `${origin}/v1/user/settings/two-factor/approve`, {
    code: totp.generate({ timestamp: Date.now() - 30_000 }),
  });
  return totp;
}

/** An EVM wallet added and verified through the wallet API, signed with viem. */
export async function addVerifiedWallet(
  request: APIRequestContext,
  origin: string,
  token: string,
  key: `0x${string}` = generatePrivateKey(),
): Promise<{ id: string; address: string }> {
  const account = privateKeyToAccount(key);
  const wallet = (await call(request, token, "POST", `${origin}/v1/wallet`, {
    type: "evm",
    address: account.address,
    currency: "USDC",
  })) as {
    id: string;
    address: string;
  };
  const challenge = (await call(request, token, "POST", `${origin}/v1/wallet/start-verification`, { walletId: wallet.id })) as {
    message: string;
    nonce: string;
  };
  const signature = await account.signMessage({ message: challenge.message });
  await call(request, token, "POST", `${origin}/v1/wallet/complete-verification`, {
    walletId: wallet.id,
    nonce: challenge.nonce,
    signature,
  });
  return wallet;
}

/**
 * Rewards earned the real way: an ended, matured campaign (of the demo advertiser aurora by default) with one claimed post per
 * amount, funded, its week closed and evaluated by the rewards engine. Scores equal the amounts and the pool their
 * sum, so each post is paid exactly its amount. The posts' ids, oldest first.
 */
export async function earnRewards(
  db: D1Database,
  userId: string,
  key: string,
  amounts: readonly number[],
  advertiserId = "advertiser-aurora",
): Promise<string[]> {
  const clock = fixedClock(systemClock.now());
  const now = clock.now();
  const weeklyPool = amounts.reduce((sum, amount) => sum + amount, 0);
  const campaign = buildCampaign(key, { id: advertiserId }, "evaluating", now, {
    title: `Withdrawal journey ${key}`,
    startsAt: now - 10 * DAY,
    endsAt: now - 3 * DAY,
    weeklyPool,
    bonusPool: 0,
    creatorCapBps: 10_000,
  });
  await insertCampaignStatement(db, campaign).run();
  await depositAdvertiserFunds(db, clock, {
    advertiserId,
    currency: "USDC",
    amount: weeklyPool,
    idempotencyKey: `deposit:${key}`,
  });
  await fundCampaign(db, clock, campaign.id);
  const posts: PolledPost[] = amounts.map((amount, index) => {
    const postedAt = campaign.startsAt + HOUR * (index + 1);
    return {
      post: buildPost(`${key}-${index}`, campaign, { id: userId }, "claimed", postedAt, {
        postedAt,
        campaignWeek: 1,
        content: `#ad Post ${index + 1} about Aurora #AuroraWallet`,
      }),
      metrics: { impressions: amount, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 },
      score: amount,
      polledAt: postedAt + 48 * HOUR,
      maturedAt: postedAt + 48 * HOUR,
    };
  });
  await db.batch([...joinCampaignStatements(db, campaign.id, userId, campaign.startsAt - HOUR), ...polledPostsStatements(db, posts, now)]);
  const due = await findCampaignDue(db, campaign.id);
  if (due === null) throw new Error(`${campaign.id} is not in the database the server uses`);
  await closeDueWeeks({ db, clock }, due);
  const stored = await findRewardCampaign(db, campaign.id);
  if (stored === null || (await evaluateCampaign({ db, clock }, stored)) !== "evaluated")
    throw new Error(`${campaign.id} was not evaluated`);
  return posts.map((item) => item.post.id);
}

export async function userIdOf(db: D1Database, handle: string): Promise<string> {
  const user = await db.prepare(`SELECT id FROM users WHERE handle = ?`).bind(handle).first<{ id: string }>();
  if (user === null) throw new Error(`${handle} is not in the database the server uses`);
  return user.id;
}

/** The user's latest withdrawal and the payout the rail made for it. */
export async function latestWithdrawal(db: D1Database, userId: string) {
  return db
    .prepare(`SELECT id, status, rail_payout_id FROM withdrawals WHERE user_id = ? ORDER BY created_at DESC LIMIT 1`)
    .bind(userId)
    .first<{ id: string; status: string; rail_payout_id: string | null }>();
}

/** Runs the worker's scheduled handler once, as the cron trigger would (`wrangler dev`'s route). */
export async function tickScheduler(request: APIRequestContext, origin: string): Promise<void> {
  const response = await request.get(`${origin}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
  if (!response.ok()) throw new Error(`The scheduled handler answered ${response.status()}`);
}
