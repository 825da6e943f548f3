import { createMiddleware } from "hono/factory";
import { AppError } from "../contracts/errors.ts";
import type { WorkerEnv } from "../worker-env.ts";

/**
 * An address whose %-escapes are not UTF-8 (`/auth/admin-spoofing/%ED%A0%BD`) names no page or call: it is refused
 * here with a 400 instead of reaching the router, which would log it as a failure of its own.
 */
export const wellFormedPath = createMiddleware<WorkerEnv>(async (c, next) => {
  if (!c.req.url.includes("%")) return next();
  try {
    decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    throw new AppError(400, "invalid_path", "This address is not valid: it holds a broken %-escape.", [
      { loc: ["path"], msg: "must be valid percent-encoded UTF-8" },
    ]);
  }
  await next();
});
