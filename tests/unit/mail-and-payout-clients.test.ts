import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailer } from "../../worker/clients/mailer.ts";
import { createPayoutRail, type PayoutRequest } from "../../worker/clients/payout-rail.ts";
import { PayoutRailError } from "../../worker/clients/rail-api.ts";
import { fixedClock } from "../support/clock.ts";
import { createMailEmulator, type MailEmulator } from "../../emulators/mail/server.ts";
import { createPayoutRailEmulator, type PayoutRailEmulator } from "../../emulators/payout-rail/server.ts";
import { outboxMessages } from "../support/outbox.ts";
import { REFUSED_ADDRESSES } from "../support/payout-rail.ts";

const MAIL_KEY = "re_test_client_key";
const RAIL_KEY = "sk_test_client_key";
const FROM = "Chorus <no-reply@chorus.test>";
const SETTLE_MS = 3000;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);

let directory: string;
let clock: ReturnType<typeof fixedClock>;
let outbox: MailEmulator;
let rail: PayoutRailEmulator;
let outboxUrl: string;
let railUrl: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "clients-"));
  clock = fixedClock(START);
  outbox = createMailEmulator({ port: 0, statePath: join(directory, "mail.json"), apiKey: MAIL_KEY, now: clock.now });
  rail = createPayoutRailEmulator({
    port: 0,
    statePath: join(directory, "payout-rail.json"),
    apiKey: RAIL_KEY,
    settleMs: SETTLE_MS,
    now: clock.now,
  });
  outboxUrl = (await outbox.start()).url;
  railUrl = (await rail.start()).url;
});

afterEach(async () => {
  await outbox.stop();
  await rail.stop();
  await rm(directory, { recursive: true, force: true });
});

/** An address where nothing listens: the port of a server that was just closed. */
async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

const mail = { to: "ada@example.com", subject: "Your code", text: "Your code is 482913.", html: "<p>Your code is <b>482913</b>.</p>" };

describe("mailer (Resend's API) against the mail outbox", () => {
  it("sends a message from the configured sender and answers its id", async () => {
    const mailer = createMailer({ apiUrl: outboxUrl, apiKey: MAIL_KEY, from: FROM });
    const { id } = await mailer.send(mail);
    const [sent] = await outboxMessages(outboxUrl, "ada@example.com");
    expect(sent).toMatchObject({ id, from: FROM, to: ["ada@example.com"], subject: "Your code", html: mail.html, codes: ["482913"] });
  });

  it("throws an error naming Resend's refusal", async () => {
    const mailer = createMailer({ apiUrl: outboxUrl, apiKey: "re_wrong_key", from: FROM });
    await expect(mailer.send(mail)).rejects.toThrow("Sending mail failed: the mail API answered 403 (invalid_api_key: API key is invalid)");
    const invalid = createMailer({ apiUrl: outboxUrl, apiKey: MAIL_KEY, from: FROM });
    await expect(invalid.send({ ...mail, to: "not an address" })).rejects.toThrow(/answered 422 \(validation_error: Invalid `to` field/);
    expect(await outboxMessages(outboxUrl, "ada@example.com")).toEqual([]);
  });

  it("throws an error saying the mail API could not be reached", async () => {
    const mailer = createMailer({ apiUrl: await closedOrigin(), apiKey: MAIL_KEY, from: FROM });
    await expect(mailer.send(mail)).rejects.toThrow(/^Sending mail failed: the mail API could not be reached/);
  });
});

const withdrawal = (overrides: Partial<PayoutRequest> = {}): PayoutRequest => ({
  withdrawalId: "0b8a4f4e-2c7d-4d8e-9d55-3f0e6f1c2a10",
  amount: 25_000_000,
  currency: "USDC",
  network: "evm",
  address: "0x52908400098527886E0F7030069857D2E4169EE7",
  ...overrides,
});

describe("payout rail client against the payout rail emulator", () => {
  it("creates a payout once, finds it, and sees it settle", async () => {
    const payoutRail = createPayoutRail({ apiUrl: railUrl, apiKey: RAIL_KEY });
    expect(await payoutRail.findPayout(withdrawal().withdrawalId)).toBeNull();

    const payout = await payoutRail.createPayout(withdrawal());
    expect(payout).toEqual({
      id: expect.stringMatching(/^po_/),
      withdrawalId: withdrawal().withdrawalId,
      status: "pending",
      failureReason: null,
      settledAt: null,
    });
    expect(await payoutRail.createPayout(withdrawal())).toEqual(payout);
    expect(await payoutRail.findPayout(withdrawal().withdrawalId)).toEqual(payout);

    clock.advance(SETTLE_MS);
    expect(await payoutRail.findPayout(withdrawal().withdrawalId)).toEqual({
      ...payout,
      status: "completed",
      settledAt: START + SETTLE_MS,
    });
  });

  it("reports a refused destination as a failed payout with its reason", async () => {
    const payoutRail = createPayoutRail({ apiUrl: railUrl, apiKey: RAIL_KEY });
    await payoutRail.createPayout(withdrawal({ network: "solana", address: REFUSED_ADDRESSES.solana }));
    clock.advance(SETTLE_MS);
    expect(await payoutRail.findPayout(withdrawal().withdrawalId)).toMatchObject({
      status: "failed",
      failureReason: "the rail refused the destination address",
      settledAt: START + SETTLE_MS,
    });
  });

  it("throws a final error when the rail refuses the request itself", async () => {
    const payoutRail = createPayoutRail({ apiUrl: railUrl, apiKey: RAIL_KEY });
    await payoutRail.createPayout(withdrawal());
    const conflict = await rejectionOf(payoutRail.createPayout(withdrawal({ amount: 1 })));
    expect(conflict).toBeInstanceOf(PayoutRailError);
    expect(conflict).toMatchObject({ status: 409, code: "idempotency_key_reused", retryable: false });

    const wrongKey = await rejectionOf(createPayoutRail({ apiUrl: railUrl, apiKey: "sk_wrong" }).findPayout("any"));
    expect(wrongKey).toMatchObject({ status: 401, code: "invalid_api_key", retryable: false });
  });

  it("throws a retryable error when the rail cannot be reached", async () => {
    const payoutRail = createPayoutRail({ apiUrl: await closedOrigin(), apiKey: RAIL_KEY });
    const error = await rejectionOf(payoutRail.createPayout(withdrawal()));
    expect(error).toBeInstanceOf(PayoutRailError);
    expect(error).toMatchObject({ status: null, code: "unreachable", retryable: true });
    expect((error as Error).message).toMatch(/^Paying out withdrawal .*: the payout rail could not be reached/);
  });

  it("does not take a 404 from something else for 'no payout'", async () => {
    // The mail outbox answers its own 404 here, as a wrong PAYOUT_API_URL would.
    const payoutRail = createPayoutRail({ apiUrl: outboxUrl, apiKey: RAIL_KEY });
    await expect(payoutRail.findPayout(withdrawal().withdrawalId)).rejects.toMatchObject({ status: 404, retryable: false });
  });
});
