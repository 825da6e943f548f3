import { env } from "cloudflare:test";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { capabilitiesFor } from "../../../worker/capabilities.ts";
import type { Mailer, OutgoingMail } from "../../../worker/clients/mailer.ts";
import { systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { AppError, errorBodySchema } from "../../../worker/contracts/errors.ts";
import {
  ONE_TIME_CODE_RESEND_INTERVAL_MS,
  ONE_TIME_CODE_TTL_MS,
  TWO_FACTOR_LOCK_MS,
  emailChangeRequestedSchema,
  emailLinkOutcomeSchema,
  twoFactorApprovedSchema,
  twoFactorSetupSchema,
  userSettingsSchema,
  type UserSettings,
} from "../../../worker/contracts/settings.ts";
import { currentUserSchema } from "../../../worker/contracts/current-user.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import type { NewNotification } from "../../../worker/db/notifications.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { approveEmailChange, confirmEmailLink, requestEmailChange } from "../../../worker/domain/accounts/email-change.ts";
import { checkCode, checkLinkToken, issueCode } from "../../../worker/domain/accounts/one-time-codes.ts";
import { issueTokens, startSession } from "../../../worker/domain/accounts/sessions.ts";
import { getUserSettings } from "../../../worker/domain/accounts/settings.ts";
import {
  approveTwoFactor,
  beginTwoFactorSetup,
  checkTwoFactorCode,
  TOTP_PERIOD_SECONDS,
  turnOffTwoFactor,
} from "../../../worker/domain/accounts/two-factor.ts";
import { mailNotificationIfWanted } from "../../../worker/domain/notifications/mail-delivery.ts";
import { buildAdvertiser, buildCampaign } from "../../../fixtures/factories.ts";
import { outboxMessages, type OutboxMessage } from "../../support/outbox.ts";
import { call } from "../support/http.ts";
import { newPerson, type Person } from "../support/people.ts";

/*
 * Settings through the worker's HTTP API: basic settings, the e-mail change (codes read from the test mail outbox,
 * as a person reads them), the e-mail's link, and two-factor authentication with codes computed by `otpauth` as an
 * authenticator app would. Where the HTTP path cannot move time (expiry, the 15-minute lock), the use cases run with
 * a fixed clock against the same database.
 */

const now = Date.now();
const outboxUrl = String(Reflect.get(env, "MAIL_API_URL"));
const encryptionKey = String(Reflect.get(env, "TOKEN_ENCRYPTION_KEY"));
const run = crypto.randomUUID().slice(0, 8);

type Creator = Person;

const newCreator = (prefix = "set") => newPerson(prefix, { name: (handle) => `Name of ${handle}` });

/** A new address for this run (the outbox is shared by every test file of the run). */
let addresses = 0;
function newAddress(prefix = "creator"): string {
  addresses += 1;
  return `${prefix}.${run}.${addresses}@example.com`;
}

async function errorOf(response: Response) {
  return errorBodySchema.parse(await response.json());
}

async function settingsOf(creator: Creator): Promise<UserSettings> {
  const response = await call("GET", "/v1/user/settings", creator.bearer);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return userSettingsSchema.parse(await response.json());
}

async function profileOf(creator: Creator) {
  const response = await call("GET", "/auth/profile", creator.bearer);
  expect(response.status).toBe(200);
  return currentUserSchema.parse(await response.json());
}

async function messagesTo(address: string): Promise<OutboxMessage[]> {
  return outboxMessages(outboxUrl, address);
}

async function newestMessageTo(address: string): Promise<OutboxMessage> {
  const [message] = await messagesTo(address);
  if (message === undefined) throw new Error(`No message to ${address}`);
  return message;
}

function tokenOfLink(message: OutboxMessage): string {
  const link = message.links.find((candidate) => candidate.includes("/verify?token="));
  if (link === undefined) throw new Error("The message has no /verify link");
  return new URL(link).searchParams.get("token") ?? "";
}

/** The code an authenticator app shows for `secret` at `timestamp`. */
function totpCode(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: "SHA1" });
}

async function turnOnTwoFactor(creator: Creator): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = twoFactorSetupSchema.parse(
    await (await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: true })).json(),
  );
  const approved = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code: totpCode(setup.secret, Date.now()) });
  expect(approved.status).toBe(200);
  return { secret: setup.secret, recoveryCodes: twoFactorApprovedSchema.parse(await approved.json()).recoveryCodes };
}

/** A session of `userId` started by an admin acting as them (admin spoofing). */
async function spoofedBearer(userId: string, adminId: string): Promise<string> {
  const started = await startSession({ db: env.DB, clock: systemClock }, { userId, realUserId: adminId });
  const session = await findSession(env.DB, started.sessionId);
  if (session === null) throw new Error("no session");
  const signingKey = String(Reflect.get(env, "JWT_SIGNING_KEY"));
  return `Bearer ${(await issueTokens({ db: env.DB, clock: systemClock, signingKey }, session)).accessToken}`;
}

async function expectAppError(promise: Promise<unknown>, status: number, code: string): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status, code });
  return error as AppError;
}

const aurora = buildAdvertiser(`aurora${run}`, now, { name: "Aurora Wallet" });
const nimbus = buildAdvertiser(`nimbus${run}`, now, { name: "Nimbus Backup" });
const lumen = buildAdvertiser(`lumen${run}`, now, { name: "Lumen" });

