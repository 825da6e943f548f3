import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PAYOUT_WEBHOOK_PATH } from "../../../worker/contracts/payout-webhook.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { settleWithdrawals } from "../../../worker/domain/withdrawals/settlement.ts";
import { testPayoutRail } from "../../support/test-bindings.ts";
import { waitForWebhookDelivery, type WebhookDelivery } from "../../support/webhook-inbox.ts";
import { fetchWorker } from "../support/fetch.ts";
import { expectBalancedLedger } from "../support/rewards.ts";
import {
  DEAD_WALLET_KEY,
  testCapabilities,
  usdcBalance,
  withdrawalEntries,
  withdrawalNotifications,
  withdrawalRow,
  type TestCreator,
  creatorWithMoney,
  settledAtTheRail,
} from "../support/withdrawals.ts";

/*
 * The payout rail's signed webhook (docs/decisions/032-spec-server-items.md section 4), against the real payout rail
 * emulator: it settles a payout and sends the webhook; the webhook inbox keeps the delivery as it arrived, and the
 * test hands it unchanged to the worker's route (the worker under test has no address the rail could call). No
 * scheduler runs here unless a test runs it: a withdrawal that completes did so by the webhook.
 */

const USDC = 1_000_000;

/** A withdrawal settled at the rail at once, and the rail's webhook about it. */
async function settledWithWebhook(creator: TestCreator, walletId: string, amount: number) {
  const settled = await settledAtTheRail(creator, walletId, amount);
  return { ...settled, delivery: await waitForWebhookDelivery(env.TEST_WEBHOOK_INBOX_URL, settled.id) };
}

function deliver(delivery: Pick<WebhookDelivery, "path" | "body" | "signature">) {
  return fetchWorker(delivery.path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(delivery.signature === null ? {} : { "Payout-Signature": delivery.signature }) },
    body: delivery.body,
  });
}

