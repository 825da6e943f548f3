import { createHmac } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock.ts";
import { createPayoutRailEmulator, type PayoutRailEmulator, type PayoutRailEmulatorOptions } from "../../emulators/payout-rail/server.ts";
import { REFUSED_ADDRESSES, failNewPayouts, settlePayoutNow } from "../support/payout-rail.ts";

const API_KEY = "sk_test_rail_key";
const SETTLE_MS = 3000;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const EVM_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";
const SOLANA_ADDRESS = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV";

type PayoutBody = {
  object: string;
  id: string;
  withdrawalId: string;
  amount: number;
  currency: string;
  network: string;
  address: string;
  status: string;
  failureReason: string | null;
  createdAt: string;
  settledAt: string | null;
};

let directory: string;
let statePath: string;
let clock: ReturnType<typeof fixedClock>;
let running: PayoutRailEmulator[];
let base: string;

async function startRail(extra: Partial<PayoutRailEmulatorOptions> = {}): Promise<string> {
  const emulator = createPayoutRailEmulator({ port: 0, statePath, apiKey: API_KEY, settleMs: SETTLE_MS, now: clock.now, ...extra });
  running.push(emulator);
  return (await emulator.start()).url;
}

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "payout-rail-"));
  statePath = join(directory, "emulators", "payout-rail.json");
  clock = fixedClock(START);
  running = [];
  base = await startRail();
});

afterEach(async () => {
  for (const emulator of running) await emulator.stop();
  await rm(directory, { recursive: true, force: true });
});

const request = (overrides: Record<string, unknown> = {}) => ({
  withdrawalId: "wd_0001",
  amount: 1_500_000,
  currency: "USDC",
  network: "evm",
  address: EVM_ADDRESS,
  ...overrides,
});

function createPayout(body: Record<string, unknown>, headers: Record<string, string | null> = {}): Promise<Response> {
  const all: Record<string, string | null> = {
    Authorization: `Bearer ${API_KEY}`,
    "Content-Type": "application/json",
    "Idempotency-Key": String(body.withdrawalId),
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null));
  return fetch(`${base}/v1/payouts`, { method: "POST", headers: sent, body: JSON.stringify(body) });
}

async function created(body: Record<string, unknown>): Promise<PayoutBody> {
  const response = await createPayout(body);
  expect(response.status).toBe(201);
  return (await response.json()) as PayoutBody;
}

async function byWithdrawal(withdrawalId: string): Promise<Response> {
  return fetch(`${base}/v1/payouts/by-withdrawal/${withdrawalId}`, { headers: { Authorization: `Bearer ${API_KEY}` } });
}

async function payoutOf(withdrawalId: string): Promise<PayoutBody> {
  const response = await byWithdrawal(withdrawalId);
  expect(response.status).toBe(200);
  return (await response.json()) as PayoutBody;
}

