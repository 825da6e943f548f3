import { Hono } from "hono";
import type { WorkerEnv } from "../worker-env.ts";

/** Liveness (`/ping`: the isolate answers) and readiness (`/up`: D1 and KV answer too). */
export const healthRoutes = new Hono<WorkerEnv>()
  .get("/ping", (c) => c.text("pong", 200, { "Cache-Control": "no-store" }))
  .get("/up", async (c) => {
    const checks = await Promise.allSettled([
      c.env.DB.prepare("SELECT 1 AS ok").first("ok"),
      c.env.BRAND_CACHE.get("health-check"),
    ]);
    const [database, cache] = checks.map((check) => (check.status === "fulfilled" ? "up" : "down"));
    const up = database === "up" && cache === "up";
    return c.json({ status: up ? "up" : "down", database, cache }, up ? 200 : 503, { "Cache-Control": "no-store" });
  });