beforeAll(async () => {
  await env.DB.batch([
    ...[aurora, nimbus, lumen].map((advertiser) => insertAdvertiserStatement(env.DB, advertiser)),
    insertCampaignStatement(env.DB, buildCampaign(`aurora-${run}`, aurora, "active", now)),
    insertCampaignStatement(env.DB, buildCampaign(`aurora-old-${run}`, aurora, "evaluated", now)),
    insertCampaignStatement(env.DB, buildCampaign(`nimbus-${run}`, nimbus, "active", now)),
    insertCampaignStatement(env.DB, buildCampaign(`lumen-${run}`, lumen, "active", now)),
  ]);
});

async function join(creator: Creator, ...campaignKeys: string[]) {
  await env.DB.batch(campaignKeys.flatMap((key) => joinCampaignStatements(env.DB, `campaign-${key}`, creator.userId, now)));
}

describe("GET /v1/user/settings", () => {
  it("answers the creator's settings: name from X, no e-mail, two-factor off, nothing mailed", async () => {
    const creator = await newCreator();
    await join(creator, `aurora-${run}`, `aurora-old-${run}`, `nimbus-${run}`);
    const settings = await settingsOf(creator);
    expect(settings).toEqual({
      displayName: `Name of ${creator.handle}`,
      xName: `Name of ${creator.handle}`,
      twitterHandle: creator.handle,
      preferredAdvertiserId: null,
      preferredAdvertiserName: "",
      advertisers: [
        { id: aurora.id, name: "Aurora Wallet" },
        { id: nimbus.id, name: "Nimbus Backup" },
      ],
      mailedNotificationKinds: [],
      hiddenFromLeaderboards: false,
      email: "",
      verifiedEmail: "",
      pendingEmail: null,
      twoFactor: { enabled: false, verified: false, lockedUntil: null, recoveryCodesLeft: 0 },
      linkedAccounts: [{ network: "x", handle: creator.handle }],
    });
  });

  it("refuses every settings call without a token with 401", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", "/v1/user/settings"],
      ["PUT", "/v1/user/settings/basic", { displayName: "X", preferredAdvertiserId: null, mailedNotificationKinds: [] }],
      ["PUT", "/v1/user/settings/email", { email: "nobody@example.com" }],
      ["POST", "/v1/user/settings/email/approve", { code: "123456" }],
      ["PUT", "/v1/user/settings/two-factor", { enabled: true }],
      ["POST", "/v1/user/settings/two-factor/approve", { code: "123456" }],
    ];
    for (const [method, path, body] of calls) {
      const response = await call(method, path, null, body);
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(await errorOf(response)).toMatchObject({ status: 401, code: "unauthenticated" });
    }
  });
});

describe("PUT /v1/user/settings/basic", () => {
  it("saves the display name, the preferred advertiser and the mailed kinds, and the current user shows them", async () => {
    const creator = await newCreator();
    await join(creator, `aurora-${run}`, `nimbus-${run}`);
    const response = await call("PUT", "/v1/user/settings/basic", creator.bearer, {
      displayName: "  Ada Creates  ",
      preferredAdvertiserId: nimbus.id,
      mailedNotificationKinds: ["transaction-completed", "campaign-eligible"],
    });
    expect(response.status).toBe(200);
    const saved = userSettingsSchema.parse(await response.json());
    expect(saved).toMatchObject({
      displayName: "Ada Creates",
      preferredAdvertiserId: nimbus.id,
      preferredAdvertiserName: "Nimbus Backup",
      // In the vocabulary's order, whatever the order sent.
      mailedNotificationKinds: ["campaign-eligible", "transaction-completed"],
    });
    expect(await settingsOf(creator)).toEqual(saved);
    expect(await profileOf(creator)).toMatchObject({ userName: "Ada Creates", preferredAdvertiserName: "Nimbus Backup" });

    // Back to none, and to the name from X, which then follows X again.
    const cleared = await call("PUT", "/v1/user/settings/basic", creator.bearer, {
      displayName: `Name of ${creator.handle}`,
      preferredAdvertiserId: null,
      mailedNotificationKinds: [],
    });
    expect(userSettingsSchema.parse(await cleared.json())).toMatchObject({
      preferredAdvertiserId: null,
      preferredAdvertiserName: "",
      mailedNotificationKinds: [],
    });
    expect(await env.DB.prepare(`SELECT display_name FROM users WHERE id = ?`).bind(creator.userId).first("display_name")).toBeNull();
    expect(await profileOf(creator)).toMatchObject({ userName: `Name of ${creator.handle}`, preferredAdvertiserName: "" });
  });

  it("refuses an advertiser of a campaign the creator did not join, naming the field", async () => {
    const creator = await newCreator();
    await join(creator, `aurora-${run}`);
    const response = await call("PUT", "/v1/user/settings/basic", creator.bearer, {
      displayName: "Ada",
      preferredAdvertiserId: lumen.id,
      mailedNotificationKinds: [],
    });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      code: "invalid_request",
      detail: [{ loc: ["body", "preferredAdvertiserId"], msg: "must be an advertiser of a campaign you joined" }],
    });
    expect((await settingsOf(creator)).preferredAdvertiserId).toBeNull();
  });

  it("answers 400 naming each bad field", async () => {
    const creator = await newCreator();
    const cases: [unknown, (string | number)[]][] = [
      [{ displayName: "   ", preferredAdvertiserId: null, mailedNotificationKinds: [] }, ["body", "displayName"]],
      [{ displayName: "x".repeat(51), preferredAdvertiserId: null, mailedNotificationKinds: [] }, ["body", "displayName"]],
      [{ preferredAdvertiserId: null, mailedNotificationKinds: [] }, ["body", "displayName"]],
      [
        { displayName: "Ada", preferredAdvertiserId: null, mailedNotificationKinds: ["smoke-signals"] },
        ["body", "mailedNotificationKinds", 0],
      ],
      [
        { displayName: "Ada", preferredAdvertiserId: null, mailedNotificationKinds: ["welcome", "welcome"] },
        ["body", "mailedNotificationKinds"],
      ],
      [{ displayName: "Ada", mailedNotificationKinds: [] }, ["body", "preferredAdvertiserId"]],
      [
        { displayName: "Ada", preferredAdvertiserId: null, mailedNotificationKinds: [], hiddenFromLeaderboards: "yes" },
        ["body", "hiddenFromLeaderboards"],
      ],
    ];
    for (const [body, loc] of cases) {
      const response = await call("PUT", "/v1/user/settings/basic", creator.bearer, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(response);
      expect(error.detail?.map((field) => field.loc)).toContainEqual(loc);
      expect(error.message).toContain(String(loc[1]));
    }
    const notJson = await call("PUT", "/v1/user/settings/basic", creator.bearer, "{");
    expect(notJson.status).toBe(400);
  });
});

