import { Hono, type Context } from "hono";
import { tokenPairSchema } from "../contracts/current-user.ts";
import {
  advertiserLoginQuerySchema,
  callbackQuerySchema,
  readLoginQuerySchema,
  writeLoginQuerySchema,
  xLinkQuerySchema,
  type LoginFlow,
  type LoginParams,
} from "../contracts/login.ts";
import { startSpoofing } from "../domain/accounts/admin-spoofing.ts";
import { servedOriginCheck } from "../domain/brands/served-origins.ts";
import { currentUserFor } from "../domain/accounts/current-user.ts";
import { completeLogin, startLogin } from "../domain/accounts/login.ts";
import { endSession, issueTokens, refreshTokens, sessionEnded, sessionFromCookie } from "../domain/accounts/sessions.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { randomToken } from "../security/tokens.ts";
import type { WorkerEnv } from "../worker-env.ts";
import {
  clearBrowserBinding,
  clearSessionCookie,
  readBrowserBinding,
  readSessionCookie,
  writeBrowserBinding,
  writeSessionCookie,
} from "../middleware/cookies.ts";
import { requireSameOrigin } from "../middleware/same-origin.ts";
import { jsonBody, parseInput } from "./validation.ts";

function requestOrigin(c: Context<WorkerEnv>): string {
  return new URL(c.req.url).origin;
}

function loginDeps(c: Context<WorkerEnv>) {
  const { capabilities } = c.var;
  return { ...capabilities, isServedOrigin: servedOriginCheck(capabilities) };
}

async function redirectToX(c: Context<WorkerEnv>, flow: LoginFlow, params: LoginParams) {
  // One binding per browser, reused by sign-ins started in several tabs; the callback clears it (a finished sign-in
  // leaves nothing that a later one could be bound to).
  const browserBinding = readBrowserBinding(c) ?? randomToken(32);
  writeBrowserBinding(c, browserBinding);
  const authorizeUrl = await startLogin(loginDeps(c), { flow, params, requestOrigin: requestOrigin(c), browserBinding });
  return c.redirect(authorizeUrl, 302);
}

export const authRoutes = new Hono<WorkerEnv>()
  .get("/auth/twitter/read/login", (c) => redirectToX(c, "read", parseInput(readLoginQuerySchema, c.req.query(), "query")))
  .get("/auth/twitter/write/login", (c) => redirectToX(c, "write", parseInput(writeLoginQuerySchema, c.req.query(), "query")))
  .get("/auth/twitter/advertiser/login", (c) =>
    redirectToX(c, "advertiser", parseInput(advertiserLoginQuerySchema, c.req.query(), "query")),
  )
  .get("/auth/twitter/link/login", async (c) => {
    const params = parseInput(xLinkQuerySchema, c.req.query(), "query");
    const session = await sessionFromCookie(c.var.capabilities, readSessionCookie(c));
    if (session === null) return c.redirect("/login-error?reason=not_signed_in", 302);
    return redirectToX(c, "link", params);
  })
  .get("/auth/twitter/callback", async (c) => {
    const query = callbackQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.redirect("/login-error?reason=invalid_state", 302);
    const session = await sessionFromCookie(c.var.capabilities, readSessionCookie(c));
    const outcome = await completeLogin(loginDeps(c), {
      state: query.data.state,
      code: query.data.code,
      error: query.data.error,
      browserBinding: readBrowserBinding(c),
      requestOrigin: requestOrigin(c),
      signedInUserId: session?.userId ?? null,
    });
    clearBrowserBinding(c);
    if (outcome.kind === "failed") return c.redirect(`/login-error?reason=${outcome.reason}`, 302);
    if (outcome.kind === "signed-in") writeSessionCookie(c, outcome.session.cookieValue);
    return c.redirect(outcome.redirectTo.toString(), 302);
  })
  .post("/auth/token", async (c) => {
    const body = parseInput(tokenPairSchema, await jsonBody(c), "body");
    return c.json(await refreshTokens(c.var.capabilities, body));
  })
  .post("/auth/session/tokens", requireSameOrigin, async (c) => {
    const { capabilities } = c.var;
    const session = await sessionFromCookie(capabilities, readSessionCookie(c));
    if (session === null) {
      clearSessionCookie(c);
      throw sessionEnded();
    }
    return c.json(await issueTokens(capabilities, session));
  })
  .post("/auth/logout", requireSameOrigin, async (c) => {
    const { capabilities } = c.var;
    const session = await sessionFromCookie(capabilities, readSessionCookie(c));
    if (session !== null) await endSession(capabilities, session.id);
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .get("/auth/profile", requireBearer, async (c) => {
    const user = await currentUserFor(c.var.capabilities, c.var.session);
    if (user === null) throw sessionEnded();
    return c.json(user);
  })
  // The GET of the spoofing link is the confirmation page (app/routes/admin-spoofing.tsx); only its form starts the session.
  .post("/auth/admin-spoofing/:token/:secret", requireSameOrigin, async (c) => {
    const { session } = await startSpoofing(c.var.capabilities, {
      adminAccessToken: c.req.param("token"),
      secret: c.req.param("secret"),
      impersonate: c.req.query("impersonate"),
      clientAddress: c.req.header("cf-connecting-ip") ?? "unknown",
    });
    writeSessionCookie(c, session.cookieValue);
    return c.redirect("/", 303);
  });
