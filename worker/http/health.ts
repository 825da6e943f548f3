import { Hono } from "hono";
import { readiness } from "../domain/health/readiness.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** Liveness (`/ping`: the isolate answers) and readiness (`/up`: D1 and KV answer too). */
export const healthRoutes = new Hono<WorkerEnv>()
  .get("/ping", (c) => c.text("pong", 200, { "Cache-Control": "no-store" }))
  .get("/up", async (c) => {
    const report = await readiness(c.var.capabilities);
    return c.json(report, report.status === "up" ? 200 : 503, { "Cache-Control": "no-store" });
  });
