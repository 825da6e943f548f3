import type { Database } from "../database.ts";

/** Readiness: D1 answers a trivial query (throws when it does not). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.prepare("SELECT 1 AS ok").first("ok");
}
