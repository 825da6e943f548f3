import { z } from "zod";
import { parseWithSchema } from "../shared/json-state-file.ts";

/**
 * One telemetry item as the sink keeps it: the envelope as it arrived, and what a person or a test looks for in it
 * (its kind, its message, its custom properties), read out once when it arrives.
 */
const sinkItemSchema = z.object({
  id: z.string(),
  receivedAt: z.number(),
  /** The envelope's own fields. */
  name: z.string(),
  time: z.string(),
  iKey: z.string(),
  /** `exception`, `pageView`, `request`, `dependency`, `trace`, `event`, `metric`, … (from data.baseType). */
  type: z.string(),
  baseType: z.string().nullable(),
  /** The exception's message, the trace's message, or the page view's or event's name. */
  message: z.string().nullable(),
  properties: z.record(z.string(), z.string()),
  envelope: z.unknown(),
});
export type SinkItem = z.infer<typeof sinkItemSchema>;

const stateSchema = z.object({ version: z.literal(1), items: z.array(sinkItemSchema) });

/** Everything the telemetry sink remembers between runs, oldest item first. */
export type SinkState = z.infer<typeof stateSchema>;

export function emptyState(): SinkState {
  return { version: 1, items: [] };
}

/** The sink keeps the newest items only, so its file does not grow without end. */
export const KEPT_ITEMS = 5000;

export function pruneOldest(state: SinkState): void {
  if (state.items.length > KEPT_ITEMS) state.items.splice(0, state.items.length - KEPT_ITEMS);
}

/** Reads a state file's JSON, refusing anything that does not have the expected shape. */
export const parseState = parseWithSchema(stateSchema);
