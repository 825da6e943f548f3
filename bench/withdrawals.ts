/**
 * Parallel withdrawals against one balance (issue 10): 100 `POST /v1/withdrawal` requests, each with its own
 * Idempotency-Key, all in flight at once over real HTTP against the built worker in workerd (the server `npm run
 * bench` starts). The ledger's never-negative trigger decides inside each request's one atomic batch, so exactly
 * ⌊B/a⌋ are accepted and the rest refused with the balance in words. Reports the counts, the total wall time and the
 * latency per request.
 *
 * The D1 queries each request sends are counted on the same use cases run in Node against the same local D1 through
 * wrangler's platform proxy, with the binding wrapped as in bench/evaluation.ts (each prepared statement run counts
 * one, each statement of a batch counts one): the session check of `requireBearer` plus `requestWithdrawal`, for an
 * accepted and for a refused withdrawal, and then `verifyWithdrawal` and one settlement of it. Mail and the payout
 * rail are stand-ins there (they send no D1 query); over HTTP they are the real emulators.
 */
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import type { Payout, PayoutRail } from "../worker/clients/payout-rail.ts";
import { capabilitiesFor } from "../worker/capabilities.ts";
import { systemClock } from "../worker/clock.ts";
import { localSecret } from "../scripts/dev-vars.ts";
import { ledgerTotals } from "../tests/support/ledger.ts";
import { insertAdvertiserStatement } from "../worker/db/advertisers.ts";
import { findSession } from "../worker/db/sessions.ts";
import { insertUserStatements, setVerifiedEmail } from "../worker/db/users.ts";
import { issueTokens, liveSessionForToken, startSession } from "../worker/domain/accounts/sessions.ts";
import { advertiserFundingAccount, creatorAvailableAccount } from "../worker/domain/ledger/accounts.ts";
import { depositAdvertiserFunds } from "../worker/domain/ledger/funding.ts";
import { postJournalEntry } from "../worker/domain/ledger/journal.ts";
import { requestWithdrawal } from "../worker/domain/withdrawals/request.ts";
import { settleWithdrawals } from "../worker/domain/withdrawals/settlement.ts";
import { verifyWithdrawal } from "../worker/domain/withdrawals/verify.ts";
import { buildAdvertiser, buildUser } from "../fixtures/factories.ts";
import { meteredD1, newD1Meter } from "../worker/timings.ts";
import { localBindings } from "../scripts/local-bindings.ts";
import { percentile } from "./measure.ts";

export type WithdrawalBenchmarkResult = {
  requests: number;
  balance: number;
  amount: number;
  accepted: number;
  refused: number;
  expectedAccepted: number;
  otherAnswers: Record<string, number>;
  totalMs: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
  /** D1 queries of one request, as counted on the use cases (session check included). */
  d1QueriesPerAcceptedWithdrawal: number;
  d1QueriesPerRefusedWithdrawal: number;
  d1QueriesPerVerification: number;
  d1QueriesPerSettlement: number;
  ledgerBalanced: boolean;
};

type Creator = { userId: string; email: string };

async function bearer(db: D1Database, userId: string): Promise<string> {
  const deps = { db, clock: systemClock, signingKey: localSecret("JWT_SIGNING_KEY") };
  const started = await startSession(deps, { userId, realUserId: null });
  const session = await findSession(db, started.sessionId);
  if (session === null) throw new Error("The session just started is missing");
  return (await issueTokens(deps, session)).accessToken;
}

/** A creator with a verified e-mail and `balance` credited through the ledger's own functions. */
async function creatorWithBalance(db: D1Database, key: string, balance: number): Promise<Creator> {
  const now = systemClock.now();
  const user = buildUser(key, now);
  const advertiser = buildAdvertiser(`${key.replace(/_/g, "-")}-funder`, now);
  await db.batch([...insertUserStatements(db, user, ["creator"]), insertAdvertiserStatement(db, advertiser)]);
  const email = `${key}@example.com`;
  await setVerifiedEmail(db, user.id, email, now);
  await depositAdvertiserFunds(db, systemClock, {
    advertiserId: advertiser.id,
    currency: "USDC",
    amount: balance,
    idempotencyKey: `deposit:${key}`,
  });
  await postJournalEntry(db, {
    idempotencyKey: `reward:${key}`,
    kind: "reward",
    memo: "Benchmark reward",
    lines: [
      { account: advertiserFundingAccount(advertiser.id, "USDC"), amount: -balance },
      { account: creatorAvailableAccount(user.id, "USDC"), amount: balance },
    ],
    createdAt: now,
  });
  return { userId: user.id, email };
}

