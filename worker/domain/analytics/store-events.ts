import { type } from "arktype";
import type { Capabilities } from "../../capabilities.ts";
import { analyticsBatchShape, type AnalyticsQueueMessage } from "../../contracts/analytics.ts";
import { insertAnalyticsEventsStatements } from "../../db/analytics-events.ts";
import { eventRowsOf } from "./event-rows.ts";

/** A queue message as the endpoint writes it: a checked batch, the session's user and when it arrived. */
const queueMessageShape = analyticsBatchShape.and({ sessionUserId: "string | null", receivedAt: "number.integer >= 0" });

/** The message, or null when it is not one the endpoint would have sent (it could never be stored). */
export function readQueueMessage(body: unknown): AnalyticsQueueMessage | null {
  const checked = queueMessageShape(body);
  return checked instanceof type.errors ? null : checked;
}

/**
 * Writes the events of many queue messages in one D1 batch (one transaction). Event ids already stored are skipped,
 * so messages delivered again write nothing twice. A D1 failure rejects, and nothing of this call is stored.
 */
export async function storeAnalyticsMessages({ db }: Pick<Capabilities, "db">, messages: AnalyticsQueueMessage[]): Promise<number> {
  const rows = messages.flatMap(eventRowsOf);
  const statements = insertAnalyticsEventsStatements(db, rows);
  if (statements.length === 0) return 0;
  const results = await db.batch(statements);
  return results.reduce((written, result) => written + (result.meta.changes ?? 0), 0);
}
