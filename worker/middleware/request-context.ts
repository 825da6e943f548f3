import { createMiddleware } from "hono/factory";
import { systemClock } from "../clock.ts";
import { configFrom } from "../config.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** First in the chain: validated configuration, the clock and a request id for logs and incident reports. */
export const requestContext = createMiddleware<WorkerEnv>(async (c, next) => {
  c.set("config", configFrom(c.env));
  c.set("clock", systemClock);
  c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
  c.set("session", null);
  c.set("brand", null);
  c.set("nonce", "");
  await next();
});