async function call(origin: string, token: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Adds an EVM wallet through the API and verifies it by signing its message. */
async function verifiedWallet(origin: string, token: string): Promise<string> {
  const account = privateKeyToAccount(generatePrivateKey());
  const added = await call(origin, token, "POST", "/v1/wallet", { type: "evm", address: account.address, currency: "USDC" });
  if (added.status !== 201) throw new Error(`Adding a wallet answered ${added.status}: ${JSON.stringify(added.body)}`);
  const walletId = String(added.body.id);
  const started = await call(origin, token, "POST", "/v1/wallet/start-verification", { walletId });
  const signature = await account.signMessage({ message: String(started.body.message) });
  const completed = await call(origin, token, "POST", "/v1/wallet/complete-verification", {
    walletId,
    nonce: started.body.nonce,
    signature,
  });
  if (completed.status !== 200) throw new Error(`Verifying the wallet answered ${completed.status}: ${JSON.stringify(completed.body)}`);
  return walletId;
}

export async function runWithdrawalBenchmark(
  port: number,
  options: { persistTo?: string; requests?: number; balance?: number; amount?: number } = {},
): Promise<WithdrawalBenchmarkResult> {
  const origin = `http://127.0.0.1:${port}`;
  const requests = options.requests ?? 100;
  const balance = options.balance ?? 37_000_000;
  const amount = options.amount ?? 1_500_000;
  const persistTo = options.persistTo ?? ".wrangler/bench-state";
  const proxy = await localBindings(persistTo);
  try {
    const db = proxy.env.DB;
    const run = Date.now().toString(36);
    const creator = await creatorWithBalance(db, `bench_wd_${run}`, balance);
    // Separate sessions for setting up and for the run: the write limit counts per session.
    const walletId = await verifiedWallet(origin, await bearer(db, creator.userId));
    const token = await bearer(db, creator.userId);

    const latencies: number[] = [];
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: requests }, async (_, index) => {
        const sent = performance.now();
        const answer = await call(
          origin,
          token,
          "POST",
          "/v1/withdrawal?page_path=%2Fbench&trigger=bench",
          { walletId, amount, currency: "USDC" },
          {
            "Idempotency-Key": `bench-${run}-${index}`,
          },
        );
        latencies.push(performance.now() - sent);
        return answer;
      }),
    );
    const totalMs = performance.now() - started;
    const accepted = answers.filter((answer) => answer.status === 201).length;
    const refused = answers.filter((answer) => answer.status === 409 && answer.body.code === "insufficient_funds").length;
    const otherAnswers: Record<string, number> = {};
    for (const answer of answers) {
      if (answer.status === 201 || (answer.status === 409 && answer.body.code === "insufficient_funds")) continue;
      const key = `${answer.status} ${String(answer.body.code)}`;
      otherAnswers[key] = (otherAnswers[key] ?? 0) + 1;
    }

    // The queries of one request, on the same use cases with a counted binding.
    const counter = newD1Meter();
    const counted = meteredD1(db, counter);
    const mails: string[] = [];
    const payouts = new Map<string, Payout>();
    const rail: PayoutRail = {
      createPayout: (request) => {
        const payout: Payout = {
          id: `po_bench_${payouts.size}`,
          withdrawalId: request.withdrawalId,
          status: "pending",
          failureReason: null,
          settledAt: null,
        };
        payouts.set(request.withdrawalId, payout);
        return Promise.resolve(payout);
      },
      findPayout: (withdrawalId) => {
        const payout = payouts.get(withdrawalId);
        return Promise.resolve(payout === undefined ? null : { ...payout, status: "completed", settledAt: Date.now() });
      },
    };
    const caps = {
      ...capabilitiesFor(proxy.env),
      db: counted,
      clock: systemClock,
      mailer: {
        send: (mail: { text: string }) => {
          mails.push(mail.text);
          return Promise.resolve({ id: `bench-${mails.length}` });
        },
      },
      payoutRail: rail,
      signingKey: localSecret("JWT_SIGNING_KEY"),
    };
    const measure = async (work: () => Promise<unknown>): Promise<number> => {
      counter.statements = 0;
      await work();
      return counter.statements;
    };
    const counting = await creatorWithBalance(db, `bench_wd_count_${run}`, 3_000_000);
    const countingWallet = await verifiedWallet(origin, await bearer(db, counting.userId));
    const countingToken = await bearer(db, counting.userId);
    let withdrawalId = "";
    const perAccepted = await measure(async () => {
      await liveSessionForToken(caps, countingToken);
      const created = await requestWithdrawal(caps, counting.userId, {
        walletId: countingWallet,
        amount: 2_000_000,
        currency: "USDC",
        idempotencyKey: `count-${run}-1`,
        requestedFrom: { pagePath: "/profile", trigger: "withdraw-dialog" },
      });
      withdrawalId = created.withdrawal.id;
    });
    const perRefused = await measure(async () => {
      await liveSessionForToken(caps, countingToken);
      await requestWithdrawal(caps, counting.userId, {
        walletId: countingWallet,
        amount: 2_000_000,
        currency: "USDC",
        idempotencyKey: `count-${run}-2`,
        requestedFrom: { pagePath: "/profile", trigger: "withdraw-dialog" },
      }).catch((error: unknown) => {
        if (!(error instanceof Error) || !error.message.startsWith("You have")) throw error;
      });
    });
    const code = /\b(\d{6})\b/.exec(mails.at(-1) ?? "")?.[1] ?? "";
    const perVerification = await measure(async () => {
      await liveSessionForToken(caps, countingToken);
      await verifyWithdrawal(caps, counting.userId, withdrawalId, code);
    });
    const perSettlement = await measure(() => settleWithdrawals(caps, { expiriesPerRun: 100, pendingPerRun: 20 }));

    const totals = await ledgerTotals(db);
    return {
      requests,
      balance,
      amount,
      accepted,
      refused,
      expectedAccepted: Math.floor(balance / amount),
      otherAnswers,
      totalMs: Math.round(totalMs),
      latencyP50Ms: Math.round(percentile(latencies, 50)),
      latencyP95Ms: Math.round(percentile(latencies, 95)),
      d1QueriesPerAcceptedWithdrawal: perAccepted,
      d1QueriesPerRefusedWithdrawal: perRefused,
      d1QueriesPerVerification: perVerification,
      d1QueriesPerSettlement: perSettlement,
      ledgerBalanced: totals.every((row) => row.debits === row.credits),
    };
  } finally {
    await proxy.dispose();
  }
}
