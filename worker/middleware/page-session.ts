import { createMiddleware } from "hono/factory";
import { lookUpBrand } from "./brand-guard.ts";
import { readSessionCookie } from "./cookies.ts";
import { sessionFromCookieForReads } from "../domain/accounts/sessions.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** Methods whose pages only read: their session check may wait for the page's own batch. */
const readingMethods = new Set(["GET", "HEAD"]);

/**
 * Pages learn who is signed in from the HttpOnly session cookie (no cookie, no database read). The brand lookup
 * starts first, so its KV read and this D1 read run side by side. A page that only reads hands its session check to
 * the render (`sessionStillLive`, worker/ssr/react-router.ts); anything else has it answered first.
 */
export const pageSession = createMiddleware<WorkerEnv>(async (c, next) => {
  void lookUpBrand(c);
  const cookie = readSessionCookie(c);
  const capabilities = c.get("capabilities");
  const claim =
    cookie === undefined ? null : await capabilities.timings.measure("session", () => sessionFromCookieForReads(capabilities, cookie));
  if (claim !== null && !readingMethods.has(c.req.method) && !(await claim.stillLive())) {
    c.set("session", null);
    c.set("sessionStillLive", null);
  } else {
    c.set("session", claim?.session ?? null);
    c.set("sessionStillLive", claim?.stillLive ?? null);
  }
  await next();
});
