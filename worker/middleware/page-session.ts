import { createMiddleware } from "hono/factory";
import { lookUpBrand } from "./brand-guard.ts";
import { readSessionCookie } from "./cookies.ts";
import { sessionFromCookie } from "../domain/accounts/sessions.ts";
import type { WorkerEnv } from "../worker-env.ts";

/**
 * Pages learn who is signed in from the HttpOnly session cookie (no cookie, no database read). The brand lookup
 * starts first, so its KV read and this D1 read run side by side.
 */
export const pageSession = createMiddleware<WorkerEnv>(async (c, next) => {
  void lookUpBrand(c);
  const cookie = readSessionCookie(c);
  const capabilities = c.get("capabilities");
  c.set(
    "session",
    cookie === undefined ? null : await capabilities.timings.measure("session", () => sessionFromCookie(capabilities, cookie)),
  );
  await next();
});
