import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { withdrawalCreatedSchema, withdrawalSchema } from "../../../worker/contracts/withdrawals.ts";
import { systemClock } from "../../../worker/clock.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { issueTokens, startSession } from "../../../worker/domain/accounts/sessions.ts";
import { requestWithdrawal as requestWithdrawalUseCase } from "../../../worker/domain/withdrawals/request.ts";
import { outboxMessages } from "../../support/outbox.ts";
import { fetchWorker } from "../support/fetch.ts";
import { expectBalancedLedger } from "../support/rewards.ts";
import {
  authenticatorCode,
  cancelCall,
  creditCreator,
  listCall,
  listWithdrawals,
  mailedCode,
  newCreator,
  requestWithdrawal,
  requestWithdrawalCall,
  resendCall,
  testCapabilities,
  usdcBalance,
  verifiedWallet,
  verifyCall,
  verifyWithCode,
  withdrawalEntries,
  withdrawalNotifications,
  withdrawalRow,
  type TestCreator,
  creatorWithMoney,
} from "../support/withdrawals.ts";
import { expectError, fieldsOf } from "../support/http.ts";

/*
 * The withdrawal API through the worker's HTTP entry, against real D1, the mail outbox and the payout rail
 * emulators: every endpoint's happy path, 401 without a token, 404 for someone else's wallet or withdrawal, 400
 * naming the field, and wrong and replayed codes.
 */

const USDC = 1_000_000;
const anyWithdrawalId = "wdr_00000000-0000-4000-8000-000000000000";

let ada: TestCreator;
let adaWallet: { id: string; address: string };
let otto: TestCreator;
let ottoWallet: { id: string };

beforeAll(async () => {
  ada = await newCreator("ada_wd");
  otto = await newCreator("otto_wd");
  [adaWallet, ottoWallet] = await Promise.all([verifiedWallet(ada), verifiedWallet(otto)]);
  await Promise.all([creditCreator(ada, 500 * USDC), creditCreator(otto, 10 * USDC)]);
});

