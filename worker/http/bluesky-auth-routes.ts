import { Hono, type Context } from "hono";
import { blueskyLinkQuerySchema, blueskyLoginQuerySchema, type LoginFlow, type LoginParams } from "../contracts/login.ts";
import { completeLogin, startLogin } from "../domain/accounts/login.ts";
import { sessionFromCookie } from "../domain/accounts/sessions.ts";
import { servedOriginCheck } from "../domain/brands/served-origins.ts";
import { NetworkError } from "../domain/networks/adapter.ts";
import { BLUESKY_CALLBACK_PATH, BLUESKY_CLIENT_METADATA_PATH, blueskyClientMetadata } from "../domain/networks/bluesky/client-metadata.ts";
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
 * Sign in with Bluesky, and link a Bluesky account to a signed-in Chorus account (docs/decisions/042-bluesky.md).
 * The flows are X's (auth-routes.ts): a one-time state bound to the browser, then the network's callback.
 */
function loginDeps(c: Context<WorkerEnv>) {
  const { capabilities } = c.var;
  return { ...capabilities, isServedOrigin: servedOriginCheck(capabilities) };
}

/**
 * On this machine Chorus is a loopback OAuth client, whose callbacks atproto sends to 127.0.0.1 only: a sign-in
 * started on `localhost` moves there first, so that its browser-binding cookie is on the host the callback reaches.
 */
function loopbackHost(c: Context<WorkerEnv>): string | null {
  const url = new URL(c.req.url);
  if (url.protocol !== "http:" || url.hostname !== "localhost") return null;
  url.hostname = "127.0.0.1";
  return url.toString();
}

async function redirectToBluesky(c: Context<WorkerEnv>, flow: LoginFlow, handle: string, params: LoginParams) {
  const browserBinding = readBrowserBinding(c) ?? randomToken(32);
  writeBrowserBinding(c, browserBinding);
  try {
    const authorizeUrl = await startLogin(loginDeps(c), {
      flow,
      params,
      requestOrigin: new URL(c.req.url).origin,
      browserBinding,
      network: "bluesky",
      loginHint: handle,
    });
    return c.redirect(authorizeUrl, 302);
  } catch (error) {
    if (error instanceof NetworkError && error.kind === "refused")
      return c.redirect("/login-error?network=bluesky&reason=unknown_handle", 302);
    if (error instanceof NetworkError) return c.redirect("/login-error?network=bluesky&reason=unavailable", 302);
    throw error;
  }
}

export const blueskyAuthRoutes = new Hono<WorkerEnv>()
  .get("/auth/bluesky/login", (c) => {
    const moved = loopbackHost(c);
    if (moved !== null) return c.redirect(moved, 302);
    const { handle, params } = parseInput(blueskyLoginQuerySchema, c.req.query(), "query");
    return redirectToBluesky(c, "read", handle, params);
  })
  .get("/auth/bluesky/link", async (c) => {
    const moved = loopbackHost(c);
    if (moved !== null) return c.redirect(moved, 302);
    const { handle, ...params } = parseInput(blueskyLinkQuerySchema, c.req.query(), "query");
    const session = await sessionFromCookie(c.var.capabilities, readSessionCookie(c));
    if (session === null) return c.redirect("/login-error?network=bluesky&reason=not_signed_in", 302);
    return redirectToBluesky(c, "link", handle, params);
  })
  .get(BLUESKY_CALLBACK_PATH, async (c) => {
    const params = new URL(c.req.url).searchParams;
    const chorusState = await networksFor(loginDeps(c))("bluesky").callbackState(params);
    if (chorusState === null) return c.redirect("/login-error?network=bluesky&reason=invalid_state", 302);
    const session = await sessionFromCookie(c.var.capabilities, readSessionCookie(c));
    const outcome = await completeLogin(loginDeps(c), {
      state: chorusState,
      code: params.get("code") ?? undefined,
      error: params.get("error") ?? undefined,
      params,
      browserBinding: readBrowserBinding(c),
      requestOrigin: new URL(c.req.url).origin,
      signedInUserId: session?.userId ?? null,
    });
    clearBrowserBinding(c);
    if (outcome.kind === "failed") return c.redirect(`/login-error?network=bluesky&reason=${outcome.reason}`, 302);
    if (outcome.kind === "signed-in") writeSessionCookie(c, outcome.session.cookieValue);
    return c.redirect(outcome.redirectTo.toString(), 302);
  })
  // The client metadata document whose URL is Chorus's client id on this origin (https origins only use it).
  .get(BLUESKY_CLIENT_METADATA_PATH, (c) => c.json(blueskyClientMetadata(new URL(c.req.url).origin)));
