import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import {
  formatLockTime,
  twoFactorLockedMessage,
  TWO_FACTOR_LOCK_MS,
  TWO_FACTOR_MAX_WRONG_ATTEMPTS,
  type TwoFactorApproved,
  type TwoFactorChangeInput,
  type TwoFactorSetup,
  type UserSettings,
} from "../../contracts/settings.ts";
import { deleteRecoveryCodesStatement, replaceRecoveryCodesStatements, spendRecoveryCode } from "../../db/recovery-codes.ts";
import {
  acceptTwoFactorStepStatement,
  clearTwoFactorAttemptsStatement,
  deleteTwoFactorSecretStatement,
  findTwoFactorSecret,
  recordWrongTwoFactorCode,
  startTwoFactorSetup,
  type TwoFactorSecret,
} from "../../db/two-factor-secrets.ts";
import { findUserHandle, setTwoFactorFlagsStatement } from "../../db/users.ts";
import { decryptSecret, encryptSecret } from "../../security/encryption.ts";
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from "./recovery-codes.ts";
import { secondsUntil } from "./one-time-codes.ts";
import { getUserSettings, refuseWhenActingAsSomeoneElse, type SettingsSession } from "./settings.ts";
import type { Database } from "../../database.ts";

/**
 * Two-factor authentication with an authenticator app: TOTP (RFC 6238) through `otpauth`, SHA-1, six digits, 30-second
 * steps, the codes of one step either side accepted. A code is accepted once (the last accepted step is remembered and
 * only later steps pass); five wrong codes in a row lock every two-factor check for 15 minutes. The secret is
 * AES-256-GCM encrypted at rest (worker/security/encryption.ts). docs/decisions/013-settings-and-two-factor.md.
 */

export const TOTP_ISSUER = "Chorus";
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
const TOTP_ALGORITHM = "SHA1";
/** Steps either side of the current one that are accepted (clock drift, a code typed as it changed). */
export const TOTP_WINDOW = 1;

export type TwoFactorCheck =
  { kind: "accepted" } | { kind: "wrong"; attemptsLeft: number } | { kind: "locked"; until: number } | { kind: "not-enabled" };

/** The check with the reason a right-looking code was refused: it was already used (a replay). */
type DetailedCheck = TwoFactorCheck | { kind: "reused"; attemptsLeft: number };

type Deps = Pick<Capabilities, "db" | "clock" | "encryptionKey">;

/** The TOTP of a base32 secret, with the parameters every authenticator app understands. */
export function totpFor(secretBase32: string, label = ""): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: TOTP_ALGORITHM,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/**
 * The time step a code belongs to, if it is one of the accepted window around `now`; null for a wrong code. Pure:
 * the caller decides about replays.
 */
export function matchingStep(secretBase32: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp: now }) + delta;
}

/** The error of a locked two-factor check: says until when (UTC), with `Retry-After`. */
export function twoFactorLockedError(until: number, now: number): AppError {
  return new AppError(
    429,
    "two_factor_locked",
    twoFactorLockedMessage(until),
    [{ loc: ["body", "code"], msg: `locked until ${formatLockTime(until)}` }],
    { retryAfterSeconds: secondsUntil(until, now) },
  );
}

function isLocked(secret: TwoFactorSecret, now: number): secret is TwoFactorSecret & { lockedUntil: number } {
  return secret.lockedUntil !== null && secret.lockedUntil > now;
}

/** Counts a wrong code; the fifth in a row locks checks for 15 minutes. */
async function wrongCode(db: Database, userId: string, now: number, kind: "wrong" | "reused"): Promise<DetailedCheck> {
  const recorded = await recordWrongTwoFactorCode(db, {
    userId,
    maxWrongAttempts: TWO_FACTOR_MAX_WRONG_ATTEMPTS,
    lockUntil: now + TWO_FACTOR_LOCK_MS,
  });
  if (recorded === null) return { kind: "not-enabled" };
  if (recorded.lockedUntil !== null && recorded.lockedUntil > now) return { kind: "locked", until: recorded.lockedUntil };
  return { kind, attemptsLeft: TWO_FACTOR_MAX_WRONG_ATTEMPTS - recorded.wrongAttempts };
}

/**
 * Checks an authenticator code against the user's secret (the verified one, or the one being set up when
 * `settingUp`), accepting it once; when setting up, the same statement marks the set-up verified.
 */
