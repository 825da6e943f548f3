import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import {
  ONE_TIME_CODE_MAX_WRONG_ATTEMPTS,
  ONE_TIME_CODE_RESEND_INTERVAL_MS,
  ONE_TIME_CODE_TTL_MS,
  linkTokenSchema,
} from "../../contracts/settings.ts";
import {
  deleteCode,
  findCode,
  findCodeByLinkTokenHash,
  recordWrongCode,
  replaceCode,
  spendCode,
  type StoredCode,
} from "../../db/one-time-codes.ts";
import { constantTimeEqual, randomToken, sha256 } from "../../security/tokens.ts";
import type { Database } from "../../database.ts";

/**
 * Mailed one-time codes, shared by the e-mail change and withdrawals (docs/decisions/013-settings-and-two-factor.md):
 * six digits from `crypto.getRandomValues` and a link token of 256 bits, both stored only as SHA-256 hashes; valid for
 * 10 minutes; accepted once; five wrong codes lock the code; a new code at most once a minute for the same
 * (user, purpose, subject), and a new code replaces the previous one.
 */

export type CodePurpose = "email-change" | "withdrawal";

export type CodeCheck =
  | { kind: "accepted"; target: string | null }
  | { kind: "wrong"; attemptsLeft: number }
  | { kind: "locked" }
  | { kind: "expired" }
  | { kind: "used" }
  | { kind: "missing" };

type CodeKey = { userId: string; purpose: CodePurpose; subjectId: string };
type Deps = Pick<Capabilities, "db" | "clock">;

const CODE_SPACE = 1_000_000;
/** The largest multiple of a million a Uint32 holds: values at or above it are drawn again, so every code is equally likely. */
const UNBIASED_LIMIT = Math.floor(0x1_0000_0000 / CODE_SPACE) * CODE_SPACE;

/** Six random digits, uniformly distributed (rejection sampling, no modulo bias). */
export function randomSixDigitCode(
  random: (into: Uint32Array<ArrayBuffer>) => Uint32Array = (into) => crypto.getRandomValues(into),
): string {
  const value = new Uint32Array(1);
  for (;;) {
    const drawn = random(value)[0] ?? UNBIASED_LIMIT;
    if (drawn < UNBIASED_LIMIT) return String(drawn % CODE_SPACE).padStart(6, "0");
  }
}

/** The stored hash of a code: salted per code and bound to what it is for, so equal codes never hash alike. */
function hashCode(salt: string, key: CodeKey, code: string): Promise<string> {
  return sha256(`${salt}:${key.purpose}:${key.userId}:${key.subjectId}:${code}`);
}

/** Whole seconds until `at` (at least 1). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * Issues a new code for (user, purpose, subject), replacing the previous one. Throws 429 `code_recently_sent` (with
 * `retryAfterSeconds`, which the web layer sends as `Retry-After`) when the previous code is less than a minute old.
 */
export async function issueCode(
  { db, clock }: Deps,
  request: { userId: string; purpose: CodePurpose; subjectId: string; target: string | null; ttlMs?: number },
): Promise<{ code: string; linkToken: string; expiresAt: number }> {
  const now = clock.now();
  const key: CodeKey = { userId: request.userId, purpose: request.purpose, subjectId: request.subjectId };
  const code = randomSixDigitCode();
  const linkToken = randomToken(32);
  const codeSalt = randomToken(16);
  const expiresAt = now + (request.ttlMs ?? ONE_TIME_CODE_TTL_MS);
  const stored = await replaceCode(
    db,
    {
      id: `otc_${crypto.randomUUID()}`,
      ...key,
      target: request.target,
      codeSalt,
      codeHash: await hashCode(codeSalt, key, code),
      linkTokenHash: await sha256(linkToken),
      createdAt: now,
      expiresAt,
    },
    now - ONE_TIME_CODE_RESEND_INTERVAL_MS,
  );
  if (!stored) {
    const previous = await findCode(db, key);
    const wait = secondsUntil((previous?.createdAt ?? now) + ONE_TIME_CODE_RESEND_INTERVAL_MS, now);
    throw new AppError(
      429,
      "code_recently_sent",
      `A code was sent less than a minute ago. Please wait ${wait} ${wait === 1 ? "second" : "seconds"}, then ask for a new one.`,
      undefined,
      { retryAfterSeconds: wait },
    );
  }
  return { code, linkToken, expiresAt };
}

