import { KNOWN_SCOPES, basicAuthMatches, redirectUriAllowed } from "./client.ts";
import { findAccountByUsername, profileImageUrl, type EmulatorContext } from "./context.ts";
import { header, htmlReply, jsonReply, redirectReply, type EmulatorRequest, type Reply } from "./http.ts";
import { nextSnowflake, randomToken } from "./ids.ts";
import { authorizeErrorPage, authorizePage, type AuthorizeFormFields } from "./pages.ts";
import { isPkceValue, verifierMatches } from "./pkce.ts";
import type { CodeChallengeMethod, XAccount } from "./state.ts";

/** X's authorization codes live 30 s; ten minutes here, so someone stepping through by hand is not rushed. */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const ACCESS_TOKEN_LIFETIME_S = 7200;
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const MAX_NAME_LENGTH = 50;
const MAX_STATE_LENGTH = 500;

type AuthorizeRequest = {
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
  codeChallengeMethod: CodeChallengeMethod;
  /** The parameters exactly as received, for the page's forms. */
  fields: AuthorizeFormFields;
};

const AUTHORIZE_PARAMETERS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

function parseAuthorize(params: URLSearchParams, context: EmulatorContext): AuthorizeRequest | { error: string } {
  const get = (name: string) => params.get(name) ?? "";
  const clientId = get("client_id");
  if (clientId === "") return { error: "Missing required parameter: client_id." };
  if (clientId !== context.client.id) return { error: `Unknown client_id "${clientId}".` };
  const redirectUri = get("redirect_uri");
  if (redirectUri === "") return { error: "Missing required parameter: redirect_uri." };
  if (!redirectUriAllowed(context.client, redirectUri)) {
    return { error: `redirect_uri "${redirectUri}" is not registered for this App.` };
  }
  if (get("response_type") !== "code") return { error: 'response_type must be "code".' };
  const scopes = get("scope")
    .split(" ")
    .filter((scope) => scope.length > 0);
  if (scopes.length === 0) return { error: "Missing required parameter: scope." };
  const unknown = scopes.filter((scope) => !KNOWN_SCOPES.has(scope));
  if (unknown.length > 0) return { error: `Unknown scope: ${unknown.join(", ")}.` };
  const state = get("state");
  if (state === "") return { error: "Missing required parameter: state." };
  if (state.length > MAX_STATE_LENGTH) return { error: `state is longer than ${MAX_STATE_LENGTH} characters.` };
  const method = get("code_challenge_method");
  const codeChallengeMethod = method.toUpperCase() === "S256" ? "S256" : method === "plain" ? "plain" : null;
  if (codeChallengeMethod === null) return { error: 'code_challenge_method must be "S256" or "plain".' };
  const codeChallenge = get("code_challenge");
  if (!isPkceValue(codeChallenge)) {
    return { error: "code_challenge must be 43 to 128 characters of A–Z, a–z, 0–9, -, ., _ or ~." };
  }
  const fields: AuthorizeFormFields = {};
  for (const name of AUTHORIZE_PARAMETERS) fields[name] = get(name);
  return { redirectUri, scopes: [...new Set(scopes)], state, codeChallenge, codeChallengeMethod, fields };
}

