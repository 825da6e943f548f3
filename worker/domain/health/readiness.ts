import type { Capabilities } from "../../capabilities.ts";
import { pingDatabase } from "../../db/health.ts";

export type Readiness = { status: "up" | "down"; database: "up" | "down"; cache: "up" | "down" };

/** Whether the worker can serve: D1 and KV both answer. */
export async function readiness({ db, brandCache }: Pick<Capabilities, "db" | "brandCache">): Promise<Readiness> {
  const checks = await Promise.allSettled([pingDatabase(db), brandCache.get("health-check")]);
  const [database = "down", cache = "down"] = checks.map((check) => (check.status === "fulfilled" ? "up" : "down"));
  return { status: database === "up" && cache === "up" ? "up" : "down", database, cache };
}
