import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { withdrawalCreatedSchema, withdrawalSchema } from "../../../worker/contracts/withdrawals.ts";
import { ledgerTotals } from "../../support/ledger.ts";
import { expectBalancedLedger } from "../support/rewards.ts";
import {
  creditCreator,
  freshBearer,
  mailedCode,
  newCreator,
  requestWithdrawal,
  requestWithdrawalCall,
  usdcBalance,
  verifiedWallet,
  verifyCall,
  withdrawalCount,
  withdrawalEntries,
  withdrawalNotifications,
  creatorWithMoney,
} from "../support/withdrawals.ts";

/*
 * The guarantees of the atomic hold under load, through the HTTP endpoint with every request in flight at once:
 * the ledger's never-negative trigger aborts each batch that would overdraw, so exactly ⌊B/a⌋ of 100 withdrawals of
 * a against a balance B are accepted; the (user, Idempotency-Key) index makes 20 identical requests one withdrawal.
 */

describe("withdrawals under concurrency", () => {
  it("accepts exactly ⌊B/a⌋ of 100 parallel withdrawals against one balance and refuses the rest in words", async () => {
    const creator = await newCreator("parallel");
    const wallet = await verifiedWallet(creator);
    const balance = 37_000_000;
    const amount = 1_500_000;
    await creditCreator(creator, balance);
    const bearer = await freshBearer(creator);

    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        requestWithdrawalCall(bearer, { walletId: wallet.id, amount, currency: "USDC" }, `parallel-${index}-${crypto.randomUUID()}`),
      ),
    );
    const accepted = responses.filter((response) => response.status === 201);
    const refused = responses.filter((response) => response.status === 409);
    const expected = Math.floor(balance / amount);
    expect(expected).toBe(24);
    expect(accepted).toHaveLength(expected);
    expect(refused).toHaveLength(100 - expected);
    for (const response of refused) {
      const body = errorBodySchema.parse(await response.json());
      expect(body.code).toBe("insufficient_funds");
      expect(body.message).toMatch(/^You have [\d.]+ USDC available; this withdrawal needs 1\.5 USDC\. /);
    }
    const ids = new Set<string>();
    for (const response of accepted) ids.add(withdrawalCreatedSchema.parse(await response.json()).withdrawal.id);
    expect(ids.size).toBe(expected);

    expect(await usdcBalance(creator)).toEqual({ available: balance - expected * amount, held: expected * amount, paidOut: 0 });
    expect(await withdrawalCount(creator)).toBe(expected);
    for (const total of await ledgerTotals(env.DB)) expect(total.debits, total.currency).toBe(total.credits);
    await expectBalancedLedger();
  });

  it("makes one withdrawal of 20 concurrent requests with one Idempotency-Key, holding once", async () => {
    const { creator, wallet } = await creatorWithMoney("same_key", 50_000_000);
    const key = crypto.randomUUID();
    const body = { walletId: wallet.id, amount: 7_000_000, currency: "USDC" };

    const responses = await Promise.all(Array.from({ length: 20 }, () => requestWithdrawalCall(creator.bearer, body, key)));
    expect(responses.map((response) => response.status).sort()).toEqual([...Array<number>(19).fill(200), 201].sort());
    const ids = new Set<string>();
    for (const response of responses) ids.add(withdrawalCreatedSchema.parse(await response.json()).withdrawal.id);
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await withdrawalCount(creator)).toBe(1);
    expect(await withdrawalEntries(id ?? "")).toEqual(["withdrawal-hold"]);
    expect(await withdrawalNotifications(id ?? "")).toEqual(["transaction-verifying"]);
    expect(await usdcBalance(creator)).toEqual({ available: 43_000_000, held: 7_000_000, paidOut: 0 });
    await expectBalancedLedger();
  });

  it("verifies once when the right code arrives ten times at once", async () => {
    const { creator, wallet } = await creatorWithMoney("verify_race", 5_000_000);
    const withdrawal = await requestWithdrawal(creator, { walletId: wallet.id, amount: 2_000_000 });
    const code = await mailedCode(creator);

    const responses = await Promise.all(Array.from({ length: 10 }, () => verifyCall(creator.bearer, withdrawal.id, { code })));
    const ok = responses.filter((response) => response.status === 200);
    expect(ok).toHaveLength(1);
    expect(withdrawalSchema.parse(await ok[0]?.json()).status).toBe("pending");
    for (const response of responses.filter((candidate) => candidate.status !== 200)) {
      expect([409]).toContain(response.status);
    }
    expect(await withdrawalNotifications(withdrawal.id)).toEqual(["transaction-verifying", "transaction-pending"]);
    expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold"]);
  });
});