describe("POST /v1/withdrawal", () => {
  it("holds the amount, mails the code and notifies, in one step; the code verifies it and the rail pays it", async () => {
    const before = await usdcBalance(ada);
    const response = await requestWithdrawalCall(ada.bearer, { walletId: adaWallet.id, amount: 12_500_000, currency: "USDC" });
    expect(response.status, await response.clone().text()).toBe(201);
    const { withdrawal, codeSent } = withdrawalCreatedSchema.parse(await response.json());
    expect(codeSent).toBe(true);
    expect(withdrawal).toMatchObject({
      status: "verifying",
      amount: 12_500_000,
      currency: "USDC",
      decimals: 6,
      wallet: { id: adaWallet.id, type: "evm", address: adaWallet.address },
      secondFactor: "email",
      attemptsLeft: 5,
      verifiedAt: null,
      settledAt: null,
    });
    expect(withdrawal.expiresAt - withdrawal.createdAt).toBe(15 * 60 * 1000);
    expect(withdrawal.resendAvailableInSeconds).toBeGreaterThan(55);
    expect(await usdcBalance(ada)).toEqual({ ...before, available: before.available - 12_500_000, held: before.held + 12_500_000 });
    expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold"]);
    expect(await withdrawalNotifications(withdrawal.id)).toEqual(["transaction-verifying"]);

    const [mail] = await outboxMessages(env.MAIL_API_URL, ada.email ?? "");
    expect(mail?.subject).toBe("Confirm your withdrawal of 12.5 USDC");
    expect(mail?.text).toContain("0x");
    const code = await mailedCode(ada);
    expect(code).toMatch(/^\d{6}$/);

    const verified = await verifyWithCode(ada, withdrawal.id, code);
    expect(verified.status).toBe("pending");
    expect(verified.verifiedAt).not.toBeNull();
    expect((await withdrawalRow(withdrawal.id))?.rail_payout_id).toMatch(/^po_/);
    expect(await withdrawalNotifications(withdrawal.id)).toEqual(["transaction-verifying", "transaction-pending"]);

    // The same code again: the withdrawal no longer takes codes.
    await expectError(await verifyCall(ada.bearer, withdrawal.id, { code }), 409, "withdrawal_already_verified");
    await expectBalancedLedger();
  });

  it("answers the same withdrawal to a repeat with the same Idempotency-Key, holding once", async () => {
    const key = crypto.randomUUID();
    const body = { walletId: adaWallet.id, amount: 2 * USDC, currency: "USDC" };
    const first = await requestWithdrawalCall(ada.bearer, body, key);
    expect(first.status).toBe(201);
    const { withdrawal } = withdrawalCreatedSchema.parse(await first.json());
    const again = await requestWithdrawalCall(ada.bearer, body, key);
    expect(again.status).toBe(200);
    expect(withdrawalCreatedSchema.parse(await again.json())).toMatchObject({ withdrawal: { id: withdrawal.id }, codeSent: null });
    expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold"]);

    const different = await requestWithdrawalCall(ada.bearer, { ...body, amount: 3 * USDC }, key);
    const error = await expectError(different, 409, "idempotency_key_reused");
    expect(error.detail?.[0]?.loc).toEqual(["header", "Idempotency-Key"]);
  });

  it("refuses with words when the available balance is short, holding nothing", async () => {
    const before = await usdcBalance(otto);
    const response = await requestWithdrawalCall(otto.bearer, { walletId: ottoWallet.id, amount: 11 * USDC, currency: "USDC" });
    const error = await expectError(response, 409, "insufficient_funds");
    expect(error.message).toContain("You have 10 USDC available; this withdrawal needs 11 USDC.");
    expect(error.detail?.[0]?.loc).toEqual(["body", "amount"]);
    expect(await usdcBalance(otto)).toEqual(before);
    expect((await listWithdrawals(otto)).filter((item) => item.amount === 11 * USDC)).toEqual([]);
  });

  it("needs a token (401)", async () => {
    await expectError(
      await requestWithdrawalCall(null, { walletId: adaWallet.id, amount: USDC, currency: "USDC" }),
      401,
      "unauthenticated",
    );
  });

  it("answers 404 for someone else's wallet", async () => {
    const response = await requestWithdrawalCall(ada.bearer, { walletId: ottoWallet.id, amount: USDC, currency: "USDC" });
    const error = await expectError(response, 404, "not_found");
    expect(error.detail?.[0]?.loc).toEqual(["body", "walletId"]);
  });

  it("answers 400 naming the field: Idempotency-Key, amount, walletId, currency, the body", async () => {
    const valid = { walletId: adaWallet.id, amount: 2 * USDC, currency: "USDC" };
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, valid, null))).toEqual(["header.Idempotency-Key"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, valid, "k".repeat(201)))).toEqual(["header.Idempotency-Key"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, { ...valid, amount: 1.5 }))).toEqual(["body.amount"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, { ...valid, amount: -5 }))).toEqual(["body.amount"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, { ...valid, amount: "12" }))).toEqual(["body.amount"]);
    const belowMinimum = await requestWithdrawalCall(ada.bearer, { ...valid, amount: 999_999 });
    expect((await expectError(belowMinimum, 400)).message).toContain("amount: must be at least 1 USDC");
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, { ...valid, walletId: "nope" }))).toEqual(["body.walletId"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, { ...valid, currency: "U$" }))).toEqual(["body.currency"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, { ...valid, currency: "USDT" }))).toEqual(["body.currency"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, "not json"))).toEqual(["body"]);
    expect(await fieldsOf(await requestWithdrawalCall(ada.bearer, valid, crypto.randomUUID(), `?page_path=${"x".repeat(2001)}`))).toEqual([
      "query.page_path",
    ]);
  });

  it("answers the spec's body alone, without an Idempotency-Key header, with a 400 whose message names the header, holding nothing", async () => {
    const before = await usdcBalance(ada);
    const error = await expectError(
      await requestWithdrawalCall(ada.bearer, { walletId: adaWallet.id, amount: 2 * USDC, currency: "USDC" }, null),
      400,
      "invalid_request",
    );
    expect(error).toMatchObject({
      message: "Idempotency-Key: is required: send a unique Idempotency-Key header (for example a UUID) with each new withdrawal",
      detail: [
        {
          loc: ["header", "Idempotency-Key"],
          msg: "is required: send a unique Idempotency-Key header (for example a UUID) with each new withdrawal",
        },
      ],
    });
    expect(await usdcBalance(ada)).toEqual(before);
  });

  it("stores the page_path and trigger of the request, and of the cancel, with the withdrawal", async () => {
    const withdrawal = await requestWithdrawal(ada, { walletId: adaWallet.id, amount: USDC });
    expect(await trackingOf(withdrawal.id)).toEqual({
      request_page_path: "/profile",
      request_trigger: "withdraw-dialog",
      cancel_page_path: null,
      cancel_trigger: null,
    });
    expect((await cancelCall(ada.bearer, withdrawal.id)).status).toBe(200);
    expect(await trackingOf(withdrawal.id)).toEqual({
      request_page_path: "/profile",
      request_trigger: "withdraw-dialog",
      cancel_page_path: "/profile",
      cancel_trigger: "cancel",
    });

    const untracked = await requestWithdrawalCall(
      ada.bearer,
      { walletId: adaWallet.id, amount: USDC, currency: "USDC" },
      crypto.randomUUID(),
      "",
    );
    const { withdrawal: bare } = withdrawalCreatedSchema.parse(await untracked.json());
    expect(await trackingOf(bare.id)).toEqual({
      request_page_path: null,
      request_trigger: null,
      cancel_page_path: null,
      cancel_trigger: null,
    });
    expect((await cancelCall(ada.bearer, bare.id)).status).toBe(200);
  });

  it("refuses an unverified or removed wallet with words", async () => {
    const unverified = await verifiedWallet(ada, { verify: false });
    const error = await expectError(
      await requestWithdrawalCall(ada.bearer, { walletId: unverified.id, amount: USDC, currency: "USDC" }),
      409,
      "wallet_not_verified",
    );
    expect(error.message).toContain("/profile/settings#wallets");
    const removed = await verifiedWallet(ada);
    const deleted = await fetchRemove(ada, removed.id);
    expect(deleted.status, await deleted.clone().text()).toBeLessThan(300);
    await expectError(
      await requestWithdrawalCall(ada.bearer, { walletId: removed.id, amount: USDC, currency: "USDC" }),
      409,
      "wallet_removed",
    );
  });

  it("refuses a creator with neither a verified e-mail nor two-factor, saying how to fix it", async () => {
    const { creator: nobody, wallet } = await creatorWithMoney("nofactor", 5 * USDC, { factor: "none" });
    const error = await expectError(
      await requestWithdrawalCall(nobody.bearer, { walletId: wallet.id, amount: USDC, currency: "USDC" }),
      409,
      "second_factor_required",
    );
    expect(error.message).toContain("Verify your e-mail address or turn on two-factor authentication in /profile/settings");
    expect(await usdcBalance(nobody)).toMatchObject({ available: 5 * USDC, held: 0 });
  });
});