describe("e-mail change: PUT /v1/user/settings/email, POST …/email/approve", () => {
  it("mails a 6-digit code and a /verify link to the new address; the code makes it the verified e-mail", async () => {
    const creator = await newCreator();
    const address = newAddress();
    const response = await call("PUT", "/v1/user/settings/email", creator.bearer, { email: `  ${address} ` });
    expect(response.status).toBe(200);
    const { pendingEmail } = emailChangeRequestedSchema.parse(await response.json());
    expect(pendingEmail.address).toBe(address);
    expect(pendingEmail.expiresAt - Date.now()).toBeGreaterThan(ONE_TIME_CODE_TTL_MS - 60_000);
    expect(pendingEmail.resendAvailableAt - Date.now()).toBeGreaterThan(0);

    const message = await newestMessageTo(address);
    expect(message.subject).toBe("Confirm your new e-mail address for Chorus");
    expect(message.codes).toHaveLength(1);
    expect(message.text).toContain(address);
    expect(message.html).toContain(message.codes[0]);
    expect(message.links.some((link) => link.startsWith("http://127.0.0.1:8787/verify?token="))).toBe(true);

    // Waiting: shown as pending, and nothing changed yet.
    expect(await settingsOf(creator)).toMatchObject({ email: "", verifiedEmail: "", pendingEmail: { address } });
    expect(await profileOf(creator)).toMatchObject({ email: "", verifiedEmail: "" });

    const approved = await call("POST", "/v1/user/settings/email/approve", creator.bearer, { code: message.codes[0] });
    expect(approved.status).toBe(200);
    expect(userSettingsSchema.parse(await approved.json())).toMatchObject({ email: address, verifiedEmail: address, pendingEmail: null });
    expect(await profileOf(creator)).toMatchObject({ email: address, verifiedEmail: address });

    // The same code again: refused, once used.
    const replayed = await call("POST", "/v1/user/settings/email/approve", creator.bearer, { code: message.codes[0] });
    expect(replayed.status).toBe(409);
    expect(await errorOf(replayed)).toMatchObject({ code: "code_used", detail: [{ loc: ["body", "code"] }] });

    // Its link is spent too.
    const link = await call("POST", "/v1/user/settings/email/verify-link", null, { token: tokenOfLink(message) });
    expect(emailLinkOutcomeSchema.parse(await link.json())).toEqual({ outcome: "used", email: null });

    // The verified address again is not a change.
    const same = await call("PUT", "/v1/user/settings/email", creator.bearer, { email: address.toUpperCase() });
    expect(same.status).toBe(400);
    expect(await errorOf(same)).toMatchObject({ detail: [{ loc: ["body", "email"], msg: "is already your verified e-mail address" }] });
  });

  it("counts wrong codes: five lock the code, and then even the right one is refused", async () => {
    const creator = await newCreator();
    const address = newAddress();
    expect((await call("PUT", "/v1/user/settings/email", creator.bearer, { email: address })).status).toBe(200);
    const [code] = (await newestMessageTo(address)).codes;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await call("POST", "/v1/user/settings/email/approve", creator.bearer, { code: wrong });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      if (attempt < 5) {
        expect(error).toMatchObject({ code: "code_wrong", detail: [{ loc: ["body", "code"] }] });
        expect(error.message).toContain(`${5 - attempt} ${5 - attempt === 1 ? "try" : "tries"} left`);
      } else {
        expect(error).toMatchObject({
          code: "code_locked",
          message: "That code is not right, and that was the last try. Ask for a new code.",
        });
      }
    }
    const right = await call("POST", "/v1/user/settings/email/approve", creator.bearer, { code });
    expect(right.status).toBe(400);
    expect(await errorOf(right)).toMatchObject({ code: "code_locked" });
    expect((await settingsOf(creator)).verifiedEmail).toBe("");
  });

  it("sends a new code at most once a minute: 429 with Retry-After", async () => {
    const creator = await newCreator();
    const first = newAddress();
    expect((await call("PUT", "/v1/user/settings/email", creator.bearer, { email: first })).status).toBe(200);
    const again = await call("PUT", "/v1/user/settings/email", creator.bearer, { email: newAddress() });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const error = await errorOf(again);
    expect(error).toMatchObject({ status: 429, code: "code_recently_sent", retryAfterSeconds: retryAfter });
    expect(error.message).toMatch(/Please wait \d+ seconds/);
    expect(await messagesTo(first)).toHaveLength(1);
  });

  it("answers 400 naming the field for a bad address or code, and 404 for a code nobody asked for", async () => {
    const creator = await newCreator();
    for (const body of [{ email: "not-an-address" }, {}, { email: 42 }]) {
      const response = await call("PUT", "/v1/user/settings/email", creator.bearer, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).detail?.[0]?.loc).toEqual(["body", "email"]);
    }
    for (const body of [{ code: "12ab56" }, { code: "1234567" }, {}]) {
      const response = await call("POST", "/v1/user/settings/email/approve", creator.bearer, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).detail?.[0]?.loc).toEqual(["body", "code"]);
    }
    const none = await call("POST", "/v1/user/settings/email/approve", creator.bearer, { code: "123 456" });
    expect(none.status).toBe(404);
    expect(await errorOf(none)).toMatchObject({ code: "no_code", detail: [{ loc: ["body", "code"] }] });
  });

  it("refuses an admin acting as the creator", async () => {
    const creator = await newCreator();
    const admin = await newCreator("admin");
    const bearer = await spoofedBearer(creator.userId, admin.userId);
    const response = await call("PUT", "/v1/user/settings/email", bearer, { email: newAddress() });
    expect(response.status).toBe(403);
    expect((await call("PUT", "/v1/user/settings/two-factor", bearer, { enabled: true })).status).toBe(403);
    expect((await call("GET", "/v1/user/settings", bearer)).status).toBe(200);
  });
});