describe("payout rail: POST /v1/payouts", () => {
  it("creates a pending payout (201) and finds it by id and by withdrawal", async () => {
    const payout = await created(request());
    expect(payout).toEqual({
      object: "payout",
      id: expect.stringMatching(/^po_[0-9A-Za-z]{24}$/),
      withdrawalId: "wd_0001",
      amount: 1_500_000,
      currency: "USDC",
      network: "evm",
      address: EVM_ADDRESS,
      status: "pending",
      failureReason: null,
      createdAt: "2026-11-23T09:00:00.000Z",
      settledAt: null,
    });
    const byId = await fetch(`${base}/v1/payouts/${payout.id}`, { headers: { Authorization: `Bearer ${API_KEY}` } });
    expect(await byId.json()).toEqual(payout);
    expect(await payoutOf("wd_0001")).toEqual(payout);

    const none = await byWithdrawal("wd_unknown");
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({
      error: {
        type: "invalid_request_error",
        code: "resource_missing",
        message: "No such payout: none for withdrawal 'wd_unknown'.",
        param: "id",
      },
    });
  });

  it("answers a repeat with the same payout (200) and refuses a different body under the same key (409)", async () => {
    const first = await created(request());
    const repeat = await createPayout(request());
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(await repeat.json()).toEqual(first);

    const conflicting = await createPayout(request({ amount: 2_000_000 }));
    expect(conflicting.status).toBe(409);
    expect(await conflicting.json()).toEqual({
      error: { type: "idempotency_error", code: "idempotency_key_reused", message: expect.stringContaining(first.id) },
    });

    const state = JSON.parse(await readFile(statePath, "utf8")) as { payouts: unknown[] };
    expect(state.payouts).toHaveLength(1);
  });

  it("pays concurrent repeats of one withdrawal once", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => createPayout(request({ withdrawalId: "wd_race" }))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as PayoutBody).id));
    expect(new Set(ids).size).toBe(1);
  });

  it("requires the key, the Idempotency-Key equal to the withdrawal id, and a valid body", async () => {
    const noKey = await createPayout(request(), { Authorization: null });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ error: { type: "authentication_error", code: "missing_api_key" } });
    const wrongKey = await createPayout(request(), { Authorization: "Bearer sk_wrong" });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ error: { type: "authentication_error", code: "invalid_api_key" } });

    const noIdempotencyKey = await createPayout(request(), { "Idempotency-Key": null });
    expect(noIdempotencyKey.status).toBe(400);
    expect(await noIdempotencyKey.json()).toMatchObject({ error: { code: "idempotency_key_missing" } });
    const otherKey = await createPayout(request(), { "Idempotency-Key": "something-else" });
    expect(otherKey.status).toBe(400);
    expect(await otherKey.json()).toMatchObject({ error: { code: "idempotency_key_mismatch" } });

    const invalid: [Record<string, unknown>, string, string][] = [
      [request({ amount: 1.5 }), "amount", "parameter_invalid"],
      [request({ amount: 0 }), "amount", "parameter_invalid"],
      [request({ currency: "usdc" }), "currency", "parameter_invalid"],
      [request({ network: "bitcoin" }), "network", "parameter_invalid"],
      [request({ address: "0x1234" }), "address", "parameter_invalid"],
      [request({ network: "solana", address: EVM_ADDRESS }), "address", "parameter_invalid"],
      [request({ address: undefined }), "address", "parameter_missing"],
    ];
    for (const [body, param, code] of invalid) {
      const response = await createPayout(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error", code, param } });
    }
    expect((await byWithdrawal("wd_0001")).status).toBe(404);
  });
});

describe("payout rail: settlement", () => {
  it("stays pending until the delay has passed, then completes at that moment", async () => {
    await created(request({ network: "solana", address: SOLANA_ADDRESS }));
    clock.advance(SETTLE_MS - 1);
    expect(await payoutOf("wd_0001")).toMatchObject({ status: "pending", settledAt: null });
    clock.advance(1);
    expect(await payoutOf("wd_0001")).toMatchObject({ status: "completed", failureReason: null, settledAt: "2026-11-23T09:00:03.000Z" });
    clock.advance(60_000);
    expect(await payoutOf("wd_0001")).toMatchObject({ status: "completed", settledAt: "2026-11-23T09:00:03.000Z" });
  });

  it("fails a payout to an address ending in dead (any case)", async () => {
    await created(request({ withdrawalId: "wd_evm", address: REFUSED_ADDRESSES.evm }));
    await created(request({ withdrawalId: "wd_sol", network: "solana", address: REFUSED_ADDRESSES.solana }));
    expect(await payoutOf("wd_evm")).toMatchObject({ status: "pending", failureReason: null });
    clock.advance(SETTLE_MS);
    for (const withdrawalId of ["wd_evm", "wd_sol"]) {
      expect(await payoutOf(withdrawalId)).toMatchObject({ status: "failed", failureReason: "the rail refused the destination address" });
    }
  });

  it("fails every payout created while the home page's switch is on, and only those", async () => {
    await created(request({ withdrawalId: "wd_before" }));
    await failNewPayouts(base, true);
    expect(await (await fetch(`${base}/`)).text()).toContain("Stop failing new payouts");
    await created(request({ withdrawalId: "wd_during" }));
    await failNewPayouts(base, false);
    await created(request({ withdrawalId: "wd_after" }));
    clock.advance(SETTLE_MS);

    expect(await payoutOf("wd_before")).toMatchObject({ status: "completed" });
    expect(await payoutOf("wd_during")).toMatchObject({ status: "failed", failureReason: "the rail could not complete the payout" });
    expect(await payoutOf("wd_after")).toMatchObject({ status: "completed" });
  });

  it("settles at once from the home page's Settle now", async () => {
    const payout = await created(request());
    clock.advance(500);
    await settlePayoutNow(base, payout.id);
    expect(await payoutOf("wd_0001")).toMatchObject({ status: "completed", settledAt: "2026-11-23T09:00:00.500Z" });
  });

  it("keeps payouts and the switch across a restart, settling what came due while it was stopped", async () => {
    await created(request({ withdrawalId: "wd_kept" }));
    await failNewPayouts(base, true);
    await running[0]?.stop();
    clock.advance(10 * SETTLE_MS);

    base = await startRail();
    const state = JSON.parse(await readFile(statePath, "utf8")) as { failNewPayouts: boolean; payouts: { settledAt: number | null }[] };
    expect(state.failNewPayouts).toBe(true);
    expect(state.payouts[0]?.settledAt).toBe(START + SETTLE_MS);
    expect(await payoutOf("wd_kept")).toMatchObject({ status: "completed", settledAt: "2026-11-23T09:00:03.000Z" });
    const repeat = await createPayout(request({ withdrawalId: "wd_kept" }));
    expect(repeat.status).toBe(200);
  });

  it("settles by itself on time, writing the outcome to disk without being asked", async () => {
    // The real clock and a short delay: nothing reads the payout, only the timer can settle it.
    await running[0]?.stop();
    base = await startRail({ now: undefined, settleMs: 20 });
    await created(request({ withdrawalId: "wd_timer" }));
    const settledOnDisk = async () => {
      const state = JSON.parse(await readFile(statePath, "utf8")) as { payouts: { withdrawalId: string; settledAt: number | null }[] };
      return state.payouts.find((payout) => payout.withdrawalId === "wd_timer")?.settledAt ?? null;
    };
    await expect.poll(settledOnDisk, { timeout: 2000, interval: 20 }).not.toBeNull();
  });

  it("lists payouts with their status and the switch on its home page", async () => {
    await created(request({ withdrawalId: "wd_page", address: REFUSED_ADDRESSES.evm }));
    clock.advance(SETTLE_MS);
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain("wd_page");
    expect(html).toContain('<span class="status failed">failed</span>');
    expect(html).toContain("the rail refused the destination address");
    expect(html).toContain("Fail every new payout");
  });
});