function trackingOf(withdrawalId: string) {
  return env.DB.prepare(`SELECT request_page_path, request_trigger, cancel_page_path, cancel_trigger FROM withdrawals WHERE id = ?`)
    .bind(withdrawalId)
    .first();
}

function fetchRemove(creator: TestCreator, walletId: string) {
  return fetchWorker(`/v1/wallet/${walletId}`, { method: "DELETE", headers: { Authorization: creator.setup } });
}

describe("POST /v1/withdrawal/{id}/verify", () => {
  it("counts wrong codes, says how many are left, and cancels at the fifth, releasing the hold once", async () => {
    const before = await usdcBalance(ada);
    const withdrawal = await requestWithdrawal(ada, { walletId: adaWallet.id, amount: 3 * USDC });
    const right = await mailedCode(ada);
    const wrong = right === "000000" ? "111111" : "000000";
    for (const left of [4, 3, 2, 1]) {
      const error = await expectError(await verifyCall(ada.bearer, withdrawal.id, { code: wrong }), 400, "wrong_code");
      expect(error.message).toContain(`${left} ${left === 1 ? "attempt" : "attempts"} left`);
      expect(error.detail?.[0]?.loc).toEqual(["body", "code"]);
    }
    const listed = (await listWithdrawals(ada)).find((item) => item.id === withdrawal.id);
    expect(listed?.attemptsLeft).toBe(1);
    await expectError(await verifyCall(ada.bearer, withdrawal.id, { code: wrong }), 400, "too_many_wrong_codes");
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "cancelled", status_reason: "Five wrong codes were entered" });
    // The right code now comes too late.
    await expectError(await verifyCall(ada.bearer, withdrawal.id, { code: right }), 409, "withdrawal_cancelled");
    expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold", "withdrawal-release"]);
    expect(await withdrawalNotifications(withdrawal.id)).toEqual(["transaction-verifying", "transaction-cancelled"]);
    expect(await usdcBalance(ada)).toEqual(before);
  });

  it("verifies with the authenticator, refusing a wrong code and a replayed one", async () => {
    const { creator: grace, wallet } = await creatorWithMoney("grace_wd", 20 * USDC, { factor: "authenticator" });
    const first = await requestWithdrawal(grace, { walletId: wallet.id, amount: 5 * USDC });
    expect(first).toMatchObject({ secondFactor: "authenticator", resendAvailableInSeconds: null });
    const code = authenticatorCode(grace);
    const wrong = code === "123456" ? "654321" : "123456";
    await expectError(await verifyCall(grace.bearer, first.id, { code: wrong }), 400, "wrong_code");
    expect((await verifyWithCode(grace, first.id, code)).status).toBe("pending");

    // Replayed on another withdrawal: the authenticator accepts each code once.
    const second = await requestWithdrawal(grace, { walletId: wallet.id, amount: 5 * USDC });
    const replay = await expectError(await verifyCall(grace.bearer, second.id, { code }), 400, "wrong_code");
    expect(replay.message).toContain("4 attempts left");
    expect((await verifyWithCode(grace, second.id, authenticatorCode(grace, 1))).status).toBe("pending");

    await expectError(await resendCall(grace.bearer, second.id), 409, "code_not_mailed");
  });

  it("needs a token (401), answers 404 for someone else's withdrawal and 400 naming the field", async () => {
    const withdrawal = await requestWithdrawal(otto, { walletId: ottoWallet.id, amount: USDC });
    await expectError(await verifyCall(null, withdrawal.id, { code: "123456" }), 401, "unauthenticated");
    await expectError(await verifyCall(ada.bearer, withdrawal.id, { code: "123456" }), 404, "not_found");
    await expectError(await verifyCall(otto.bearer, anyWithdrawalId, { code: "123456" }), 404, "not_found");
    expect(await fieldsOf(await verifyCall(otto.bearer, withdrawal.id, {}))).toEqual(["body.code"]);
    expect(await fieldsOf(await verifyCall(otto.bearer, withdrawal.id, { code: "12" }))).toEqual(["body.code"]);
    expect(await fieldsOf(await verifyCall(otto.bearer, "wd-1", { code: "123456" }))).toEqual(["path.withdrawalId"]);
    // Nothing counted against it.
    expect((await withdrawalRow(withdrawal.id))?.wrong_codes).toBe(0);
    expect((await cancelCall(otto.bearer, withdrawal.id)).status).toBe(200);
  });
});