describe("the e-mail's link: POST /v1/user/settings/email/verify-link", () => {
  it("confirms the address without a session, once", async () => {
    const creator = await newCreator();
    const address = newAddress("linked");
    expect((await call("PUT", "/v1/user/settings/email", creator.bearer, { email: address })).status).toBe(200);
    const token = tokenOfLink(await newestMessageTo(address));

    const confirmed = await call("POST", "/v1/user/settings/email/verify-link", null, { token });
    expect(confirmed.status).toBe(200);
    expect(emailLinkOutcomeSchema.parse(await confirmed.json())).toEqual({ outcome: "confirmed", email: address });
    expect(await profileOf(creator)).toMatchObject({ email: address, verifiedEmail: address });

    const again = await call("POST", "/v1/user/settings/email/verify-link", null, { token });
    expect(emailLinkOutcomeSchema.parse(await again.json())).toEqual({ outcome: "used", email: null });
  });

  it("says unknown for a token that is not ours, and 400 naming the field for one that cannot be a token", async () => {
    const unknown = await call("POST", "/v1/user/settings/email/verify-link", null, { token: "A".repeat(43) });
    expect(emailLinkOutcomeSchema.parse(await unknown.json())).toEqual({ outcome: "unknown", email: null });
    const bad = await call("POST", "/v1/user/settings/email/verify-link", null, { token: "short" });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).detail?.[0]?.loc).toEqual(["body", "token"]);
  });
});

