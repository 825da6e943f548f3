import { Hono, type Context } from "hono";
import { xClientFor } from "../clients/x-client-for.ts";
import { tokenPairSchema } from "../contracts/current-user.ts";
import {
  advertiserLoginQuerySchema,
  callbackQuerySchema,
  readLoginQuerySchema,
  writeLoginQuerySchema,
  type LoginFlow,
  type LoginParams,
} from "../contracts/login.ts";
import { spoofUser } from "../domain/accounts/admin-spoofing.ts";
import { currentUserFor } from "../domain/accounts/current-user.ts";
import { completeLogin, startLogin } from "../domain/accounts/login.ts";
import { endSession, issueTokens, refreshTokens, sessionEnded, sessionFromCookie } from "../domain/accounts/sessions.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { randomToken } from "../security/tokens.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { AppError } from "../contracts/errors.ts";
import {
  clearSessionCookie,
  readBrowserBinding,
  readSessionCookie,
  writeBrowserBinding,
  writeSessionCookie,
} from "./cookies.ts";
import { servedOriginCheck } from "./served-origins.ts";
import { parseInput } from "./validation.ts";

const noStore = { "Cache-Control": "no-store" };

function requestOrigin(c: Context<WorkerEnv>): string {
  return new URL(c.req.url).origin;
}

function loginDeps(c: Context<WorkerEnv>) {
  const config = c.get("config");
  return {
    db: c.env.DB,
    clock: c.get("clock"),
    xClient: xClientFor(config),
    encryptionKey: config.secrets.tokenEncryptionKey,
    signingKey: config.secrets.jwtSigningKey,
    isServedOrigin: servedOriginCheck(c.env.DB, config),
  };
}

async function redirectToX(c: Context<WorkerEnv>, flow: LoginFlow, params: LoginParams) {
  // One binding per browser, reused by sign-ins started in several tabs.
  const browserBinding = readBrowserBinding(c) ?? randomToken(32);
  writeBrowserBinding(c, browserBinding);
  const authorizeUrl = await startLogin(loginDeps(c), { flow, params, requestOrigin: requestOrigin(c), browserBinding });
  return c.redirect(authorizeUrl, 302);
}

/** Only same-origin pages may turn the session cookie into tokens (SameSite=Lax already keeps other sites out). */
function requireSameOrigin(c: Context<WorkerEnv>) {
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== requestOrigin(c)) {
    throw new AppError(403, "forbidden", "Cross-site requests are not allowed here");
  }
}

export const authRoutes = new Hono<WorkerEnv>()
  .get("/auth/twitter/read/login", (c) =>
    redirectToX(c, "read", parseInput(readLoginQuerySchema, c.req.query(), "query")),
  )
  .get("/auth/twitter/write/login", (c) =>
    redirectToX(c, "write", parseInput(writeLoginQuerySchema, c.req.query(), "query")),
  )
  .get("/auth/twitter/advertiser/login", (c) =>
    redirectToX(c, "advertiser", parseInput(advertiserLoginQuerySchema, c.req.query(), "query")),
  )
  .get("/auth/twitter/callback", async (c) => {
    const query = callbackQuerySchema.safeParse(c.req.query());
    if (!query.success) return c.redirect("/login-error?reason=invalid_state", 302);
    const outcome = await completeLogin(loginDeps(c), {
      state: query.data.state,
      code: query.data.code,
      error: query.data.error,
      browserBinding: readBrowserBinding(c),
      requestOrigin: requestOrigin(c),
    });
    c.header("Cache-Control", "no-store");
    if (outcome.kind === "failed") return c.redirect(`/login-error?reason=${outcome.reason}`, 302);
    if (outcome.kind === "signed-in") writeSessionCookie(c, outcome.session.cookieValue);
    return c.redirect(outcome.redirectTo.toString(), 302);
  })
  .post("/auth/token", async (c) => {
    const body = parseInput(tokenPairSchema, await c.req.json().catch(() => null), "body");
    const config = c.get("config");
    const pair = await refreshTokens({ db: c.env.DB, signingKey: config.secrets.jwtSigningKey, clock: c.get("clock") }, body);
    return c.json(pair, 200, noStore);
  })
  .post("/auth/session/tokens", async (c) => {
    requireSameOrigin(c);
    const deps = loginDeps(c);
    const session = await sessionFromCookie(deps, readSessionCookie(c));
    if (session === null) {
      clearSessionCookie(c);
      throw sessionEnded();
    }
    return c.json(await issueTokens(deps, session), 200, noStore);
  })
  .post("/auth/logout", async (c) => {
    requireSameOrigin(c);
    const deps = loginDeps(c);
    const session = await sessionFromCookie(deps, readSessionCookie(c));
    if (session !== null) await endSession(deps, session.id);
    clearSessionCookie(c);
    return c.body(null, 204, noStore);
  })
  .get("/auth/profile", requireBearer, async (c) => {
    const session = c.get("session");
    const user = session === null ? null : await currentUserFor(c.env.DB, session);
    if (user === null) throw sessionEnded();
    return c.json(user, 200, noStore);
  })
  .get("/auth/admin-spoofing/:token/:secret", async (c) => {
    const config = c.get("config");
    const { session } = await spoofUser(
      {
        db: c.env.DB,
        clock: c.get("clock"),
        signingKey: config.secrets.jwtSigningKey,
        spoofingSecret: config.secrets.adminSpoofingSecret,
      },
      { adminAccessToken: c.req.param("token"), secret: c.req.param("secret"), impersonate: c.req.query("impersonate") },
    );
    writeSessionCookie(c, session.cookieValue);
    c.header("Cache-Control", "no-store");
    return c.redirect("/", 302);
  });
