import { createHash } from "node:crypto";
import { authenticateClient, lookUpClient, redirectUriAllowed } from "./client-metadata.ts";
import { HANDLE_DOMAIN, findAccount, type EmulatorContext } from "./context.ts";
import { formFields, header, htmlReply, jsonReply, oauthError, redirectReply, type EmulatorRequest, type Reply } from "./http.ts";
import { newPlcDid, randomToken } from "./ids.ts";
import { DECIDE_FORM_PATH, authorizeErrorPage, authorizePage } from "./pages.ts";
import type { AuthorizationRequest, BlueskyAccount } from "./state.ts";

/**
 * AT Protocol OAuth as a PDS's authorization server speaks it: metadata documents, pushed authorization requests
 * (PAR) with PKCE S256 and DPoP, an approval page, the token endpoint (authorization code and refresh token, both
 * DPoP-bound) and revocation. Paths are those of the reference PDS.
 */
export const PAR_PATH = "/oauth/par";
export const AUTHORIZE_PATH = "/oauth/authorize";
export const DECIDE_PATH = DECIDE_FORM_PATH;
export const TOKEN_PATH = "/oauth/token";
export const REVOKE_PATH = "/oauth/revoke";

const REQUEST_LIFETIME_MS = 5 * 60 * 1000;
export const ACCESS_TOKEN_LIFETIME_S = 60 * 60;
/** A public client's session lasts two weeks on Bluesky; a confidential client's longer (not distinguished here). */
const REFRESH_TOKEN_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
const HANDLE_LABEL = /^[a-z0-9][a-z0-9-]{0,30}$/;
const SUPPORTED_SCOPES = ["atproto", "transition:generic", "transition:chat.bsky"];

export function protectedResourceMetadata(context: EmulatorContext): Reply {
  const origin = context.origin();
  return jsonReply(200, {
    resource: origin,
    authorization_servers: [origin],
    scopes_supported: [],
    bearer_methods_supported: ["header"],
    resource_documentation: "https://atproto.com",
  });
}