describe("e-mail change with the clock moved (use cases)", () => {
  /** The use cases' capabilities with a fixed clock and a mailer that keeps what it sends. */
  function withClock(at: number) {
    const clock = fixedClock(at);
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      send: (mail) => {
        sent.push(mail);
        return Promise.resolve({ id: `mail-${sent.length}` });
      },
    };
    return { caps: { ...capabilitiesFor(env, clock), mailer }, clock, sent };
  }
  const codeIn = (mail: OutgoingMail | undefined) => /\n(\d{6})\n/.exec(mail?.text ?? "")?.[1] ?? "";
  const tokenIn = (mail: OutgoingMail | undefined) => /token=([\w-]{43})/.exec(mail?.text ?? "")?.[1] ?? "";

  it("a code and its link expire after 10 minutes", async () => {
    const creator = await newCreator();
    const { caps, clock, sent } = withClock(now);
    const session = { userId: creator.userId, realUserId: null };
    await requestEmailChange(caps, session, newAddress());
    clock.advance(ONE_TIME_CODE_TTL_MS - 1);
    expect((await getUserSettings(caps, creator.userId)).pendingEmail).not.toBeNull();
    clock.advance(1);
    expect((await getUserSettings(caps, creator.userId)).pendingEmail).toBeNull();
    const error = await expectAppError(approveEmailChange(caps, session, codeIn(sent[0])), 410, "code_expired");
    expect(error.message).toBe("This code has expired (codes last 10 minutes). Ask for a new code.");
    expect(await confirmEmailLink(caps, tokenIn(sent[0]))).toEqual({ outcome: "expired", email: null });
  });

  it("a new code after a minute replaces the previous one, whose code and link stop working", async () => {
    const creator = await newCreator();
    const { caps, clock, sent } = withClock(now);
    const session = { userId: creator.userId, realUserId: null };
    const first = newAddress();
    const second = newAddress();
    await requestEmailChange(caps, session, first);
    clock.advance(ONE_TIME_CODE_RESEND_INTERVAL_MS - 1000);
    const early = await expectAppError(requestEmailChange(caps, session, second), 429, "code_recently_sent");
    expect(early.retryAfter).toBe(1);
    expect(early.message).toBe("A code was sent less than a minute ago. Please wait 1 second, then ask for a new one.");
    clock.advance(1000);
    const pending = await requestEmailChange(caps, session, second);
    expect(pending).toEqual({ address: second, expiresAt: clock.now() + ONE_TIME_CODE_TTL_MS, resendAvailableAt: clock.now() + 60_000 });
    expect(await confirmEmailLink(caps, tokenIn(sent[0]))).toEqual({ outcome: "unknown", email: null });
    // The new code may equal the old one by chance (one in a million): then ask again a minute later, so the old
    // code's refusal is always checked.
    expect(codeIn(sent[0])).toMatch(/^\d{6}$/);
    for (let asked = 1; codeIn(sent.at(-1)) === codeIn(sent[0]); asked += 1) {
      if (asked === 5) throw new Error("five codes in a row were the same");
      clock.advance(ONE_TIME_CODE_RESEND_INTERVAL_MS);
      await requestEmailChange(caps, session, second);
    }
    await expectAppError(approveEmailChange(caps, session, codeIn(sent[0])), 400, "code_wrong");
    expect(await approveEmailChange(caps, session, codeIn(sent.at(-1)))).toMatchObject({ email: second, verifiedEmail: second });
  });

  it("a mail that cannot be sent is a 502 and leaves no code, so asking again works at once", async () => {
    const creator = await newCreator();
    const { caps } = withClock(now);
    const failing = { ...caps, mailer: { send: () => Promise.reject(new Error("Sending mail failed: the mail API answered 503")) } };
    const session = { userId: creator.userId, realUserId: null };
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = await expectAppError(requestEmailChange(failing, session, newAddress()), 502, "mail_not_sent");
    expect(String(warnings.mock.calls[0]?.[0])).toContain("could not be mailed");
    warnings.mockRestore();
    expect(error.detail).toEqual([{ loc: ["body", "email"], msg: "could not be sent a message" }]);
    await expect(requestEmailChange(caps, session, newAddress())).resolves.toMatchObject({ expiresAt: now + ONE_TIME_CODE_TTL_MS });
  });
});

describe("one-time codes (shared with withdrawals)", () => {
  const caps = (at: number) => ({ db: env.DB, clock: fixedClock(at) });

  it("are six digits, stored only as hashes, accepted once, per (user, purpose, subject)", async () => {
    const creator = await newCreator();
    const key = { userId: creator.userId, purpose: "withdrawal" as const, subjectId: `wdr-${run}-1` };
    const issued = await issueCode(caps(now), { ...key, target: "ada@example.com" });
    expect(issued.code).toMatch(/^\d{6}$/);
    expect(issued.linkToken).toMatch(/^[\w-]{43}$/);
    expect(issued.expiresAt).toBe(now + ONE_TIME_CODE_TTL_MS);
    const row = await env.DB.prepare(`SELECT * FROM one_time_codes WHERE subject_id = ?`)
      .bind(key.subjectId)
      .first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain(issued.code);
    expect(JSON.stringify(row)).not.toContain(issued.linkToken);

    // Another subject or purpose is another code.
    expect(await checkCode(caps(now), { ...key, subjectId: `wdr-${run}-2`, code: issued.code })).toEqual({ kind: "missing" });
    expect(await checkCode(caps(now), { ...key, purpose: "email-change", code: issued.code })).toEqual({ kind: "missing" });

    expect(await checkCode(caps(now + 1000), { ...key, code: issued.code })).toEqual({ kind: "accepted", target: "ada@example.com" });
    expect(await checkCode(caps(now + 2000), { ...key, code: issued.code })).toEqual({ kind: "used" });
  });

  it("take a shorter life when asked, and their link says what it was for", async () => {
    const creator = await newCreator();
    const key = { userId: creator.userId, purpose: "withdrawal" as const, subjectId: `wdr-${run}-3` };
    const issued = await issueCode(caps(now), { ...key, target: null, ttlMs: 60_000 });
    expect(issued.expiresAt).toBe(now + 60_000);
    expect(await checkLinkToken(caps(now + 60_000), issued.linkToken)).toEqual({ kind: "expired", ...key });
    const fresh = await issueCode(caps(now + 60_000), { ...key, target: null });
    expect(await checkLinkToken(caps(now + 61_000), fresh.linkToken)).toEqual({ kind: "accepted", target: null, ...key });
    expect(await checkCode(caps(now + 62_000), { ...key, code: fresh.code })).toEqual({ kind: "used" });
  });

  it("a withdrawal's link is not spent by /verify", async () => {
    const creator = await newCreator();
    const key = { userId: creator.userId, purpose: "withdrawal" as const, subjectId: `wdr-${run}-4` };
    const issued = await issueCode(caps(now), { ...key, target: null });
    expect(await confirmEmailLink(caps(now), issued.linkToken)).toEqual({ outcome: "unknown", email: null });
    expect(await checkCode(caps(now), { ...key, code: issued.code })).toEqual({ kind: "accepted", target: null });
  });
});