describe("POST /v1/withdrawal/{id}/verify/resend", () => {
  it("sends a new code at most once a minute (429 with Retry-After), and the new code works", async () => {
    const withdrawal = await requestWithdrawal(ada, { walletId: adaWallet.id, amount: USDC });
    const firstCode = await mailedCode(ada);
    const tooSoon = await resendCall(ada.bearer, withdrawal.id);
    const error = await expectError(tooSoon, 429, "code_recently_sent");
    expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(await mailedCode(ada)).toBe(firstCode);

    // A minute later (the code's sending time moved back, as the clock cannot be moved through HTTP).
    const resendAMinuteLater = async (): Promise<string> => {
      await env.DB.batch([
        env.DB.prepare(`UPDATE one_time_codes SET created_at = created_at - 61000 WHERE subject_id = ?`).bind(withdrawal.id),
        env.DB.prepare(`UPDATE withdrawals SET code_sent_at = code_sent_at - 61000 WHERE id = ?`).bind(withdrawal.id),
      ]);
      expect((await listWithdrawals(ada)).find((item) => item.id === withdrawal.id)?.resendAvailableInSeconds).toBe(0);
      const resent = await resendCall(ada.bearer, withdrawal.id);
      expect(resent.status, await resent.clone().text()).toBe(200);
      expect(withdrawalSchema.parse(await resent.json()).resendAvailableInSeconds).toBeGreaterThan(55);
      return mailedCode(ada);
    };
    let secondCode = await resendAMinuteLater();
    // The new code may equal the old one by chance (one in a million): then resend again, so the old code's refusal
    // is always checked.
    for (let resends = 1; secondCode === firstCode; resends += 1) {
      if (resends === 3) throw new Error("three codes in a row were the same");
      secondCode = await resendAMinuteLater();
    }
    await expectError(await verifyCall(ada.bearer, withdrawal.id, { code: firstCode }), 400, "wrong_code");
    expect((await verifyWithCode(ada, withdrawal.id, secondCode)).status).toBe("pending");
    await expectError(await resendCall(ada.bearer, withdrawal.id), 409, "withdrawal_already_verified");
  });

  it("needs a token (401) and answers 404 for someone else's withdrawal or a bad id", async () => {
    const withdrawal = await requestWithdrawal(otto, { walletId: ottoWallet.id, amount: USDC });
    await expectError(await resendCall(null, withdrawal.id), 401, "unauthenticated");
    await expectError(await resendCall(ada.bearer, withdrawal.id), 404, "not_found");
    expect(await fieldsOf(await resendCall(otto.bearer, "nope"))).toEqual(["path.withdrawalId"]);
    expect((await cancelCall(otto.bearer, withdrawal.id)).status).toBe(200);
  });
});