function withQuery(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

async function approve(context: EmulatorContext, request: AuthorizeRequest, account: XAccount): Promise<Reply> {
  const code = randomToken();
  context.state.codes.push({
    code,
    clientId: context.client.id,
    accountId: account.id,
    redirectUri: request.redirectUri,
    scopes: request.scopes,
    codeChallenge: request.codeChallenge,
    codeChallengeMethod: request.codeChallengeMethod,
    expiresAt: context.now() + CODE_LIFETIME_MS,
  });
  await context.save();
  return redirectReply(withQuery(request.redirectUri, { state: request.state, code }));
}

function deny(request: AuthorizeRequest): Reply {
  return redirectReply(
    withQuery(request.redirectUri, {
      error: "access_denied",
      error_description: "The user denied the App access to their account.",
      state: request.state,
    }),
  );
}

function createAccount(context: EmulatorContext, username: string, name: string): XAccount {
  const now = context.now();
  const account = { id: nextSnowflake(context.state, now), username, name, createdAt: now };
  context.state.accounts.push(account);
  return account;
}

function showPage(
  context: EmulatorContext,
  request: AuthorizeRequest,
  status: number,
  extra: { error?: string; entered?: { username: string; name: string } } = {},
): Reply {
  return htmlReply(
    status,
    authorizePage({
      clientId: context.client.id,
      scopes: request.scopes,
      accounts: context.state.accounts,
      fields: request.fields,
      avatarUrl: (account) => profileImageUrl(context, account),
      ...extra,
    }),
  );
}

/** GET /i/oauth2/authorize */
export async function authorize(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const parsed = parseAuthorize(request.url.searchParams, context);
  if ("error" in parsed) return htmlReply(400, authorizeErrorPage(parsed.error));
  // Scripts and tests sign in without the page: `emulator_login=<handle>` approves at once, creating the account.
  const login = request.url.searchParams.get("emulator_login");
  if (login !== null) {
    const username = login.replace(/^@/, "");
    if (!USERNAME.test(username)) {
      return htmlReply(400, authorizeErrorPage("emulator_login must be a handle of 1 to 15 letters, digits or underscores."));
    }
    const account = findAccountByUsername(context.state, username) ?? createAccount(context, username, username);
    return approve(context, parsed, account);
  }
  return showPage(context, parsed, 200);
}

/** POST /i/oauth2/authorize/decide: the authorize page's forms. */
export async function decide(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = new URLSearchParams(request.body);
  const parsed = parseAuthorize(form, context);
  if ("error" in parsed) return htmlReply(400, authorizeErrorPage(parsed.error));
  const decision = form.get("decision");
  if (decision === "cancel") return deny(parsed);
  if (decision === "approve") {
    const accountId = form.get("account_id");
    const account = context.state.accounts.find((candidate) => candidate.id === accountId);
    if (account === undefined) return showPage(context, parsed, 400, { error: "That account no longer exists. Pick another one." });
    return approve(context, parsed, account);
  }
  if (decision === "create") {
    const username = (form.get("username") ?? "").trim().replace(/^@/, "");
    const name = (form.get("name") ?? "").trim();
    const entered = { username, name };
    if (!USERNAME.test(username)) {
      return showPage(context, parsed, 400, { error: "A handle has 1 to 15 letters, digits or underscores.", entered });
    }
    if (name.length > MAX_NAME_LENGTH) {
      return showPage(context, parsed, 400, { error: `A display name has at most ${MAX_NAME_LENGTH} characters.`, entered });
    }
    const existing = findAccountByUsername(context.state, username);
    if (existing !== undefined) {
      return showPage(context, parsed, 400, {
        error: `@${existing.username} already exists: choose it from the list above, or pick another handle.`,
        entered,
      });
    }
    return approve(context, parsed, createAccount(context, username, name === "" ? username : name));
  }
  return showPage(context, parsed, 400, { error: "Choose an account, create one, or cancel." });
}

function oauthError(status: number, error: string, description: string): Reply {
  return jsonReply(status, { error, error_description: description });
}

const invalidRequest = (description: string) => oauthError(400, "invalid_request", description);
const missing = (name: string) => invalidRequest(`Missing required parameter [${name}].`);

async function issueTokens(context: EmulatorContext, grant: { accountId: string; scopes: string[] }): Promise<Reply> {
  const now = context.now();
  const accessToken = randomToken();
  context.state.accessTokens.push({
    token: accessToken,
    clientId: context.client.id,
    accountId: grant.accountId,
    scopes: grant.scopes,
    expiresAt: now + ACCESS_TOKEN_LIFETIME_S * 1000,
  });
  let refreshToken: string | undefined;
  if (grant.scopes.includes("offline.access")) {
    refreshToken = randomToken();
    context.state.refreshTokens.push({
      token: refreshToken,
      clientId: context.client.id,
      accountId: grant.accountId,
      scopes: grant.scopes,
      issuedAt: now,
    });
  }
  await context.save();
  return jsonReply(200, {
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_LIFETIME_S,
    access_token: accessToken,
    scope: grant.scopes.join(" "),
    ...(refreshToken === undefined ? {} : { refresh_token: refreshToken }),
  });
}

function clientCheck(request: EmulatorRequest, context: EmulatorContext, form: URLSearchParams): Reply | null {
  if (!basicAuthMatches(context.client, header(request, "authorization"))) {
    return oauthError(401, "unauthorized_client", "Missing valid authorization header");
  }
  const clientId = form.get("client_id");
  if (clientId !== null && clientId !== context.client.id) return invalidRequest("Value passed for the client id was invalid.");
  return null;
}

function formOf(request: EmulatorRequest): URLSearchParams | null {
  const contentType = header(request, "content-type") ?? "";
  return contentType.toLowerCase().startsWith("application/x-www-form-urlencoded") ? new URLSearchParams(request.body) : null;
}

/** POST /2/oauth2/token */
export async function token(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = formOf(request);
  if (form === null) return invalidRequest("Content-Type must be application/x-www-form-urlencoded.");
  const refused = clientCheck(request, context, form);
  if (refused !== null) return refused;
  const grantType = form.get("grant_type");
  if (grantType === null) return missing("grant_type");

  if (grantType === "authorization_code") {
    const code = form.get("code");
    if (code === null) return missing("code");
    const redirectUri = form.get("redirect_uri");
    if (redirectUri === null) return missing("redirect_uri");
    const verifier = form.get("code_verifier");
    if (verifier === null) return missing("code_verifier");
    const stored = context.state.codes.find((candidate) => candidate.code === code);
    if (stored === undefined || stored.expiresAt <= context.now() || stored.clientId !== context.client.id) {
      return invalidRequest("Value passed for the authorization code was invalid.");
    }
    if (stored.redirectUri !== redirectUri) return invalidRequest("Value passed for the redirect uri parameter was not valid.");
    if (!verifierMatches(verifier, stored.codeChallenge, stored.codeChallengeMethod)) {
      return invalidRequest("Value passed for the code verifier did not match the code challenge.");
    }
    context.state.codes = context.state.codes.filter((candidate) => candidate !== stored);
    return issueTokens(context, stored);
  }

  if (grantType === "refresh_token") {
    const refreshToken = form.get("refresh_token");
    if (refreshToken === null) return missing("refresh_token");
    const stored = context.state.refreshTokens.find((candidate) => candidate.token === refreshToken);
    if (stored === undefined || stored.clientId !== context.client.id) {
      return invalidRequest("Value passed for the token was invalid.");
    }
    // Rotation: a refresh token works once; the answer carries its successor.
    context.state.refreshTokens = context.state.refreshTokens.filter((candidate) => candidate !== stored);
    return issueTokens(context, stored);
  }

  return invalidRequest("Value passed for the grant type was invalid.");
}

/** POST /2/oauth2/revoke */
export async function revoke(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const form = formOf(request);
  if (form === null) return invalidRequest("Content-Type must be application/x-www-form-urlencoded.");
  const refused = clientCheck(request, context, form);
  if (refused !== null) return refused;
  const value = form.get("token");
  if (value === null) return missing("token");
  const { state } = context;
  state.accessTokens = state.accessTokens.filter((candidate) => candidate.token !== value);
  state.refreshTokens = state.refreshTokens.filter((candidate) => candidate.token !== value);
  await context.save();
  return jsonReply(200, { revoked: true });
}