async function checkTotp(
  { db, clock, encryptionKey }: Deps,
  userId: string,
  code: string,
  options: { settingUp: boolean },
): Promise<DetailedCheck> {
  const now = clock.now();
  const secret = await findTwoFactorSecret(db, userId);
  if (secret === null || (secret.verifiedAt === null) !== options.settingUp) return { kind: "not-enabled" };
  if (isLocked(secret, now)) return { kind: "locked", until: secret.lockedUntil };
  const step = matchingStep(await decryptSecret(secret.secretEncrypted, encryptionKey), code.replace(/\s/g, ""), now);
  if (step === null) return wrongCode(db, userId, now, "wrong");
  if (secret.lastUsedStep !== null && step <= secret.lastUsedStep) return wrongCode(db, userId, now, "reused");
  const accepted = await acceptTwoFactorStepStatement(db, { userId, step, now, verify: options.settingUp }).run();
  if (accepted.meta.changes > 0) return { kind: "accepted" };
  // Another request got there first: with this very code (a replay), or with the wrong code that locked checks.
  const current = await findTwoFactorSecret(db, userId);
  if (current === null) return { kind: "not-enabled" };
  if (isLocked(current, now)) return { kind: "locked", until: current.lockedUntil };
  return wrongCode(db, userId, now, "reused");
}

/**
 * For other features (withdrawals): checks a code from the authenticator app of a user whose two-factor is on.
 * Accepted once; wrong and replayed codes count towards the 15-minute lock; `not-enabled` when two-factor is off or
 * only being set up.
 */
export async function checkTwoFactorCode(caps: Deps, userId: string, code: string): Promise<TwoFactorCheck> {
  const check = await checkTotp(caps, userId, code, { settingUp: false });
  return check.kind === "reused" ? { kind: "wrong", attemptsLeft: check.attemptsLeft } : check;
}

/** The error for a refused code, worded for a person, naming `code`. */
function refusedCodeError(check: Exclude<DetailedCheck, { kind: "accepted" }>, now: number): AppError {
  switch (check.kind) {
    case "locked":
      return twoFactorLockedError(check.until, now);
    case "not-enabled":
      return new AppError(409, "two_factor_not_enabled", "Two-factor authentication is not on. Turn it on first.");
    case "reused":
    case "wrong": {
      const left = `${check.attemptsLeft} ${check.attemptsLeft === 1 ? "try" : "tries"} left before checks are locked for 15 minutes`;
      const message =
        check.kind === "reused"
          ? `This code was already used. Wait for the next code in your authenticator app (${left}).`
          : `That code is not right. Enter the current code from your authenticator app (${left}).`;
      return new AppError(400, check.kind === "reused" ? "code_reused" : "code_wrong", message, [
        { loc: ["body", "code"], msg: check.kind === "reused" ? "was already used" : "is not the current code" },
      ]);
    }
  }
}

/**
 * `PUT /v1/user/settings/two-factor` with `enabled: true`: a new secret for the authenticator app (replacing a set-up
 * not yet confirmed), as base32, an `otpauth://` URI (issuer Chorus, the X handle as label) and its QR code.
 */
export async function beginTwoFactorSetup(
  caps: Pick<Capabilities, "db" | "clock" | "encryptionKey">,
  session: SettingsSession,
): Promise<TwoFactorSetup> {
  refuseWhenActingAsSomeoneElse(session);
  const { db, clock, encryptionKey } = caps;
  const now = clock.now();
  const handle = await findUserHandle(db, session.userId);
  if (handle === null) throw new AppError(404, "not_found", "This account does not exist.");
  const secret = new Secret({ size: 20 }).base32;
  const stored = await startTwoFactorSetup(db, {
    userId: session.userId,
    secretEncrypted: await encryptSecret(secret, encryptionKey),
    now,
  });
  if (!stored) throw alreadyOnError();
  await setTwoFactorFlagsStatement(db, session.userId, { enabled: true, verified: false, now }).run();
  const otpauthUri = totpFor(secret, handle).toString();
  return { secret, otpauthUri, qrCodeDataUrl: qrCodeDataUrl(otpauthUri), settings: await getUserSettings(caps, session.userId) };
}

function alreadyOnError(): AppError {
  return new AppError(
    409,
    "two_factor_already_on",
    "Two-factor authentication is already on. To use another authenticator app, turn it off first, then on again.",
  );
}