describe("an admin acting as the creator", () => {
  it("may read the history but not request, verify, resend or cancel (403)", async () => {
    const signingKey = String(Reflect.get(env, "JWT_SIGNING_KEY"));
    const deps = { db: env.DB, clock: systemClock, signingKey };
    const started = await startSession(deps, { userId: otto.userId, realUserId: ada.userId });
    const session = await findSession(env.DB, started.sessionId);
    if (session === null) throw new Error("no session");
    const spoofed = `Bearer ${(await issueTokens(deps, session)).accessToken}`;
    const withdrawal = await requestWithdrawal(otto, { walletId: ottoWallet.id, amount: USDC });
    expect((await listCall(spoofed)).status).toBe(200);
    await expectError(await requestWithdrawalCall(spoofed, { walletId: ottoWallet.id, amount: USDC, currency: "USDC" }), 403, "forbidden");
    await expectError(await verifyCall(spoofed, withdrawal.id, { code: "123456" }), 403, "forbidden");
    await expectError(await resendCall(spoofed, withdrawal.id), 403, "forbidden");
    await expectError(await cancelCall(spoofed, withdrawal.id), 403, "forbidden");
    expect((await withdrawalRow(withdrawal.id))?.status).toBe("verifying");
    expect((await cancelCall(otto.bearer, withdrawal.id)).status).toBe(200);
  });
});

describe("when mail fails", () => {
  it("keeps the withdrawal and its hold, and a resend works at once", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const caps = testCapabilities();
    const broken = { ...caps, mailer: { send: () => Promise.reject(new Error("mail API down")) } };
    const before = await usdcBalance(ada);
    const created = await requestWithdrawalUseCase(broken, ada.userId, {
      walletId: adaWallet.id,
      amount: 2 * USDC,
      currency: "USDC",
      idempotencyKey: crypto.randomUUID(),
      requestedFrom: { pagePath: null, trigger: null },
    });
    expect(created).toMatchObject({ created: true, codeSent: false, withdrawal: { status: "verifying", resendAvailableInSeconds: 0 } });
    expect(warnings).toHaveBeenCalledTimes(1);
    warnings.mockRestore();
    expect((await usdcBalance(ada)).held).toBe(before.held + 2 * USDC);
    // No code reached anyone, so none is waiting to be checked, and asking again is not held back.
    await expectError(await verifyCall(ada.bearer, created.withdrawal.id, { code: "123456" }), 400, "no_code_sent");
    const resent = await resendCall(ada.bearer, created.withdrawal.id);
    expect(resent.status, await resent.clone().text()).toBe(200);
    expect((await verifyWithCode(ada, created.withdrawal.id, await mailedCode(ada))).status).toBe("pending");
  });
});