export function authorizationServerMetadata(context: EmulatorContext): Reply {
  const origin = context.origin();
  return jsonReply(200, {
    issuer: origin,
    scopes_supported: SUPPORTED_SCOPES,
    subject_types_supported: ["public"],
    response_types_supported: ["code"],
    response_modes_supported: ["query", "fragment"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    ui_locales_supported: ["en-US"],
    display_values_supported: ["page"],
    authorization_response_iss_parameter_supported: true,
    request_object_signing_alg_values_supported: ["none"],
    request_parameter_supported: false,
    request_uri_parameter_supported: true,
    require_request_uri_registration: true,
    jwks_uri: `${origin}/oauth/jwks`,
    authorization_endpoint: `${origin}${AUTHORIZE_PATH}`,
    token_endpoint: `${origin}${TOKEN_PATH}`,
    token_endpoint_auth_methods_supported: ["none", "private_key_jwt"],
    token_endpoint_auth_signing_alg_values_supported: ["ES256"],
    revocation_endpoint: `${origin}${REVOKE_PATH}`,
    pushed_authorization_request_endpoint: `${origin}${PAR_PATH}`,
    require_pushed_authorization_requests: true,
    dpop_signing_alg_values_supported: ["ES256"],
    protected_resources: [origin],
    client_id_metadata_document_supported: true,
  });
}

/** Every answer of the authorization server carries a fresh DPoP nonce. */
function withNonce(context: EmulatorContext, reply: Reply): Reply {
  return { ...reply, headers: { ...reply.headers, "DPoP-Nonce": context.dpop.nonce() } };
}

async function checkDpop(context: EmulatorContext, request: EmulatorRequest): Promise<{ jkt: string } | Reply> {
  const verdict = await context.dpop.verify(header(request, "dpop"), request.method, `${context.origin()}${request.url.pathname}`);
  if (!verdict.ok) return withNonce(context, oauthError(400, verdict.error, verdict.message));
  return { jkt: verdict.jkt };
}

const S256_VALUE = /^[A-Za-z0-9_-]{43}$/;

export async function pushedAuthorizationRequest(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const dpop = await checkDpop(context, request);
  if ("status" in dpop) return dpop;
  const form = formFields(request);
  const get = (name: string) => form.get(name) ?? "";
  const lookup = await lookUpClient(get("client_id"), context.now());
  if (!lookup.ok) return withNonce(context, oauthError(400, "invalid_client", lookup.message));
  const client = lookup.client;
  const authFailure = await authenticateClient(client, form, context.origin(), context.now());
  if (authFailure !== null) return withNonce(context, oauthError(400, "invalid_client", authFailure));
  if (get("response_type") !== "code")
    return withNonce(context, oauthError(400, "unsupported_response_type", 'response_type must be "code"'));
  const redirectUri = get("redirect_uri");
  if (!redirectUriAllowed(client, redirectUri)) return withNonce(context, oauthError(400, "invalid_request", "Invalid redirect_uri"));
  if (get("code_challenge_method") !== "S256" || !S256_VALUE.test(get("code_challenge"))) {
    return withNonce(context, oauthError(400, "invalid_request", "code_challenge with code_challenge_method S256 is required"));
  }
  const scopes = get("scope")
    .split(" ")
    .filter((scope) => scope.length > 0);
  if (!scopes.includes("atproto")) return withNonce(context, oauthError(400, "invalid_scope", 'The "atproto" scope is required'));
  const allowedByClient = new Set(client.scope.split(" "));
  const notAllowed = scopes.filter((scope) => !allowedByClient.has(scope));
  if (notAllowed.length > 0)
    return withNonce(context, oauthError(400, "invalid_scope", `Scope not declared by the client: ${notAllowed.join(" ")}`));
  const responseMode = get("response_mode") === "fragment" ? "fragment" : "query";
  const requestUri = `urn:ietf:params:oauth:request_uri:req-${randomToken(16)}`;
  context.state.requests.push({
    requestUri,
    clientId: get("client_id"),
    redirectUri,
    scope: scopes.join(" "),
    state: get("state"),
    codeChallenge: get("code_challenge"),
    dpopJkt: dpop.jkt,
    loginHint: form.get("login_hint"),
    responseMode,
    expiresAt: context.now() + REQUEST_LIFETIME_MS,
    code: null,
    did: null,
  });
  await context.save();
  return withNonce(context, jsonReply(201, { request_uri: requestUri, expires_in: REQUEST_LIFETIME_MS / 1000 }));
}

function pendingRequest(context: EmulatorContext, clientId: string, requestUri: string): AuthorizationRequest | undefined {
  return context.state.requests.find(
    (candidate) =>
      candidate.requestUri === requestUri &&
      candidate.clientId === clientId &&
      candidate.code === null &&
      candidate.expiresAt > context.now(),
  );
}

function callback(request: AuthorizationRequest, params: Record<string, string>, issuer: string): string {
  const url = new URL(request.redirectUri);
  const values = new URLSearchParams({ ...params, state: request.state, iss: issuer });
  if (request.responseMode === "fragment") url.hash = values.toString();
  else for (const [name, value] of values) url.searchParams.set(name, value);
  return url.toString();
}

export function createAccount(context: EmulatorContext, handle: string, displayName: string): BlueskyAccount {
  const now = context.now();
  const account = { did: newPlcDid(handle, now), handle, displayName, createdAt: now };
  context.state.accounts.push(account);
  return account;
}

/** A handle as typed ("ada" or "ada.bsky.test"), made whole, or null when it cannot be one. */
export function handleFrom(input: string): string | null {
  const label = input.trim().toLowerCase().replace(/^@/, "").replace(HANDLE_DOMAIN, "");
  return HANDLE_LABEL.test(label) ? `${label}${HANDLE_DOMAIN}` : null;
}

async function approve(context: EmulatorContext, pending: AuthorizationRequest, account: BlueskyAccount): Promise<Reply> {
  pending.code = `cod-${randomToken()}`;
  pending.did = account.did;
  pending.expiresAt = context.now() + REQUEST_LIFETIME_MS;
  await context.save();
  return redirectReply(callback(pending, { code: pending.code }, context.origin()));
}

export async function authorize(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const clientId = request.url.searchParams.get("client_id") ?? "";
  const requestUri = request.url.searchParams.get("request_uri") ?? "";
  const pending = pendingRequest(context, clientId, requestUri);
  if (pending === undefined)
    return htmlReply(400, authorizeErrorPage("This sign-in request is unknown or has expired. Start again from the app."));
  // For scripts and tests: `emulator_login={handle}` approves at once as that account (created if new).
  const login = request.url.searchParams.get("emulator_login");
  if (login !== null) {
    const handle = handleFrom(login);
    if (handle === null) return htmlReply(400, authorizeErrorPage("emulator_login is not a usable handle."));
    const account = findAccount(context.state, handle) ?? createAccount(context, handle, login);
    return approve(context, pending, account);
  }
  return htmlReply(
    200,
    authorizePage({ clientId, requestUri, scope: pending.scope, loginHint: pending.loginHint, accounts: context.state.accounts }),
  );
}

export async function decide(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = formFields(request);
  const clientId = form.get("client_id") ?? "";
  const requestUri = form.get("request_uri") ?? "";
  const pending = pendingRequest(context, clientId, requestUri);
  if (pending === undefined)
    return htmlReply(400, authorizeErrorPage("This sign-in request is unknown or has expired. Start again from the app."));
  const decision = form.get("decision") ?? "";
  if (decision === "deny") {
    context.state.requests = context.state.requests.filter((candidate) => candidate !== pending);
    await context.save();
    return redirectReply(callback(pending, { error: "access_denied", error_description: "Access denied" }, context.origin()));
  }
  if (decision === "create") {
    const handle = handleFrom(form.get("handle") ?? "");
    const showError = (error: string) =>
      htmlReply(
        400,
        authorizePage({
          clientId,
          requestUri,
          scope: pending.scope,
          loginHint: pending.loginHint,
          accounts: context.state.accounts,
          error,
        }),
      );
    if (handle === null) return showError("A handle is 1 to 31 letters, digits or hyphens.");
    if (findAccount(context.state, handle) !== undefined) return showError(`${handle} is taken.`);
    const displayName = (form.get("display_name") ?? "").trim().slice(0, 64);
    return approve(context, pending, createAccount(context, handle, displayName));
  }
  const account = context.state.accounts.find((candidate) => candidate.did === decision);
  if (account === undefined) return htmlReply(400, authorizeErrorPage("Choose an account."));
  return approve(context, pending, account);
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

function issueTokens(context: EmulatorContext, grant: { clientId: string; did: string; scope: string; dpopJkt: string }): Reply {
  const now = context.now();
  const token = {
    ...grant,
    accessToken: `acc-${randomToken()}`,
    refreshToken: `ref-${randomToken()}`,
    accessExpiresAt: now + ACCESS_TOKEN_LIFETIME_S * 1000,
    refreshExpiresAt: now + REFRESH_TOKEN_LIFETIME_MS,
  };
  context.state.tokens.push(token);
  return withNonce(
    context,
    jsonReply(200, {
      access_token: token.accessToken,
      token_type: "DPoP",
      refresh_token: token.refreshToken,
      scope: token.scope,
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      sub: token.did,
    }),
  );
}

export async function token(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const dpop = await checkDpop(context, request);
  if ("status" in dpop) return dpop;
  const form = formFields(request);
  const clientId = form.get("client_id") ?? "";
  const lookup = await lookUpClient(clientId, context.now());
  if (!lookup.ok) return withNonce(context, oauthError(400, "invalid_client", lookup.message));
  const authFailure = await authenticateClient(lookup.client, form, context.origin(), context.now());
  if (authFailure !== null) return withNonce(context, oauthError(400, "invalid_client", authFailure));
  const grantType = form.get("grant_type");
  if (grantType === "authorization_code") {
    const code = form.get("code") ?? "";
    const pending = context.state.requests.find((candidate) => candidate.code !== null && candidate.code === code);
    if (pending === undefined || pending.expiresAt <= context.now() || pending.clientId !== clientId || pending.did === null) {
      return withNonce(context, oauthError(400, "invalid_grant", "Invalid code"));
    }
    // A code is usable once, whatever happens next.
    context.state.requests = context.state.requests.filter((candidate) => candidate !== pending);
    if (form.get("redirect_uri") !== pending.redirectUri)
      return withNonce(context, oauthError(400, "invalid_grant", "Invalid redirect_uri"));
    if (s256(form.get("code_verifier") ?? "") !== pending.codeChallenge)
      return withNonce(context, oauthError(400, "invalid_grant", "Invalid code_verifier"));
    if (dpop.jkt !== pending.dpopJkt) return withNonce(context, oauthError(400, "invalid_dpop_key_binding", "DPoP key mismatch"));
    const reply = issueTokens(context, { clientId, did: pending.did, scope: pending.scope, dpopJkt: dpop.jkt });
    await context.save();
    return reply;
  }
  if (grantType === "refresh_token") {
    const refreshToken = form.get("refresh_token") ?? "";
    const existing = context.state.tokens.find((candidate) => candidate.refreshToken === refreshToken);
    if (existing === undefined || existing.refreshExpiresAt <= context.now() || existing.clientId !== clientId) {
      return withNonce(context, oauthError(400, "invalid_grant", "Invalid refresh token"));
    }
    if (existing.dpopJkt !== dpop.jkt) return withNonce(context, oauthError(400, "invalid_dpop_key_binding", "DPoP key mismatch"));
    // Refresh tokens rotate: the old pair stops working.
    context.state.tokens = context.state.tokens.filter((candidate) => candidate !== existing);
    const reply = issueTokens(context, existing);
    await context.save();
    return reply;
  }
  return withNonce(context, oauthError(400, "unsupported_grant_type", "grant_type must be authorization_code or refresh_token"));
}

export async function revoke(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = formFields(request);
  const value = form.get("token") ?? "";
  context.state.tokens = context.state.tokens.filter((candidate) => candidate.accessToken !== value && candidate.refreshToken !== value);
  await context.save();
  return withNonce(context, jsonReply(200, {}));
}
