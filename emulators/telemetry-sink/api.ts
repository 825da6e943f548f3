import { randomUUID } from "node:crypto";
import { header, jsonReply, type EmulatorRequest, type Reply } from "../shared/http.ts";
import { UnreadableBodyError, batchItems, bodyText, summarize, trackBatch, trackStatus } from "./protocol.ts";
import { pruneOldest, type SinkItem, type SinkState } from "./state.ts";

/** What every handler works with: the state and its persistence, and the clock. */
export type SinkContext = {
  state: SinkState;
  save(): Promise<void>;
  now(): number;
};

function unreadable(message: string): Reply {
  return jsonReply(400, { itemsReceived: 0, itemsAccepted: 0, errors: [{ index: 0, statusCode: 400, message }] });
}

/** POST /v2/track (and /v2.1/track): keeps the accepted envelopes, answers the counts and each refusal. */
export async function track(request: EmulatorRequest, context: SinkContext): Promise<Reply> {
  let items: unknown[];
  try {
    items = batchItems(bodyText(request.bytes, header(request, "content-encoding")), header(request, "content-type"));
  } catch (error) {
    if (error instanceof UnreadableBodyError) return unreadable(error.message);
    throw error;
  }
  const { accepted, answer } = trackBatch(items);
  const receivedAt = context.now();
  for (const { envelope } of accepted) {
    context.state.items.push({
      id: randomUUID(),
      receivedAt,
      name: envelope.name,
      time: envelope.time,
      iKey: envelope.iKey,
      ...summarize(envelope),
      envelope,
    });
  }
  if (accepted.length > 0) {
    pruneOldest(context.state);
    await context.save();
  }
  return jsonReply(trackStatus(answer), { ...answer, appId: null });
}

export type ItemFilter = { incidentId: string | null; type: string | null };

export function filterFrom(url: URL): ItemFilter {
  const value = (name: string) => url.searchParams.get(name)?.trim() || null;
  return { incidentId: value("incidentId"), type: value("type") };
}

/** The items matching the filter (an incidentId property; a type or baseType), newest first. */
export function itemsMatching(state: SinkState, filter: ItemFilter): SinkItem[] {
  const type = filter.type?.toLowerCase() ?? null;
  return state.items
    .filter((item) => filter.incidentId === null || item.properties.incidentId === filter.incidentId)
    .filter((item) => type === null || item.type.toLowerCase() === type || item.baseType?.toLowerCase() === type)
    .reverse() // items received in the same millisecond stay newest first: the sort is stable
    .sort((a, b) => b.receivedAt - a.receivedAt);
}

/** GET /api/items?incidentId=&type=: the sink's own JSON for tests. */
export function listItems(request: EmulatorRequest, context: SinkContext): Reply {
  const items = itemsMatching(context.state, filterFrom(request.url)).map((item) => ({
    ...item,
    receivedAt: new Date(item.receivedAt).toISOString(),
  }));
  return jsonReply(200, { items });
}

/** DELETE /api/items: forgets everything. */
export async function clearItems(context: SinkContext): Promise<Reply> {
  context.state.items.splice(0);
  await context.save();
  return jsonReply(200, { items: [] });
}
