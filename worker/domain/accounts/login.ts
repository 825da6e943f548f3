import type { Clock } from "../../clock.ts";
import { XApiError, type XClient } from "../../clients/x-client.ts";
import { scopesByFlow, type LoginFlow, type LoginParams } from "../../contracts/login.ts";
import { upsertAttributionStatement } from "../../db/attribution.ts";
import { insertOAuthState, takeOAuthState } from "../../db/oauth-states.ts";
import { insertNotificationStatement } from "../../db/notifications.ts";
import { upsertUserFromX } from "../../db/users.ts";
import { welcomeNotification } from "../notifications/events.ts";
import { pkceChallenge, randomToken, sha256 } from "../../security/tokens.ts";
import { safeRedirectTarget } from "./redirect-targets.ts";
import { startSession, type StartedSession } from "./sessions.ts";
import { storeXTokens } from "./x-credentials.ts";

/** A sign-in must come back from X within 10 minutes. */
export const LOGIN_STATE_TTL = 10 * 60 * 1000;

export type LoginDeps = {
  db: D1Database;
  clock: Clock;
  xClient: XClient;
  encryptionKey: string;
  isServedOrigin: (origin: string) => Promise<boolean>;
};

/**
 * Starts a sign-in: a one-time state (stored hashed, with the PKCE verifier and the login's values) bound to this
 * browser through `browserBinding`, a random value the browser keeps in an HttpOnly cookie.
 */
export async function startLogin(
  { db, clock, xClient }: Pick<LoginDeps, "db" | "clock" | "xClient">,
  login: { flow: LoginFlow; params: LoginParams; requestOrigin: string; browserBinding: string },
): Promise<string> {
  const state = randomToken(32);
  const codeVerifier = randomToken(48);
  const redirectUri = `${login.requestOrigin}/auth/twitter/callback`;
  const now = clock.now();
  await insertOAuthState(db, {
    stateHash: await sha256(state),
    flow: login.flow,
    codeVerifier,
    browserBindingHash: await sha256(login.browserBinding),
    redirectUri,
    loginParams: login.params,
    createdAt: now,
    expiresAt: now + LOGIN_STATE_TTL,
  });
  return xClient.authorizeUrl({
    redirectUri,
    scopes: scopesByFlow[login.flow],
    state,
    codeChallenge: await pkceChallenge(codeVerifier),
  });
}

export type LoginFailure = "invalid_state" | "expired" | "access_denied" | "unavailable" | "x_error";

export type LoginOutcome =
  | { kind: "signed-in"; session: StartedSession; userId: string; created: boolean; redirectTo: URL }
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
  return safeRedirectTarget(params.afterLoginRedirectUrl, requestOrigin, deps.isServedOrigin);
}

/** `GET /auth/twitter/callback`: checks the state, trades the code for X's tokens and signs the user in. */
export async function completeLogin(
  deps: LoginDeps,
  callback: { state: string; code?: string; error?: string; browserBinding: string | undefined; requestOrigin: string },
): Promise<LoginOutcome> {
  const { db, clock, xClient } = deps;
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
    return { kind: "failed", reason: "x_error" };
  }

  let tokens;
  let profile;
  try {
    tokens = await xClient.exchangeCode({ code: callback.code, redirectUri: stored.redirectUri, codeVerifier: stored.codeVerifier });
    profile = await xClient.me(tokens.accessToken);
  } catch (error) {
    if (error instanceof XApiError) return { kind: "failed", reason: error.status >= 500 ? "unavailable" : "x_error" };
    throw error;
  }

  const now = clock.now();
  // Every flow only signs the person in: the advertiser role comes from membership of an advertiser account, which
  // only an invitation gives (docs/decisions/017-advertiser-accounts.md), never from the advertiser login.
  const { userId, created } = await upsertUserFromX(
    db,
    { xUserId: profile.id, handle: profile.handle, name: profile.name, avatarUrl: profile.avatarUrl },
    ["creator"],
    now,
  );
  await Promise.all([
    storeXTokens({ db, clock, encryptionKey: deps.encryptionKey }, userId, tokens),
    db.batch([
      upsertAttributionStatement(db, userId, stored.loginParams, now),
      ...(created ? [insertNotificationStatement(db, welcomeNotification(userId, now))] : []),
    ]),
  ]);
  const session = await startSession({ db, clock }, { userId, realUserId: null });
  const redirectTo = await afterLoginTarget(deps, stored.flow, stored.loginParams, callback.requestOrigin);
  return { kind: "signed-in", session, userId, created, redirectTo };
}

/** How long the browser-binding cookie lives: as long as a state may. */
export const BROWSER_BINDING_MAX_AGE = LOGIN_STATE_TTL / 1000;