/** An SVG QR code as a data URL (an `<img>` shows it; no script, no markup of ours in the page). */
export function qrCodeDataUrl(text: string): string {
  const svg = renderSVG(text, { ecc: "M", border: 2, pixelSize: 6 });
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/**
 * `POST /v1/user/settings/two-factor/approve`: the first code from the app confirms the set-up; two-factor is on and
 * ten recovery codes are made, answered this once (only their hashes are kept).
 */
export async function approveTwoFactor(caps: Deps, session: SettingsSession, code: string): Promise<TwoFactorApproved> {
  refuseWhenActingAsSomeoneElse(session);
  const { db, clock } = caps;
  const secret = await findTwoFactorSecret(db, session.userId);
  if (secret === null) {
    throw new AppError(409, "two_factor_not_started", "Turn two-factor authentication on first: scan the QR code, then enter a code.");
  }
  if (secret.verifiedAt !== null) throw alreadyOnError();
  const check = await checkTotp(caps, session.userId, code, { settingUp: true });
  if (check.kind !== "accepted") throw refusedCodeError(check, clock.now());
  const now = clock.now();
  const recoveryCodes = newRecoveryCodes();
  const hashes = await Promise.all(recoveryCodes.map((recoveryCode) => hashRecoveryCode(session.userId, recoveryCode)));
  await db.batch([
    ...replaceRecoveryCodesStatements(db, session.userId, hashes, now),
    setTwoFactorFlagsStatement(db, session.userId, { enabled: true, verified: true, now }),
  ]);
  return { recoveryCodes, settings: await getUserSettings(caps, session.userId) };
}

/**
 * Turning two-factor off: a set-up not yet confirmed is simply dropped; when it is on, it takes a current code from
 * the app or a recovery code (which is spent), and the secret and recovery codes are deleted. Already off: nothing to do.
 */
export async function turnOffTwoFactor(caps: Deps, session: SettingsSession, code: string | undefined): Promise<UserSettings> {
  refuseWhenActingAsSomeoneElse(session);
  const { db, clock } = caps;
  const now = clock.now();
  const secret = await findTwoFactorSecret(db, session.userId);
  if (secret !== null && secret.verifiedAt !== null) {
    if (code === undefined || code.trim() === "") {
      throw new AppError(400, "invalid_request", "code: enter a code from your authenticator app, or one of your recovery codes", [
        { loc: ["body", "code"], msg: "is required to turn two-factor authentication off" },
      ]);
    }
    await requireCodeOrRecoveryCode(caps, session.userId, code, secret);
  }
  await db.batch([
    deleteTwoFactorSecretStatement(db, session.userId),
    deleteRecoveryCodesStatement(db, session.userId),
    setTwoFactorFlagsStatement(db, session.userId, { enabled: false, verified: false, now }),
  ]);
  return getUserSettings(caps, session.userId);
}

/** Accepts a current authenticator code or an unused recovery code (spending it), or throws the refusal. */
async function requireCodeOrRecoveryCode(caps: Deps, userId: string, code: string, secret: TwoFactorSecret): Promise<void> {
  const { db, clock } = caps;
  const now = clock.now();
  const compact = code.replace(/\s/g, "");
  if (/^\d{6}$/.test(compact)) {
    const check = await checkTotp(caps, userId, compact, { settingUp: false });
    if (check.kind !== "accepted") throw refusedCodeError(check, now);
    return;
  }
  if (normalizeRecoveryCode(code) === null) {
    throw new AppError(400, "invalid_request", "code: must be the 6-digit code from your authenticator app or one of your recovery codes", [
      { loc: ["body", "code"], msg: "must be a 6-digit code or a recovery code such as 7kq2m-x9pfa" },
    ]);
  }
  if (isLocked(secret, now)) throw twoFactorLockedError(secret.lockedUntil, now);
  if (await spendRecoveryCode(db, userId, await hashRecoveryCode(userId, code), now)) {
    await clearTwoFactorAttemptsStatement(db, userId).run();
    return;
  }
  const check = await wrongCode(db, userId, now, "wrong");
  if (check.kind === "locked") throw twoFactorLockedError(check.until, now);
  const left = check.kind === "wrong" ? check.attemptsLeft : 0;
  throw new AppError(
    400,
    "code_wrong",
    `That recovery code is not right, or it was already used (${left} ${left === 1 ? "try" : "tries"} left before checks are locked for 15 minutes).`,
    [{ loc: ["body", "code"], msg: "is not an unused recovery code" }],
  );
}

/** Either way of changing it, as `PUT /v1/user/settings/two-factor` takes it. */
export function changeTwoFactor(caps: Deps, session: SettingsSession, input: TwoFactorChangeInput): Promise<TwoFactorSetup | UserSettings> {
  return input.enabled ? beginTwoFactorSetup(caps, session) : turnOffTwoFactor(caps, session, input.code);
}