describe("notifications by e-mail", () => {
  it("mails the withdrawal's notifications the creator asked for, once each", async () => {
    const { creator: mia, wallet } = await creatorWithMoney("mia_wd", 5 * USDC);
    const settings = await fetchWorker("/v1/user/settings/basic", {
      method: "PUT",
      headers: { Authorization: mia.setup, "Content-Type": "application/json" },
      body: JSON.stringify({
        displayName: "Mia",
        preferredAdvertiserId: null,
        mailedNotificationKinds: ["transaction-pending", "transaction-cancelled"],
      }),
    });
    expect(settings.status, await settings.clone().text()).toBe(200);
    const first = await requestWithdrawal(mia, { walletId: wallet.id, amount: USDC });
    await verifyWithCode(mia, first.id, await mailedCode(mia));
    const second = await requestWithdrawal(mia, { walletId: wallet.id, amount: USDC });
    expect((await cancelCall(mia.bearer, second.id)).status).toBe(200);
    expect((await cancelCall(mia.bearer, second.id)).status).toBe(200);
    const subjects = (await outboxMessages(env.MAIL_API_URL, mia.email ?? "")).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject === "Your withdrawal of 1 USDC is on its way")).toHaveLength(1);
    expect(subjects.filter((subject) => subject === "Your withdrawal of 1 USDC was cancelled")).toHaveLength(1);
    expect(subjects.filter((subject) => subject.startsWith("Confirm your withdrawal of 1 USDC"))).toHaveLength(2);
    expect(subjects).toHaveLength(4);
  });
});

describe("DELETE /v1/withdrawal/{id}", () => {
  it("cancels before pending and releases the hold; again is harmless; after pending it is refused", async () => {
    const before = await usdcBalance(ada);
    const withdrawal = await requestWithdrawal(ada, { walletId: adaWallet.id, amount: 4 * USDC });
    expect((await usdcBalance(ada)).available).toBe(before.available - 4 * USDC);
    const cancelled = await cancelCall(ada.bearer, withdrawal.id);
    expect(cancelled.status).toBe(200);
    expect(withdrawalSchema.parse(await cancelled.json())).toMatchObject({ status: "cancelled", statusReason: "You cancelled it" });
    expect((await cancelCall(ada.bearer, withdrawal.id)).status).toBe(200);
    expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold", "withdrawal-release"]);
    expect(await usdcBalance(ada)).toEqual(before);
    await expectError(await verifyCall(ada.bearer, withdrawal.id, { code: await mailedCode(ada) }), 409, "withdrawal_cancelled");

    const paid = await requestWithdrawal(ada, { walletId: adaWallet.id, amount: USDC });
    await verifyWithCode(ada, paid.id, await mailedCode(ada));
    const refused = await expectError(await cancelCall(ada.bearer, paid.id), 409, "withdrawal_with_payout_rail");
    expect(refused.message).toContain("already with the payout rail");
  });

  it("needs a token (401) and answers 404 for someone else's withdrawal or a bad id", async () => {
    const withdrawal = await requestWithdrawal(otto, { walletId: ottoWallet.id, amount: USDC });
    await expectError(await cancelCall(null, withdrawal.id), 401, "unauthenticated");
    await expectError(await cancelCall(ada.bearer, withdrawal.id), 404, "not_found");
    expect(await fieldsOf(await cancelCall(otto.bearer, "nope"))).toEqual(["path.withdrawalId"]);
    expect((await withdrawalRow(withdrawal.id))?.status).toBe("verifying");
    expect((await cancelCall(otto.bearer, withdrawal.id)).status).toBe(200);
  });
});

describe("GET /v1/withdrawal", () => {
  it("lists the creator's own withdrawals, newest first, of one currency when asked", async () => {
    const mine = await listWithdrawals(ada);
    expect(mine.length).toBeGreaterThan(3);
    const times = mine.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(mine.every((item) => item.wallet.id === adaWallet.id || item.wallet.type === "evm")).toBe(true);
    const ottos = await listWithdrawals(otto);
    expect(ottos.some((item) => mine.some((other) => other.id === item.id))).toBe(false);
    expect(await listWithdrawals(ada, "?currency=usdt")).toEqual([]);
    expect((await listWithdrawals(ada, "?currency=USDC")).length).toBe(mine.length);
  });

  it("needs a token (401) and answers 400 naming a bad currency", async () => {
    await expectError(await listCall(null), 401, "unauthenticated");
    expect(await fieldsOf(await listCall(ada.bearer, "?currency=1"))).toEqual(["query.currency"]);
  });
});
