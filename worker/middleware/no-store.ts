import { createMiddleware } from "hono/factory";
import type { WorkerEnv } from "../worker-env.ts";

/** API answers carry someone's data or a one-time effect: no cache keeps them unless a route says otherwise. */
export const noStoreByDefault = createMiddleware<WorkerEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
});
