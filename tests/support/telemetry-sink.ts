/**
 * Reading the telemetry sink emulator over HTTP, for tests: `GET {sink}/api/items?incidentId=&type=`.
 *   worker tests:  sinkItems(telemetrySinkUrl(env.APPLICATIONINSIGHTS_CONNECTION_STRING), { incidentId })
 *   end-to-end:    sinkItems(emulatorUrls.telemetrySink, …)  (playwright.config.ts: the e2e server's port + 6)
 */
export type SinkItem = {
  id: string;
  /** ISO 8601, when the sink received it. */
  receivedAt: string;
  /** The envelope's name, time and instrumentation key. */
  name: string;
  time: string;
  iKey: string;
  /** `exception`, `pageView`, `request`, `dependency`, `trace`, `event`, `metric`, … */
  type: string;
  /** Application Insights' own name of the type: `ExceptionData`, `PageviewData`, … */
  baseType: string | null;
  /** The exception's "TypeName: message", the trace's message, or the page view's or event's name. */
  message: string | null;
  /** The item's custom properties (incidentId, statusCode, userId, source, …). */
  properties: Record<string, string>;
  /** The envelope as it arrived. */
  envelope: unknown;
};

export type SinkFilter = { incidentId?: string; type?: string };

/** The sink's origin named by a connection string's IngestionEndpoint. */
export function telemetrySinkUrl(connectionString: string): string {
  const endpoint = /(?:^|;)\s*IngestionEndpoint=([^;]+)/i.exec(connectionString)?.[1];
  if (endpoint === undefined) throw new Error(`No IngestionEndpoint in the connection string ${connectionString}`);
  return endpoint.trim().replace(/\/+$/, "");
}

/** The items matching the filter, newest first. */
export async function sinkItems(sinkUrl: string, filter: SinkFilter = {}): Promise<SinkItem[]> {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const response = await fetch(`${sinkUrl.replace(/\/+$/, "")}/api/items?${query}`);
  if (!response.ok) throw new Error(`The telemetry sink answered ${response.status} for its items`);
  const { items } = (await response.json()) as { items: SinkItem[] };
  return items;
}

/**
 * The matching items once there are at least `count` of them. Telemetry arrives after the answer it is about
 * (the worker reports through waitUntil, the browser's SDK batches), so this asks again until `timeoutMs` passes.
 */
export async function waitForSinkItems(
  sinkUrl: string,
  filter: SinkFilter,
  options: { count?: number; timeoutMs?: number } = {},
): Promise<SinkItem[]> {
  const count = options.count ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const items = await sinkItems(sinkUrl, filter);
    if (items.length >= count) return items;
    if (Date.now() > deadline) {
      throw new Error(`The telemetry sink holds ${items.length} of ${count} items matching ${JSON.stringify(filter)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