/** Forgets the code of (user, purpose, subject): for a code whose e-mail could not be sent, so asking again is not held back. */
export async function forgetCode({ db }: Pick<Capabilities, "db">, key: CodeKey): Promise<void> {
  await deleteCode(db, key);
}

/** Why a stored code cannot be accepted now, or null while it can. */
function closedState(code: StoredCode, now: number): { kind: "used" } | { kind: "expired" } | { kind: "locked" } | null {
  if (code.usedAt !== null) return { kind: "used" };
  if (code.expiresAt <= now) return { kind: "expired" };
  if (code.wrongAttempts >= ONE_TIME_CODE_MAX_WRONG_ATTEMPTS) return { kind: "locked" };
  return null;
}

/** Spends a live code; when another request got there first, says what the code is now. */
async function spend(db: Database, code: StoredCode, now: number, reread: () => Promise<StoredCode | null>): Promise<CodeCheck> {
  if (await spendCode(db, code.id, { now, maxWrongAttempts: ONE_TIME_CODE_MAX_WRONG_ATTEMPTS })) {
    return { kind: "accepted", target: code.target };
  }
  const current = await reread();
  if (current === null || current.id !== code.id) return { kind: "missing" };
  return closedState(current, now) ?? { kind: "used" };
}

/**
 * Checks a code typed by the user. Accepted once; a wrong code counts, and the fifth wrong one (`attemptsLeft: 0`)
 * locks the code until a new one is issued.
 */
export async function checkCode({ db, clock }: Deps, request: CodeKey & { code: string }): Promise<CodeCheck> {
  const now = clock.now();
  const key: CodeKey = { userId: request.userId, purpose: request.purpose, subjectId: request.subjectId };
  const stored = await findCode(db, key);
  if (stored === null) return { kind: "missing" };
  const closed = closedState(stored, now);
  if (closed !== null) return closed;
  if (await constantTimeEqual(await hashCode(stored.codeSalt, key, request.code.trim()), stored.codeHash)) {
    return spend(db, stored, now, () => findCode(db, key));
  }
  const wrongAttempts = await recordWrongCode(db, stored.id, ONE_TIME_CODE_MAX_WRONG_ATTEMPTS);
  if (wrongAttempts === null) {
    const current = await findCode(db, key);
    return current === null ? { kind: "missing" } : (closedState(current, now) ?? { kind: "locked" });
  }
  return { kind: "wrong", attemptsLeft: Math.max(0, ONE_TIME_CODE_MAX_WRONG_ATTEMPTS - wrongAttempts) };
}

export type LinkTokenCheck = CodeCheck & { purpose?: CodePurpose; userId?: string; subjectId?: string };

/** The code a link token belongs to, without spending it (null for a token that is not one of ours). */
async function codeOfLinkToken(db: Database, token: string): Promise<StoredCode | null> {
  if (!linkTokenSchema.safeParse(token).success) return null;
  return findCodeByLinkTokenHash(db, await sha256(token));
}

/**
 * What a link token is for and whether it would be accepted, without spending it: lets a page refuse a link of
 * another purpose before `checkLinkToken` spends it.
 */
export async function describeLinkToken({ db, clock }: Deps, token: string): Promise<LinkTokenCheck> {
  const stored = await codeOfLinkToken(db, token);
  if (stored === null) return { kind: "missing" };
  const about = { purpose: stored.purpose, userId: stored.userId, subjectId: stored.subjectId };
  return { ...(closedState(stored, clock.now()) ?? { kind: "accepted", target: stored.target }), ...about };
}

/**
 * Checks the token of a mailed link (the same code as the six digits, so using either spends both). A token that is
 * not ours is `missing`; tokens are 256 random bits, so wrong ones are not counted.
 */
export async function checkLinkToken({ db, clock }: Deps, token: string): Promise<LinkTokenCheck> {
  const now = clock.now();
  const stored = await codeOfLinkToken(db, token);
  if (stored === null) return { kind: "missing" };
  const about = { purpose: stored.purpose, userId: stored.userId, subjectId: stored.subjectId };
  const closed = closedState(stored, now);
  if (closed !== null) return { ...closed, ...about };
  return { ...(await spend(db, stored, now, () => codeOfLinkToken(db, token))), ...about };
}