describe("two-factor: PUT /v1/user/settings/two-factor, POST …/two-factor/approve", () => {
  it("sets up with a secret, an otpauth URI and a QR code; the first code turns it on with ten recovery codes", async () => {
    const creator = await newCreator();
    const response = await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: true });
    expect(response.status).toBe(200);
    const setup = twoFactorSetupSchema.parse(await response.json());
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri.startsWith(`otpauth://totp/Chorus:${creator.handle}?`)).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(setup.otpauthUri.split("?")[1]))).toEqual({
      issuer: "Chorus",
      secret: setup.secret,
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(atob(setup.qrCodeDataUrl.split(",")[1] ?? "")).toContain("<svg");
    expect(setup.settings.twoFactor).toEqual({ enabled: true, verified: false, lockedUntil: null, recoveryCodesLeft: 0 });
    expect(await profileOf(creator)).toMatchObject({ twoFactorAuthEnabled: true, verifiedTwoFactorAuthEnabled: false });

    // The secret is encrypted at rest.
    const stored = await env.DB.prepare(`SELECT secret_encrypted FROM two_factor_secrets WHERE user_id = ?`)
      .bind(creator.userId)
      .first<string>("secret_encrypted");
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(setup.secret);

    const code = totpCode(setup.secret, Date.now());
    const approved = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code });
    expect(approved.status).toBe(200);
    const { recoveryCodes, settings } = twoFactorApprovedSchema.parse(await approved.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    expect(settings.twoFactor).toEqual({ enabled: true, verified: true, lockedUntil: null, recoveryCodesLeft: 10 });
    expect(await profileOf(creator)).toMatchObject({ twoFactorAuthEnabled: true, verifiedTwoFactorAuthEnabled: true });
    const hashes = await env.DB.prepare(`SELECT code_hash FROM recovery_codes WHERE user_id = ?`).bind(creator.userId).all();
    expect(JSON.stringify(hashes.results)).not.toContain(recoveryCodes[0]?.replace("-", "") ?? "?");

    // On: no second set-up, no second approval, and the recovery codes are never shown again.
    expect((await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: true })).status).toBe(409);
    const second = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, {
      code: totpCode(setup.secret, Date.now() + 30_000),
    });
    expect(second.status).toBe(409);
    expect(JSON.stringify(await settingsOf(creator))).not.toContain(recoveryCodes[0] ?? "?");
  });

  it("refuses a replayed code, and turns off with the next one", async () => {
    const creator = await newCreator();
    const setup = twoFactorSetupSchema.parse(
      await (await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: true })).json(),
    );
    const at = Date.now();
    const code = totpCode(setup.secret, at);
    expect((await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code })).status).toBe(200);

    const replayed = await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: false, code });
    expect(replayed.status).toBe(400);
    expect(await errorOf(replayed)).toMatchObject({ code: "code_reused", detail: [{ loc: ["body", "code"], msg: "was already used" }] });

    const missing = await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: false });
    expect(missing.status).toBe(400);
    expect(await errorOf(missing)).toMatchObject({ detail: [{ loc: ["body", "code"] }] });

    // The next time step's code (an app shows it 30 s later; ±1 step is accepted).
    const next = await call("PUT", "/v1/user/settings/two-factor", creator.bearer, {
      enabled: false,
      code: totpCode(setup.secret, at + 30_000),
    });
    expect(next.status).toBe(200);
    expect(userSettingsSchema.parse(await next.json()).twoFactor).toEqual({
      enabled: false,
      verified: false,
      lockedUntil: null,
      recoveryCodesLeft: 0,
    });
    expect(await profileOf(creator)).toMatchObject({ twoFactorAuthEnabled: false, verifiedTwoFactorAuthEnabled: false });
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM two_factor_secrets WHERE user_id = ?`).bind(creator.userId).first("n")).toBe(0);
  });

  it("turns off with a recovery code, which is spent", async () => {
    const first = await newCreator();
    const { recoveryCodes } = await turnOnTwoFactor(first);
    const [recoveryCode = ""] = recoveryCodes;
    const response = await call("PUT", "/v1/user/settings/two-factor", first.bearer, { enabled: false, code: recoveryCode.toUpperCase() });
    expect(response.status).toBe(200);
    expect((await settingsOf(first)).twoFactor.verified).toBe(false);

    // On again: the old recovery codes are gone with the old set-up.
    const { secret } = await turnOnTwoFactor(first);
    const old = await call("PUT", "/v1/user/settings/two-factor", first.bearer, { enabled: false, code: recoveryCodes[1] });
    expect(old.status).toBe(400);
    expect(await errorOf(old)).toMatchObject({
      code: "code_wrong",
      detail: [{ loc: ["body", "code"], msg: "is not an unused recovery code" }],
    });
    expect((await settingsOf(first)).twoFactor).toMatchObject({ verified: true, recoveryCodesLeft: 10 });
    expect(secret).toMatch(/^[A-Z2-7]+$/);
  });

  it("a set-up not yet confirmed is dropped without a code; a new set-up replaces the secret", async () => {
    const creator = await newCreator();
    const setUp = async () =>
      twoFactorSetupSchema.parse(await (await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: true })).json());
    const first = await setUp();
    const staleCode = totpCode(first.secret, Date.now());
    // The new secret may accept the old code by chance (a few in a million, counting the time steps the check takes
    // around now): then set up again, so the old code's refusal is always checked.
    const acceptsStaleCode = (secret: string) =>
      [-2, -1, 0, 1, 2].some((step) => totpCode(secret, Date.now() + step * TOTP_PERIOD_SECONDS * 1000) === staleCode);
    let second = await setUp();
    for (let setUps = 2; acceptsStaleCode(second.secret); setUps += 1) {
      if (setUps === 5) throw new Error("five secrets in a row accepted the same code");
      second = await setUp();
    }
    expect(second.secret).not.toBe(first.secret);
    const stale = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code: staleCode });
    expect(stale.status).toBe(400);
    const off = await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: false });
    expect(off.status).toBe(200);
    expect(await profileOf(creator)).toMatchObject({ twoFactorAuthEnabled: false, verifiedTwoFactorAuthEnabled: false });
    const approve = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code: "123456" });
    expect(approve.status).toBe(409);
    expect(await errorOf(approve)).toMatchObject({ code: "two_factor_not_started" });
  });

  it("five wrong codes lock two-factor checks for 15 minutes, saying until when (UTC), with Retry-After", async () => {
    const creator = await newCreator();
    const setup = twoFactorSetupSchema.parse(
      await (await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: true })).json(),
    );
    const right = totpCode(setup.secret, Date.now());
    const wrong = right === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt < 5; attempt += 1) {
      const response = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code: wrong });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).message).toContain(`${5 - attempt} ${5 - attempt === 1 ? "try" : "tries"} left`);
    }
    const fifth = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code: wrong });
    expect(fifth.status).toBe(429);
    const retryAfter = Number(fifth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(TWO_FACTOR_LOCK_MS / 1000 - 10);
    expect(retryAfter).toBeLessThanOrEqual(TWO_FACTOR_LOCK_MS / 1000);
    const error = await errorOf(fifth);
    expect(error).toMatchObject({ code: "two_factor_locked", retryAfterSeconds: retryAfter });
    expect(error.message).toMatch(
      /^Too many wrong codes\. Two-factor checks are locked until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC; try again then\.$/,
    );

    const stillLocked = await call("POST", "/v1/user/settings/two-factor/approve", creator.bearer, { code: right });
    expect(stillLocked.status).toBe(429);
    const lockedUntil = (await settingsOf(creator)).twoFactor.lockedUntil;
    expect(lockedUntil).toBeGreaterThan(Date.now() + TWO_FACTOR_LOCK_MS - 60_000);
  });

  it("answers 400 naming the field for a bad body", async () => {
    const creator = await newCreator();
    for (const [path, body, loc] of [
      ["/v1/user/settings/two-factor", { enabled: "yes" }, "enabled"],
      ["/v1/user/settings/two-factor", {}, "enabled"],
      ["/v1/user/settings/two-factor/approve", { code: "12345" }, "code"],
    ] as const) {
      const method = path.endsWith("approve") ? "POST" : "PUT";
      const response = await call(method, path, creator.bearer, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).detail?.[0]?.loc).toEqual(["body", loc]);
    }
    const gibberish = await call("PUT", "/v1/user/settings/two-factor", creator.bearer, { enabled: false, code: "not a code!" });
    // Two-factor is off, so there is nothing to check: turning off is already done.
    expect(gibberish.status).toBe(200);
  });
});

describe("two-factor with the clock moved (use cases, and checkTwoFactorCode for withdrawals)", () => {
  function capsAt(at: number) {
    const clock = fixedClock(at);
    return { caps: { db: env.DB, clock, encryptionKey }, clock };
  }

  async function verifiedCreator(at: number): Promise<{ creator: Creator; secret: string }> {
    const creator = await newCreator();
    const { caps } = capsAt(at);
    const session = { userId: creator.userId, realUserId: null };
    const { secret } = await beginTwoFactorSetup(caps, session);
    await approveTwoFactor(caps, session, totpCode(secret, at));
    return { creator, secret };
  }

  it("accepts the current code and one step either side, each once", async () => {
    const at = Date.UTC(2026, 10, 23, 12, 0, 10);
    const { creator, secret } = await verifiedCreator(at);
    const later = at + 5 * 60_000;
    const { caps } = capsAt(later);
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, later - 60_000))).toEqual({ kind: "wrong", attemptsLeft: 4 });
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, later - 30_000))).toEqual({ kind: "accepted" });
    // An accepted code starts the count of wrong ones again; the same code twice is a replay, counted as wrong.
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, later - 30_000))).toEqual({ kind: "wrong", attemptsLeft: 4 });
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, later))).toEqual({ kind: "accepted" });
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, later + 30_000))).toEqual({ kind: "accepted" });
    // An earlier step than the last accepted one is a replay, even inside the window.
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, later))).toEqual({ kind: "wrong", attemptsLeft: 4 });
    // Two steps ahead is outside the window.
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, later + 60_000))).toEqual({ kind: "wrong", attemptsLeft: 3 });
  });

  it("locks for 15 minutes after five wrong codes, then accepts again", async () => {
    const at = Date.UTC(2026, 10, 23, 14, 0, 0);
    const { creator, secret } = await verifiedCreator(at);
    const { caps, clock } = capsAt(at + 60_000);
    const wrong = totpCode(secret, at + 60_000) === "000000" ? "111111" : "000000";
    for (const attemptsLeft of [4, 3, 2, 1]) {
      expect(await checkTwoFactorCode(caps, creator.userId, wrong)).toEqual({ kind: "wrong", attemptsLeft });
    }
    const until = at + 60_000 + TWO_FACTOR_LOCK_MS;
    expect(await checkTwoFactorCode(caps, creator.userId, wrong)).toEqual({ kind: "locked", until });
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, clock.now()))).toEqual({ kind: "locked", until });

    // Turning two-factor off is locked too, with a recovery code as well.
    const session = { userId: creator.userId, realUserId: null };
    const lockedOff = await expectAppError(turnOffTwoFactor(caps, session, "abcde-fghjk"), 429, "two_factor_locked");
    expect(lockedOff.message).toBe("Too many wrong codes. Two-factor checks are locked until 2026-11-23 14:16 UTC; try again then.");
    expect(lockedOff.retryAfter).toBe(TWO_FACTOR_LOCK_MS / 1000);

    clock.advance(TWO_FACTOR_LOCK_MS - 1);
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, clock.now()))).toEqual({ kind: "locked", until });
    clock.advance(1);
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, clock.now()))).toEqual({ kind: "accepted" });
    // The count starts again after the lock.
    expect(await checkTwoFactorCode(caps, creator.userId, wrong)).toEqual({ kind: "wrong", attemptsLeft: 4 });
  });

  it("is not-enabled while two-factor is off or only being set up", async () => {
    const creator = await newCreator();
    const { caps } = capsAt(now);
    expect(await checkTwoFactorCode(caps, creator.userId, "123456")).toEqual({ kind: "not-enabled" });
    const { secret } = await beginTwoFactorSetup(caps, { userId: creator.userId, realUserId: null });
    expect(await checkTwoFactorCode(caps, creator.userId, totpCode(secret, now))).toEqual({ kind: "not-enabled" });
  });
});

describe("mailing notifications the creator asked for", () => {
  function notification(userId: string, overrides: Partial<NewNotification> = {}): NewNotification {
    return {
      userId,
      eventType: "transaction-completed",
      title: "Your withdrawal of 12.50 USDC is complete",
      body: "It arrived in your wallet 0x12…abcd.",
      link: "/profile#withdrawals",
      dedupeKey: `test:${userId}:${crypto.randomUUID()}`,
      createdAt: now,
      ...overrides,
    };
  }

  async function creatorWithVerifiedEmail(kinds: string[]): Promise<{ creator: Creator; address: string }> {
    const creator = await newCreator("mailed");
    const address = newAddress("mailed");
    await env.DB.prepare(`UPDATE users SET email = ?, verified_email = ? WHERE id = ?`).bind(address, address, creator.userId).run();
    const saved = await call("PUT", "/v1/user/settings/basic", creator.bearer, {
      displayName: "Mailed Mo",
      preferredAdvertiserId: null,
      mailedNotificationKinds: kinds,
    });
    expect(saved.status).toBe(200);
    return { creator, address };
  }

  it("mails a wanted kind to the verified address, with its link and why it was sent", async () => {
    const { creator, address } = await creatorWithVerifiedEmail(["transaction-completed"]);
    await mailNotificationIfWanted(capabilitiesFor(env), notification(creator.userId));
    const message = await newestMessageTo(address);
    expect(message.subject).toBe("Your withdrawal of 12.50 USDC is complete");
    expect(message.text).toContain("Hello Mailed Mo,");
    expect(message.text).toContain("It arrived in your wallet 0x12…abcd.");
    expect(message.links).toEqual(["http://127.0.0.1:8787/profile#withdrawals", "http://127.0.0.1:8787/profile/settings"]);
    expect(message.text).toContain('"Withdrawal completed"');
  });

  it("sends nothing for a kind not asked for, or without a verified address", async () => {
    const { creator, address } = await creatorWithVerifiedEmail(["campaign-eligible"]);
    await mailNotificationIfWanted(capabilitiesFor(env), notification(creator.userId));
    expect(await messagesTo(address)).toEqual([]);

    const unverified = await newCreator("unverified");
    const pending = newAddress("unverified");
    await env.DB.prepare(`UPDATE users SET email = ? WHERE id = ?`).bind(pending, unverified.userId).run();
    await env.DB.prepare(`INSERT INTO mailed_notification_kinds (user_id, event_type) VALUES (?, 'transaction-completed')`)
      .bind(unverified.userId)
      .run();
    await mailNotificationIfWanted(capabilitiesFor(env), notification(unverified.userId));
    expect(await messagesTo(pending)).toEqual([]);
  });

  it("never throws: a failing mailer is logged, the notification stays in the app", async () => {
    const { creator } = await creatorWithVerifiedEmail(["transaction-completed"]);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const failing = { ...capabilitiesFor(env), mailer: { send: () => Promise.reject(new Error("mail API down")) } };
    await expect(mailNotificationIfWanted(failing, notification(creator.userId))).resolves.toBeUndefined();
    expect(String(warnings.mock.calls[0]?.[0])).toContain("could not be mailed");
    warnings.mockRestore();
  });
});
