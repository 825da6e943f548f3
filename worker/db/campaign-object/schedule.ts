/**
 * A campaign object's own rows about itself (migration 0001 of worker/db/campaign-object/migrations.ts): the campaign
 * it serves, and when its due work last ran and next runs. Synchronous: Durable Object SQL runs in the object's thread.
 */

/** An object is addressed by its campaign's id (idFromName), which it cannot read back: it keeps it, once. */
export function rememberCampaignId(storage: DurableObjectStorage, campaignId: string): void {
  storage.sql.exec("INSERT INTO campaign (singleton, campaign_id) VALUES (1, ?) ON CONFLICT (singleton) DO NOTHING", campaignId);
}

export function readCampaignId(storage: DurableObjectStorage): string | null {
  const rows = storage.sql.exec<{ campaign_id: string }>("SELECT campaign_id FROM campaign WHERE singleton = 1").toArray();
  return rows[0]?.campaign_id ?? null;
}

export type ObjectSchedule = { nextDueAt: number | null; lastRunAt: number | null; failures: number };

export function readSchedule(storage: DurableObjectStorage): ObjectSchedule {
  const rows = storage.sql
    .exec<{ next_due_at: number | null; last_run_at: number; failures: number }>(
      "SELECT next_due_at, last_run_at, failures FROM schedule WHERE singleton = 1",
    )
    .toArray();
  const row = rows[0];
  return row === undefined
    ? { nextDueAt: null, lastRunAt: null, failures: 0 }
    : { nextDueAt: row.next_due_at, lastRunAt: row.last_run_at, failures: row.failures };
}

export function writeSchedule(
  storage: DurableObjectStorage,
  schedule: { nextDueAt: number | null; lastRunAt: number; failures: number },
): void {
  storage.sql.exec(
    `INSERT INTO schedule (singleton, next_due_at, last_run_at, failures) VALUES (1, ?1, ?2, ?3)
     ON CONFLICT (singleton) DO UPDATE SET next_due_at = ?1, last_run_at = ?2, failures = ?3`,
    schedule.nextDueAt,
    schedule.lastRunAt,
    schedule.failures,
  );
}
