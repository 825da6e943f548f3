/**
 * What the app asks of D1: to prepare statements and send batches. The binding is one, and so is a session of D1's
 * Sessions API (`env.DB.withSession(…)`), which every request and job uses so that reads may go to a nearby read
 * replica (docs/decisions/035-read-replicas.md). Nothing else of the binding (`exec`, `dump`, `withSession`) is used
 * past the place that opens the session.
 */
export type Database = Pick<D1Database, "prepare" | "batch">;
