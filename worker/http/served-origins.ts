import type { AppConfig } from "../config.ts";

/** Whether an origin is one this deployment serves: an app origin or a registered partner hostname. */
export function servedOriginCheck(db: D1Database, config: AppConfig): (origin: string) => Promise<boolean> {
  return async (origin) => {
    if (config.appOrigins.includes(origin)) return true;
    const hostname = new URL(origin).hostname.toLowerCase();
    const row = await db.prepare(`SELECT 1 AS yes FROM partner_hostnames WHERE hostname = ?`).bind(hostname).first();
    return row !== null;
  };
}
