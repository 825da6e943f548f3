/**
 * The schema of a campaign object's own SQLite database (docs/decisions/039-a-million-creators.md, "The build plan"),
 * in order. A migration is applied once, in one transaction with its row in `schema_migrations`, when the object
 * first wakes after a deploy that added it (`PRAGMA user_version` is not available to Durable Objects). Never edit or
 * reorder an applied migration: add one.
 */
export type ObjectMigration = { name: string; statements: readonly string[] };

export const campaignObjectMigrations: readonly ObjectMigration[] = [
  {
    name: "0001_identity_and_schedule",
    statements: [
      // An object is addressed by its campaign's id (idFromName), which it cannot read back: it keeps it.
      `CREATE TABLE campaign (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        campaign_id TEXT NOT NULL
      )`,
      // When the campaign's due work next runs (the alarm is set to it, or a little later) and when it last ran.
      `CREATE TABLE schedule (
        singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
        next_due_at INTEGER,
        last_run_at INTEGER NOT NULL
      )`,
    ],
  },
  {
    // Failed runs of the due work in a row: the alarm comes back after a delay that grows with them, and a run that
    // succeeds sets them back to 0.
    name: "0002_alarm_failures",
    statements: [`ALTER TABLE schedule ADD COLUMN failures INTEGER NOT NULL DEFAULT 0`],
  },
];
