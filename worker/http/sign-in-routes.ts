import { Hono, type Context } from "hono";
import { callbackPath, clientMetadataPath, networkAccounts, signInPath } from "../contracts/networks/accounts.ts";
import type { Network } from "../contracts/networks/rules.ts";
import {
  advertiserLoginQuerySchema,
  callbackQuerySchema,
  handleQuerySchema,
  linkQuerySchema,
  loginFlows,
  readLoginQuerySchema,
  writeLoginQuerySchema,
  type LoginFlow,
  type LoginParams,
} from "../contracts/login.ts";
import { completeLogin, startLogin } from "../domain/accounts/login.ts";
import { sessionFromCookie } from "../domain/accounts/sessions.ts";
import { servedOriginCheck } from "../domain/brands/served-origins.ts";
import { NetworkError } from "../domain/networks/adapter.ts";
import { networksFor } from "../domain/networks/registry.ts";
import {
  clearBrowserBinding,
  readBrowserBinding,
  readSessionCookie,
  writeBrowserBinding,
  writeSessionCookie,
} from "../middleware/cookies.ts";
import { randomToken } from "../security/tokens.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { parseInput } from "./validation.ts";

/**
 * Signing in with a network, and linking a network's account to a signed-in Chorus account, for every network alike
 * (docs/decisions/052-networks-sealed.md): `/auth/{path}/{flow}/login` starts a flow with a one-time state bound to the
 * browser, `/auth/{path}/callback` finishes it; `{path}` is the network's (`networkAccounts`), and its adapter does
 * the rest. X's paths are the ones its app settings know (`/auth/twitter/*`, SPEC.md section 7).
 */
function loginDeps(c: Context<WorkerEnv>) {
  const { capabilities } = c.var;
  return { ...capabilities, isServedOrigin: servedOriginCheck(capabilities) };
}

function loginError(network: Network, reason: string): string {
  return `/login-error?${new URLSearchParams({ network, reason }).toString()}`;
}

const flowQuerySchemas = {
  read: readLoginQuerySchema,
  write: writeLoginQuerySchema,
  advertiser: advertiserLoginQuerySchema,
  link: linkQuerySchema,
} as const;

async function startSignIn(c: Context<WorkerEnv>, network: Network, flow: LoginFlow) {
  const adapter = networksFor(loginDeps(c))(network);
  const movedTo = adapter.signInStartUrl(new URL(c.req.url));
  if (movedTo !== null) return c.redirect(movedTo, 302);
  const query = c.req.query();
  const params: LoginParams = parseInput(flowQuerySchemas[flow], query, "query");
  const { signIn } = networkAccounts[network];
  const loginHint = signIn.asksForHandle ? parseInput(handleQuerySchema(signIn.handleExample), query, "query").handle : undefined;
  if (flow === "link" && (await sessionFromCookie(c.var.capabilities, readSessionCookie(c))) === null) {
    return c.redirect(loginError(network, "not_signed_in"), 302);
  }
  // One binding per browser, reused by sign-ins started in several tabs; the callback clears it (a finished sign-in
  // leaves nothing that a later one could be bound to).
  const browserBinding = readBrowserBinding(c) ?? randomToken(32);
  writeBrowserBinding(c, browserBinding);
  try {
    const authorizeUrl = await startLogin(loginDeps(c), {
      network,
      flow,
      params,
      requestOrigin: new URL(c.req.url).origin,
      browserBinding,
      ...(loginHint === undefined ? {} : { loginHint }),
    });
    return c.redirect(authorizeUrl, 302);
  } catch (error) {
    if (error instanceof NetworkError)
      return c.redirect(loginError(network, error.kind === "refused" ? "unknown_handle" : "unavailable"), 302);
    throw error;
  }
}

async function finishSignIn(c: Context<WorkerEnv>, network: Network) {
  const query = callbackQuerySchema.safeParse(c.req.query());
  const params = new URL(c.req.url).searchParams;
  const state = query.success ? await networksFor(loginDeps(c))(network).callbackState(params) : null;
  if (state === null) return c.redirect(loginError(network, "invalid_state"), 302);
  const session = await sessionFromCookie(c.var.capabilities, readSessionCookie(c));
  const outcome = await completeLogin(loginDeps(c), {
    state,
    code: params.get("code") ?? undefined,
    error: params.get("error") ?? undefined,
    params,
    browserBinding: readBrowserBinding(c),
    requestOrigin: new URL(c.req.url).origin,
    signedInUserId: session?.userId ?? null,
  });
  clearBrowserBinding(c);
  if (outcome.kind === "failed") return c.redirect(loginError(network, outcome.reason), 302);
  if (outcome.kind === "signed-in") writeSessionCookie(c, outcome.session.cookieValue);
  return c.redirect(outcome.redirectTo.toString(), 302);
}

export const signInRoutes = new Hono<WorkerEnv>();

for (const network of Object.keys(networkAccounts) as Network[]) {
  for (const flow of loginFlows) signInRoutes.get(signInPath(network, flow), (c) => startSignIn(c, network, flow));
  // The first Bluesky links' shorter spellings of the read and link flows, kept for pages still open.
  signInRoutes.get(`/auth/${networkAccounts[network].signIn.path}/login`, (c) => startSignIn(c, network, "read"));
  signInRoutes.get(`/auth/${networkAccounts[network].signIn.path}/link`, (c) => startSignIn(c, network, "link"));
  signInRoutes.get(callbackPath(network), (c) => finishSignIn(c, network));
  // The OAuth client metadata document whose URL is Chorus's client id on this origin, for networks that have one.
  signInRoutes.get(clientMetadataPath(network), (c) => {
    const metadata = networksFor(loginDeps(c))(network).clientMetadata(new URL(c.req.url).origin);
    return metadata === null ? c.notFound() : c.json(metadata);
  });
}
