import { DAY, HOUR, type Clock } from "../../clock.ts";
import type { TokenPair } from "../../contracts/current-user.ts";
import { AppError } from "../../contracts/errors.ts";
import { withNextBatch } from "../../db/query.ts";
import { keepBounded } from "../../isolate-memory.ts";
import {
  findSession,
  insertRefreshTokenStatement,
  insertSessionStatement,
  revokeSession,
  sessionNotRevokedQuery,
  spendRefreshToken,
  type SessionRecord,
} from "../../db/sessions.ts";
import { randomToken, sha256 } from "../../security/tokens.ts";
import { signAccessToken, verifyAccessToken } from "./access-tokens.ts";
import type { Database } from "../../database.ts";

export const SESSION_TTL = 30 * DAY;
/** An admin acting as someone (admin spoofing) is signed out after this, whatever the cookie says. */
export const IMPERSONATION_TTL = HOUR;
/**
 * Two tabs refreshing at once present the same token; within this window that is a race, not a theft. Kept short
 * (RFC 9700 4.14.2): a copied token replayed later than this revokes the session.
 */
export const REFRESH_REUSE_GRACE = 2_000;

/** Messages starting with "X:" tell the browser the session is over for good (SPEC.md section 8). */
export const sessionEnded = () => new AppError(401, "session_ended", "X: Your session has ended. Please sign in again.");

type Deps = { db: Database; signingKey: string; clock: Clock };

export type StartedSession = { sessionId: string; cookieValue: string; expiresAt: number };

/**
 * A new session for a browser: the cookie value is `{sessionId}.{secret}`, and only the secret's hash is stored. An
 * admin acting as someone (`realUserId`) gets an hour instead of 30 days; the expiry is checked on every request.
 */
export async function startSession(
  { db, clock }: Omit<Deps, "signingKey">,
  subject: { userId: string; realUserId: string | null },
): Promise<StartedSession> {
  const sessionId = `ses_${randomToken(12)}`;
  const secret = randomToken(32);
  const now = clock.now();
  const expiresAt = now + (subject.realUserId === null ? SESSION_TTL : IMPERSONATION_TTL);
  await insertSessionStatement(db, {
    id: sessionId,
    userId: subject.userId,
    realUserId: subject.realUserId,
    cookieSecretHash: await sha256(secret),
    createdAt: now,
    expiresAt,
  }).run();
  return { sessionId, cookieValue: `${sessionId}.${secret}`, expiresAt };
}

function isLive(session: SessionRecord | null, now: number): session is SessionRecord {
  return session !== null && session.revokedAt === null && session.expiresAt > now;
}

/*
 * Sessions this isolate has read live. A session row never changes after it is written except to be revoked (its
 * user, its real user, its secret's hash and its expiry are fixed), so only the revocation has to be read again.
 */
const MAX_KNOWN_SESSIONS = 10_000;
const knownSessions = new Map<string, SessionRecord>();

async function readLiveSession(db: Database, sessionId: string, now: number): Promise<SessionRecord | null> {
  const session = await findSession(db, sessionId);
  if (!isLive(session, now)) return null;
  keepBounded(knownSessions, session.id, session, MAX_KNOWN_SESSIONS);
  return session;
}

/**
 * A session for a request that only reads (a page, its JSON): `stillLive` says whether it was live when the request's
 * data was read, and must be awaited before anything read for it is answered. For a session this isolate knows, the
 * revocation check costs no round trip of its own: it goes out with the request's first D1 batch, in the same
 * transaction as the page's reads. Anything that writes uses `sessionFromCookie` or `liveSessionForToken`.
 */
export type SessionForReads = { session: SessionRecord; stillLive: () => Promise<boolean> };

const alreadyChecked = () => Promise.resolve(true);

/** `belongs`: whether the session is the one the request presents (its cookie's secret, say). */
async function claimSession(
  db: Database,
  sessionId: string,
  now: number,
  belongs: (session: SessionRecord) => boolean = () => true,
): Promise<SessionForReads | null> {
  const known = knownSessions.get(sessionId);
  if (known === undefined) {
    const session = await readLiveSession(db, sessionId, now);
    return session === null || !belongs(session) ? null : { session, stillLive: alreadyChecked };
  }
  if (!isLive(known, now) || !belongs(known)) return null;
  return { session: known, stillLive: withNextBatch(db, sessionNotRevokedQuery(db, sessionId)) };
}

