import { env } from "cloudflare:test";
import { expect } from "vitest";
import { withoutCredit, type EventToStore } from "../../../worker/db/conversions.ts";
import { insertChallenge, insertWallet, spendChallengeAndVerify } from "../../../worker/db/wallets.ts";

/**
 * Conversions matched by wallet (docs/decisions/018-conversion-ingestion.md), for the report tests: a creator's EVM
 * wallet verified through the product's own challenge, and purchases that come from an address and nothing else.
 */

/** A USDC wallet of the user's at `address`, verified as the product verifies one: a challenge issued, then spent. */
export async function insertVerifiedWallet(wallet: { id: string; userId: string; address: string; now: number }): Promise<void> {
  const { id, userId, address, now } = wallet;
  const nonce = `nonce-${id}`;
  await insertWallet(env.DB, { id, userId, type: "evm", address, addressKey: address.toLowerCase(), currency: "USDC", createdAt: now });
  await insertChallenge(env.DB, { nonce, walletId: id, userId, message: "test", expiresAt: now + 3_600_000, createdAt: now });
  expect(await spendChallengeAndVerify(env.DB, { nonce, walletId: id, userId }, now)).toBe(true);
}

/** A purchase from `address` at `at` with no value, click, customer or order: only its wallet can credit it. */
export function walletPurchase(eventId: string, address: string, at: number): EventToStore {
  return withoutCredit({
    eventId,
    type: "purchase",
    walletAddress: address,
    addressKey: address.toLowerCase(),
    chain: "evm",
    value: null,
    currency: null,
    occurredAt: at,
    metadata: null,
    clickId: null,
    customerId: null,
    orderId: null,
    reversesEventId: null,
  });
}