type Received = { path: string; contentType: string | undefined; signature: string | undefined; body: string };

/** A stand-in for the app's webhook route: keeps what arrives, answers with the next of `statuses` (then 200). */
async function webhookReceiver(statuses: number[] = []): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const signature = incoming.headers["payout-signature"];
      received.push({
        path: incoming.url ?? "",
        contentType: incoming.headers["content-type"],
        signature: Array.isArray(signature) ? signature[0] : signature,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      outgoing.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}/v1/webhooks/payout-rail`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("payout rail: webhooks", () => {
  const SECRET = "whsec_test_0123456789abcdef";

  it("announces a settled payout to the webhook URL, signed with the shared secret over the timestamp and the raw body", async () => {
    const receiver = await webhookReceiver();
    try {
      await running[0]?.stop();
      base = await startRail({ webhook: { url: receiver.url, secret: SECRET } });
      const payout = await created(request({ withdrawalId: "wd_hook" }));
      clock.advance(500);
      await settlePayoutNow(base, payout.id);
      await expect.poll(() => receiver.received.length, { timeout: 2000, interval: 10 }).toBe(1);

      const [delivery] = receiver.received;
      expect(delivery?.path).toBe("/v1/webhooks/payout-rail");
      expect(delivery?.contentType).toBe("application/json");
      // Signed at the rail's clock: START + 500 ms, in whole seconds.
      const timestamp = "1795424400";
      const expected = createHmac("sha256", SECRET)
        .update(`${timestamp}.${delivery?.body ?? ""}`)
        .digest("hex");
      expect(delivery?.signature).toBe(`t=${timestamp},v1=${expected}`);
      expect(JSON.parse(delivery?.body ?? "{}")).toMatchObject({
        type: "payout.completed",
        createdAt: "2026-11-23T09:00:00.500Z",
        data: { id: payout.id, withdrawalId: "wd_hook", amount: 1_500_000, currency: "USDC", status: "completed" },
      });
      const html = await (await fetch(`${base}/`)).text();
      expect(html).toContain("payout.completed");
      expect(html).toContain(receiver.url);
    } finally {
      await receiver.close();
    }
  });

  it("tries again when the app does not answer 2xx", async () => {
    const receiver = await webhookReceiver([503]);
    try {
      await running[0]?.stop();
      base = await startRail({ webhook: { url: receiver.url, secret: SECRET } });
      const payout = await created(request({ withdrawalId: "wd_retry", address: REFUSED_ADDRESSES.evm }));
      await settlePayoutNow(base, payout.id);
      // The first answer was 503; the second attempt follows 1 s later.
      await expect.poll(() => receiver.received.length, { timeout: 5000, interval: 50 }).toBe(2);
      expect(receiver.received.map((delivery) => JSON.parse(delivery.body) as { id: string; type: string })).toEqual([
        expect.objectContaining({ type: "payout.failed" }),
        expect.objectContaining({ type: "payout.failed", id: (JSON.parse(receiver.received[0]?.body ?? "{}") as { id: string }).id }),
      ]);
    } finally {
      await receiver.close();
    }
  });
});

function createDeposit(body: Record<string, unknown>, headers: Record<string, string | null> = {}): Promise<Response> {
  const all: Record<string, string | null> = {
    Authorization: `Bearer ${API_KEY}`,
    "Content-Type": "application/json",
    "Idempotency-Key": String(body.depositId),
    ...headers,
  };
  const sent = Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== null));
  return fetch(`${base}/v1/deposits`, { method: "POST", headers: sent, body: JSON.stringify(body) });
}

async function depositOf(depositId: string): Promise<Response> {
  return fetch(`${base}/v1/deposits/by-id/${encodeURIComponent(depositId)}`, { headers: { Authorization: `Bearer ${API_KEY}` } });
}

describe("payout rail: deposits", () => {
  it("creates a pending deposit (201) that completes after the settle delay, found by its deposit id", async () => {
    const response = await createDeposit({ depositId: "dep_1", amount: 250_000_000, currency: "USDC" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      object: "deposit",
      depositId: "dep_1",
      amount: 250_000_000,
      currency: "USDC",
      status: "pending",
      settledAt: null,
    });
    expect(String(body.id)).toMatch(/^dp_/);

    clock.advance(SETTLE_MS - 1);
    expect(await (await depositOf("dep_1")).json()).toMatchObject({ status: "pending" });
    clock.advance(1);
    expect(await (await depositOf("dep_1")).json()).toMatchObject({ status: "completed", settledAt: "2026-11-23T09:00:03.000Z" });
  });

  it("answers a repeat with the same deposit (200) and refuses another amount under the same id (409)", async () => {
    const first = (await (await createDeposit({ depositId: "dep_2", amount: 100, currency: "USDC" })).json()) as { id: string };
    const repeat = await createDeposit({ depositId: "dep_2", amount: 100, currency: "USDC" });
    expect(repeat.status).toBe(200);
    expect(repeat.headers.get("idempotent-replayed")).toBe("true");
    expect(((await repeat.json()) as { id: string }).id).toBe(first.id);
    const conflict = await createDeposit({ depositId: "dep_2", amount: 101, currency: "USDC" });
    expect(conflict.status).toBe(409);
  });

  it("requires the key, a matching Idempotency-Key and a valid body; 404 for an unknown deposit", async () => {
    expect((await createDeposit({ depositId: "dep_3", amount: 1, currency: "USDC" }, { Authorization: null })).status).toBe(401);
    expect((await createDeposit({ depositId: "dep_3", amount: 1, currency: "USDC" }, { "Idempotency-Key": null })).status).toBe(400);
    expect((await createDeposit({ depositId: "dep_3", amount: 1, currency: "USDC" }, { "Idempotency-Key": "other" })).status).toBe(400);
    const bad = await createDeposit({ depositId: "dep_3", amount: 1.5, currency: "USDC" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "parameter_invalid", param: "amount" } });
    const missing = await depositOf("dep_nope");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "resource_missing" } });
  });

  it("keeps deposits across a restart and lists them on its home page", async () => {
    await createDeposit({ depositId: "dep_kept", amount: 7_000_000, currency: "USDC" });
    await running[0]?.stop();
    clock.advance(10 * SETTLE_MS);
    base = await startRail();
    expect(await (await depositOf("dep_kept")).json()).toMatchObject({ status: "completed" });
    const html = await (await fetch(`${base}/`, { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("Deposits (1)");
    expect(html).toContain("dep_kept");
  });
});