function cookieParts(cookieValue: string | undefined): { sessionId: string; secret: string } | null {
  const [sessionId, secret] = (cookieValue ?? "").split(".");
  return sessionId && secret ? { sessionId, secret } : null;
}

/*
 * Cookies whose secret this isolate has found to match their session's, by the whole cookie value (the secret in it),
 * so that a session's later pages skip hashing it again; as verified bearer tokens are remembered (access-tokens.ts).
 */
const matchedCookies = new Map<string, true>();

/** For a page request that only reads: the session a cookie names, or null (absent, forged, expired). */
export async function sessionFromCookieForReads(
  { db, clock }: Omit<Deps, "signingKey">,
  cookieValue: string | undefined,
): Promise<SessionForReads | null> {
  const parts = cookieParts(cookieValue);
  if (cookieValue === undefined || parts === null) return null;
  if (matchedCookies.has(cookieValue)) return claimSession(db, parts.sessionId, clock.now());
  const secretHash = await sha256(parts.secret);
  const claimed = await claimSession(db, parts.sessionId, clock.now(), (session) => session.cookieSecretHash === secretHash);
  if (claimed !== null) keepBounded(matchedCookies, cookieValue, true, MAX_KNOWN_SESSIONS);
  return claimed;
}

/** The live session a cookie names, or null (absent, forged, expired or revoked). */
export async function sessionFromCookie(
  { db, clock }: Omit<Deps, "signingKey">,
  cookieValue: string | undefined,
): Promise<SessionRecord | null> {
  const parts = cookieParts(cookieValue);
  if (parts === null) return null;
  const session = await readLiveSession(db, parts.sessionId, clock.now());
  if (session === null || session.cookieSecretHash !== (await sha256(parts.secret))) return null;
  return session;
}

/** A fresh access token and a new refresh token of the session's family. */
export async function issueTokens({ db, signingKey, clock }: Deps, session: SessionRecord): Promise<TokenPair> {
  const refreshToken = randomToken(32);
  const now = clock.now();
  await insertRefreshTokenStatement(db, {
    tokenHash: await sha256(refreshToken),
    sessionId: session.id,
    createdAt: now,
    expiresAt: session.expiresAt,
  }).run();
  const accessToken = await signAccessToken(signingKey, clock, {
    userId: session.userId,
    sessionId: session.id,
    realUserId: session.realUserId,
  });
  return { accessToken, refreshToken };
}

/**
 * `POST /auth/token`: spends the refresh token and answers a new pair. A token spent before (beyond a short
 * grace for racing tabs) means it was copied: the whole session is revoked.
 */
export async function refreshTokens(deps: Deps, pair: TokenPair): Promise<TokenPair> {
  const { db, signingKey, clock } = deps;
  const claims = await verifyAccessToken(pair.accessToken, signingKey, clock, { allowExpired: true });
  const now = clock.now();
  const spent = await spendRefreshToken(db, { tokenHash: await sha256(pair.refreshToken), sessionId: claims.sessionId }, now);
  if (spent === null) {
    throw new AppError(401, "invalid_refresh_token", "Refresh token not recognised");
  }
  if (!spent.spentNow) {
    if (spent.usedAt !== null && now - spent.usedAt <= REFRESH_REUSE_GRACE) {
      throw new AppError(401, "refresh_token_used", "Refresh token already used");
    }
    await revokeSession(db, claims.sessionId, "refresh-token-reuse", now);
    throw sessionEnded();
  }
  const session = await findSession(db, claims.sessionId);
  if (!isLive(session, now) || spent.expiresAt <= now) throw sessionEnded();
  return issueTokens(deps, session);
}

export async function endSession({ db, clock }: Omit<Deps, "signingKey">, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, "signed-out", clock.now());
}

/** For a bearer token: the session must still be live (sign-out and reuse detection end it at once). */
export async function liveSessionForToken({ db, signingKey, clock }: Deps, accessToken: string): Promise<SessionRecord> {
  const claims = await verifyAccessToken(accessToken, signingKey, clock);
  const session = await readLiveSession(db, claims.sessionId, clock.now());
  if (session === null) throw sessionEnded();
  return session;
}

/** For a bearer token on a request that only reads: as `sessionFromCookieForReads`; a session that has ended is a 401. */
export async function sessionForTokenReads({ db, signingKey, clock }: Deps, accessToken: string): Promise<SessionForReads> {
  const claims = await verifyAccessToken(accessToken, signingKey, clock);
  const claim = await claimSession(db, claims.sessionId, clock.now());
  if (claim === null) throw sessionEnded();
  return claim;
}
