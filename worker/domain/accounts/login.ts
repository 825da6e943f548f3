import { AppError } from "../../contracts/errors.ts";
import { MAX_LOGIN_VALUES_BYTES, type LoginFlow, type LoginParams } from "../../contracts/login.ts";
import { upsertAttributionStatement } from "../../db/attribution.ts";
import { deleteExpiredOAuthStates, insertOAuthState, takeOAuthState } from "../../db/oauth-states.ts";
import { insertNotificationStatement } from "../../db/notifications.ts";
import { callbackPath } from "../../contracts/networks/accounts.ts";
import { networks, type Network } from "../../contracts/networks/rules.ts";
import { NetworkError, type AuthorizationPurpose, type NetworkAuthorization, type NetworkDeps } from "../networks/adapter.ts";
import { networksFor, type Networks } from "../networks/registry.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../database.ts";
import { welcomeNotification } from "../notifications/events.ts";
import { randomToken, sha256 } from "../../security/tokens.ts";
import { safeRedirectTarget } from "./redirect-targets.ts";
import { startSession, type StartedSession } from "./sessions.ts";

/** A sign-in must come back from the network within 10 minutes. */
export const LOGIN_STATE_TTL = 10 * 60 * 1000;

export type LoginDeps = NetworkDeps & { isServedOrigin: (origin: string) => Promise<boolean> };

/** What each flow asks the network for: the writer login asks to publish too. */
const purposeOf: Record<LoginFlow, AuthorizationPurpose> = { read: "sign-in", write: "publish", advertiser: "sign-in", link: "publish" };

const utf8 = new TextEncoder();
const byteLength = (text: string) => utf8.encode(text).byteLength;

/**
 * Refuses a sign-in whose values would store more than MAX_LOGIN_VALUES_BYTES, naming the largest values (those
 * without which it would fit). Refused rather than trimmed: a dropped utm value would silently credit the sign-up to
 * the wrong source, and no link of the app comes near the limit.
 */
function checkLoginValuesSize(params: LoginParams): void {
  let total = byteLength(JSON.stringify(params));
  if (total <= MAX_LOGIN_VALUES_BYTES) return;
  const bySize = Object.entries(params)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string")
    .map(([name, text]) => ({ name, bytes: byteLength(JSON.stringify(text)) + byteLength(JSON.stringify(name)) + 2 }))
    .sort((a, b) => b.bytes - a.bytes);
  const atFault: string[] = [];
  for (const value of bySize) {
    if (total <= MAX_LOGIN_VALUES_BYTES) break;
    atFault.push(value.name);
    total -= value.bytes;
  }
  throw new AppError(
    400,
    "login_values_too_large",
    `This sign-in link carries more than ${MAX_LOGIN_VALUES_BYTES / 1024} KB of values (${atFault.join(", ")} are the largest). Start the sign-in again from the app.`,
    atFault.map((name) => ({ loc: ["query", name], msg: `together the values may be at most ${MAX_LOGIN_VALUES_BYTES} bytes` })),
  );
}

/**
 * Starts a sign-in: a one-time state (stored hashed, with the PKCE verifier and the login's values) bound to this
 * browser through `browserBinding`, a random value the browser keeps in an HttpOnly cookie.
 */
export async function startLogin(
  deps: NetworkDeps,
  login: {
    flow: LoginFlow;
    params: LoginParams;
    requestOrigin: string;
    browserBinding: string;
    network: Network;
    /** The handle a person typed, for networks that find the account's server from it (Bluesky). */
    loginHint?: string;
  },
): Promise<string> {
  const { db, clock } = deps;
  const { network } = login;
  checkLoginValuesSize(login.params);
  const state = randomToken(32);
  const codeVerifier = randomToken(48);
  const redirectUri = `${login.requestOrigin}${callbackPath(network)}`;
  const now = clock.now();
  await insertOAuthState(db, {
    stateHash: await sha256(state),
    network,
    flow: login.flow,
    codeVerifier,
    browserBindingHash: await sha256(login.browserBinding),
    redirectUri,
    loginParams: login.params,
    createdAt: now,
    expiresAt: now + LOGIN_STATE_TTL,
  });
  return networksFor(deps)(network).authorizationUrl({
    purpose: purposeOf[login.flow],
    redirectUri,
    state,
    codeVerifier,
    ...(login.loginHint === undefined ? {} : { loginHint: login.loginHint }),
  });
}

export type LoginFailure =
  "invalid_state" | "expired" | "access_denied" | "unavailable" | "network_error" | "not_signed_in" | "account_taken";

export type LoginOutcome =
  | { kind: "signed-in"; session: StartedSession; userId: string; created: boolean; redirectTo: URL }
  | { kind: "linked"; userId: string; redirectTo: URL }
  | { kind: "cancelled"; redirectTo: URL }
  | { kind: "failed"; reason: LoginFailure };

