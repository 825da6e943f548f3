import { Hono } from "hono";
import { tokenPairSchema } from "../contracts/current-user.ts";
import { startSpoofing } from "../domain/accounts/admin-spoofing.ts";
import { currentUserFor } from "../domain/accounts/current-user.ts";
import { endSession, issueTokens, refreshTokens, sessionEnded, sessionFromCookie } from "../domain/accounts/sessions.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from "../middleware/cookies.ts";
import { requireSameOrigin } from "../middleware/same-origin.ts";
import { jsonBody, parseInput } from "./validation.ts";

/** Sessions and tokens; signing in with a network is ./sign-in-routes.ts. */
export const authRoutes = new Hono<WorkerEnv>()
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
