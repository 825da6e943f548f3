import { createMiddleware } from "hono/factory";
import { AppError } from "../contracts/errors.ts";
import { liveSessionForToken } from "../domain/accounts/sessions.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** Reads the bearer token; a missing, invalid or expired one is a 401 the browser's client knows how to handle. */
export const requireBearer = createMiddleware<WorkerEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match?.[1] === undefined) throw new AppError(401, "unauthenticated", "Sign in to continue");
  const config = c.get("config");
  const session = await liveSessionForToken(
    { db: c.env.DB, signingKey: config.secrets.jwtSigningKey, clock: c.get("clock") },
    match[1],
  );
  c.set("session", session);
  await next();
});
