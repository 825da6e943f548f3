import { z } from "zod";
import { queryAll } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * Named leases (migration 0004): one scheduler run at a time does a piece of work (e.g. evaluating a campaign). A
 * lease is taken only when free or expired, so a run that crashed holds nothing for long. Leases spare duplicate
 * work; correctness never depends on them (every change is conditional or idempotent on its own).
 */
const holderSchema = z.object({ holder: z.string() });

export async function acquireLease(
  db: Database,
  input: { name: string; holder: string; now: number; durationMs: number },
): Promise<boolean> {
  const rows = await queryAll(
    db
      .prepare(
        `INSERT INTO scheduler_leases (name, holder, expires_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
           WHERE scheduler_leases.expires_at <= ?4 OR scheduler_leases.holder = excluded.holder
         RETURNING holder`,
      )
      .bind(input.name, input.holder, input.now + input.durationMs, input.now),
    holderSchema,
  );
  return rows.some((row) => row.holder === input.holder);
}

export async function releaseLease(db: Database, name: string, holder: string): Promise<void> {
  await db.prepare(`UPDATE scheduler_leases SET expires_at = 0 WHERE name = ? AND holder = ?`).bind(name, holder).run();
}