/** Where the browser goes after a successful login of each flow. */
async function afterLoginTarget(deps: LoginDeps, flow: LoginFlow, params: LoginParams, requestOrigin: string): Promise<URL> {
  if (flow === "write" && params.afterLoginRedirectUrl === undefined) {
    // The writer login returns to the page the creator was on, reopening what they had open (SPEC.md section 2).
    const target = await safeRedirectTarget(params.page_path, requestOrigin, deps.isServedOrigin);
    if (params.modal_to_open !== undefined) target.searchParams.set("modal_to_open", params.modal_to_open);
    return target;
  }
  // The advertiser login lands in the advertiser's console, the other logins on the site root.
  // A link returns to the settings, where it was started.
  const fallbackPath = flow === "advertiser" ? "/advertiser" : flow === "link" ? "/profile/settings" : "/";
  return safeRedirectTarget(params.afterLoginRedirectUrl, requestOrigin, deps.isServedOrigin, fallbackPath);
}

/** A network's callback: checks the state, trades the code for the network's credentials and signs the user in (or links the account). */
export async function completeLogin(
  deps: LoginDeps,
  callback: {
    state: string;
    code?: string;
    error?: string;
    browserBinding: string | undefined;
    requestOrigin: string;
    /** Every parameter the network sent back, when its adapter needs more than code and state (Bluesky: `iss`). */
    params?: URLSearchParams;
    /** The user signed in to Chorus in this browser, who may link an account (the `link` flow). */
    signedInUserId?: string | null;
  },
): Promise<LoginOutcome> {
  const { db, clock } = deps;
  const stored = await takeOAuthState(db, await sha256(callback.state));
  if (stored === null || callback.browserBinding === undefined) return { kind: "failed", reason: "invalid_state" };
  if ((await sha256(callback.browserBinding)) !== stored.browserBindingHash) return { kind: "failed", reason: "invalid_state" };
  if (stored.expiresAt <= clock.now()) return { kind: "failed", reason: "expired" };

  if (callback.error !== undefined || callback.code === undefined) {
    if (callback.error === "access_denied") {
      const redirectTo = await safeRedirectTarget(stored.loginParams.onCancelLoginRedirectUrl, callback.requestOrigin, deps.isServedOrigin);
      redirectTo.searchParams.set("login", "cancelled");
      return { kind: "cancelled", redirectTo };
    }
    return { kind: "failed", reason: "network_error" };
  }

  let authorization: NetworkAuthorization;
  try {
    authorization = await networksFor(deps)(stored.network).completeAuthorization({
      params: callback.params ?? new URLSearchParams({ code: callback.code, state: callback.state }),
      redirectUri: stored.redirectUri,
      codeVerifier: stored.codeVerifier,
    });
  } catch (error) {
    if (error instanceof NetworkError) return { kind: "failed", reason: error.kind === "unavailable" ? "unavailable" : "network_error" };
    throw error;
  }

  const now = clock.now();
  if (stored.flow === "link") {
    // Linking proves both: the person is signed in to Chorus here, and has just authorized the network account.
    if (callback.signedInUserId === undefined || callback.signedInUserId === null) return { kind: "failed", reason: "not_signed_in" };
    try {
      await authorization.linkTo(callback.signedInUserId, now);
    } catch (error) {
      if (error instanceof NetworkError && error.kind === "account-taken") return { kind: "failed", reason: "account_taken" };
      throw error;
    }
    const redirectTo = await afterLoginTarget(deps, stored.flow, stored.loginParams, callback.requestOrigin);
    return { kind: "linked", userId: callback.signedInUserId, redirectTo };
  }
  // Every flow only signs the person in: the advertiser role comes from membership of an advertiser account, which
  // only an invitation gives (docs/decisions/017-advertiser-accounts.md), never from the advertiser login.
  const { userId, created } = await authorization.signIn(now);
  await db.batch([
    upsertAttributionStatement(db, userId, stored.loginParams, now),
    ...(created ? [insertNotificationStatement(db, welcomeNotification(userId, now))] : []),
  ]);
  const session = await startSession({ db, clock }, { userId, realUserId: null });
  const redirectTo = await afterLoginTarget(deps, stored.flow, stored.loginParams, callback.requestOrigin);
  return { kind: "signed-in", session, userId, created, redirectTo };
}

export const loginStateSweepLimits = { batchSize: 500, maxBatches: 10 };

/**
 * Deletes abandoned sign-ins (states past their expiry), run by the scheduler every minute: in batches of
 * `batchSize` rows, at most `maxBatches` per run, so a flood of sign-in starts is cleared within minutes without one
 * run holding the database. Returns how many were deleted.
 */
export async function sweepExpiredLoginStates(
  { db, clock, networks: adapters }: { db: Database; clock: Clock; networks: Networks },
  limits: { batchSize: number; maxBatches: number } = loginStateSweepLimits,
): Promise<number> {
  const now = clock.now();
  let swept = 0;
  for (let batch = 0; batch < limits.maxBatches; batch += 1) {
    const deleted = await deleteExpiredOAuthStates(db, now, limits.batchSize);
    swept += deleted;
    if (deleted < limits.batchSize) break;
  }
  // Networks whose OAuth client keeps its own state for each sign-in have theirs swept too.
  for (const network of networks) {
    for (let batch = 0; batch < limits.maxBatches; batch += 1) {
      const deleted = await adapters(network).sweepExpiredSignIns(now, limits.batchSize);
      swept += deleted;
      if (deleted < limits.batchSize) break;
    }
  }
  return swept;
}

/** How long the browser-binding cookie lives: as long as a state may. */
export const BROWSER_BINDING_MAX_AGE = LOGIN_STATE_TTL / 1000;