/** A `Payout-Signature` made here, by the scheme the decision record describes. */
async function signature(secret: string, body: string, signedAt: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const timestamp = Math.floor(signedAt / 1000);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestamp}.${body}`)));
  return `t=${timestamp},v1=${Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

describe("the payout rail's webhook", () => {
  it("is sent by the rail when a payout settles, and completes the withdrawal at once; again, it changes nothing", async () => {
    const { creator, wallet } = await creatorWithMoney("hook_done", 20 * USDC);
    const { id, payoutId, delivery } = await settledWithWebhook(creator, wallet.id, 5 * USDC);
    expect(delivery.path).toBe(PAYOUT_WEBHOOK_PATH);
    expect(delivery.signature).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: "payout.completed",
      data: { id: payoutId, withdrawalId: id, amount: 5 * USDC, currency: "USDC", status: "completed" },
    });

    const answer = await deliver(delivery);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(await answer.json()).toEqual({ received: true, withdrawalId: id, outcome: "completed" });
    expect(await withdrawalRow(id)).toMatchObject({ status: "completed", rail_payout_id: payoutId });
    expect(await withdrawalEntries(id)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await withdrawalNotifications(id)).toEqual(["transaction-verifying", "transaction-pending", "transaction-completed"]);
    expect(await usdcBalance(creator)).toEqual({ available: 15 * USDC, held: 0, paidOut: 5 * USDC });

    const repeated = await deliver(delivery);
    expect(await repeated.json()).toEqual({ received: true, withdrawalId: id, outcome: "unchanged" });
    expect(await withdrawalEntries(id)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await usdcBalance(creator)).toEqual({ available: 15 * USDC, held: 0, paidOut: 5 * USDC });
    await expectBalancedLedger();
  });

  it("fails a refused payout at once and gives the money back", async () => {
    const { creator, wallet } = await creatorWithMoney("hook_dead", 20 * USDC, { key: DEAD_WALLET_KEY });
    const { id, delivery } = await settledWithWebhook(creator, wallet.id, 4 * USDC);
    expect(JSON.parse(delivery.body)).toMatchObject({
      type: "payout.failed",
      data: { failureReason: "the rail refused the destination address" },
    });
    expect(await (await deliver(delivery)).json()).toEqual({ received: true, withdrawalId: id, outcome: "failed" });
    expect(await withdrawalRow(id)).toMatchObject({ status: "failed", status_reason: "the rail refused the destination address" });
    expect(await withdrawalEntries(id)).toEqual(["withdrawal-hold", "withdrawal-release"]);
    expect(await usdcBalance(creator)).toEqual({ available: 20 * USDC, held: 0, paidOut: 0 });
  });

  it("arriving after the scheduler's poll settled the withdrawal, changes nothing", async () => {
    const { creator, wallet } = await creatorWithMoney("hook_late", 20 * USDC);
    const { id, delivery } = await settledWithWebhook(creator, wallet.id, 3 * USDC);
    expect((await settleWithdrawals(testCapabilities())).completed).toBe(1);
    expect(await (await deliver(delivery)).json()).toEqual({ received: true, withdrawalId: id, outcome: "unchanged" });
    expect(await withdrawalEntries(id)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await withdrawalNotifications(id)).toEqual(["transaction-verifying", "transaction-pending", "transaction-completed"]);
    expect(await usdcBalance(creator)).toEqual({ available: 17 * USDC, held: 0, paidOut: 3 * USDC });
  });

  it("refuses a delivery without its signature, with another body, another secret, or signed more than 5 minutes ago", async () => {
    const { creator, wallet } = await creatorWithMoney("hook_forged", 20 * USDC);
    const { id, delivery } = await settledWithWebhook(creator, wallet.id, 2 * USDC);
    const header = ["header", "Payout-Signature"];

    const unsigned = await deliver({ ...delivery, signature: null });
    expect(unsigned.status).toBe(400);
    expect(errorBodySchema.parse(await unsigned.json()).detail).toEqual([
      { loc: header, msg: "is required: t={unix seconds},v1={hex HMAC-SHA256}" },
    ]);
    const malformed = await deliver({ ...delivery, signature: "v1=abc" });
    expect(malformed.status).toBe(400);

    const tampered = await deliver({ ...delivery, body: delivery.body.replace(`"amount":${2 * USDC}`, `"amount":${20 * USDC}`) });
    expect(tampered.status).toBe(401);
    expect(errorBodySchema.parse(await tampered.json())).toMatchObject({
      code: "invalid_signature",
      detail: [{ loc: header, msg: "does not match the body: not signed with the shared secret" }],
    });
    const otherSecret = await deliver({
      ...delivery,
      signature: await signature("someone-else's-secret-0123456789", delivery.body, Date.now()),
    });
    expect(otherSecret.status).toBe(401);

    const stale = await deliver({
      ...delivery,
      signature: await signature(testPayoutRail.webhookSecret, delivery.body, Date.now() - 6 * 60_000),
    });
    expect(stale.status).toBe(401);
    expect(errorBodySchema.parse(await stale.json()).detail).toEqual([
      { loc: header, msg: "was signed more than 5 minutes from now: refused as a possible replay" },
    ]);

    expect(await withdrawalRow(id)).toMatchObject({ status: "pending" });
    expect(await withdrawalEntries(id)).toEqual(["withdrawal-hold"]);
    // The same body, signed now with the shared secret: accepted.
    const fresh = await deliver({ ...delivery, signature: await signature(testPayoutRail.webhookSecret, delivery.body, Date.now()) });
    expect(await fresh.json()).toEqual({ received: true, withdrawalId: id, outcome: "completed" });
  });

  it("acknowledges a payout of a withdrawal it does not know, and changes nothing", async () => {
    const body = JSON.stringify({
      id: "evt_unknown",
      type: "payout.completed",
      createdAt: new Date().toISOString(),
      data: {
        id: "po_unknown",
        withdrawalId: "wdr_00000000-0000-4000-8000-000000000000",
        amount: USDC,
        currency: "USDC",
        status: "completed",
        failureReason: null,
        settledAt: new Date().toISOString(),
      },
    });
    const answer = await deliver({
      path: PAYOUT_WEBHOOK_PATH,
      body,
      signature: await signature(testPayoutRail.webhookSecret, body, Date.now()),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      received: true,
      withdrawalId: "wdr_00000000-0000-4000-8000-000000000000",
      outcome: "unknown-withdrawal",
    });
  });
});
