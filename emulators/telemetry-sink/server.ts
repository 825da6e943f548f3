import { htmlReply, jsonReply, redirectReply, routing, wantsPage, type EmulatorRequest, type Reply } from "../shared/http.ts";
import { createEmulator, type Emulator, type EmulatorPlace } from "../shared/server.ts";
import { clearItems, filterFrom, itemsMatching, listItems, track, type SinkContext } from "./api.ts";
import { homePage, notFoundPage } from "./pages.ts";
import { emptyState, parseState } from "./state.ts";

/** Its state file keeps the received items. */
export type TelemetrySinkOptions = EmulatorPlace & {
  /** The sink's clock (epoch ms): when each item arrived. */
  now?: () => number;
};

export type TelemetrySink = Emulator;

/** Far above a browser SDK's batch (100 KB), well below anything that would hurt the machine. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

const TRACK_PATHS = new Set(["/v2/track", "/v2.1/track"]);

function problem(status: number, message: string): Reply {
  return jsonReply(status, { itemsReceived: 0, itemsAccepted: 0, errors: [{ index: 0, statusCode: status, message }] });
}

function home(request: EmulatorRequest, context: SinkContext): Reply {
  const filter = filterFrom(request.url);
  return htmlReply(200, homePage({ items: itemsMatching(context.state, filter), total: context.state.items.length, filter }));
}

async function route(request: EmulatorRequest, context: SinkContext): Promise<Reply> {
  const { path, method, is } = routing(request);

  if (is("GET", "/")) return home(request, context);
  if (is("GET", "/api/items")) return listItems(request, context);
  if (is("DELETE", "/api/items")) return clearItems(context);
  if (is("POST", "/clear")) {
    await clearItems(context);
    return redirectReply(303, "/");
  }
  if (TRACK_PATHS.has(path)) return method === "POST" ? track(request, context) : problem(405, "Telemetry is sent with POST.");
  return wantsPage(request) ? htmlReply(404, notFoundPage(path)) : problem(404, `No endpoint at ${path}`);
}

/**
 * A local stand-in for Application Insights' ingestion endpoint (`POST /v2/track`), keeping every item that arrives
 * for a person (its home page) and for tests (`GET /api/items`). The worker reaches it through the same client and
 * configuration it uses in production: only the connection string's IngestionEndpoint differs.
 */
export function createTelemetrySink(options: TelemetrySinkOptions): TelemetrySink {
  const now = options.now ?? (() => Date.now());
  return createEmulator(options, {
    name: "Telemetry sink",
    baseUrl: "http://telemetry-sink.local",
    state: { empty: emptyState, parse: parseState },
    maxBodyBytes: () => MAX_BODY_BYTES,
    open: (file): SinkContext => ({ state: file.state, save: () => file.save(), now }),
    route,
    tooLarge: (message) => problem(413, message),
    failed: () => problem(500, "The telemetry sink failed; see its log."),
  });
}
