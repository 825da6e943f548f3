import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeServer, listenOn, requestUrl } from "../shared/serving.ts";
import { clearItems, filterFrom, itemsMatching, listItems, track, type SinkContext } from "./api.ts";
import { BodyTooLargeError, header, htmlReply, jsonReply, readBody, seeOtherReply, type EmulatorRequest, type Reply } from "./http.ts";
import { homePage, notFoundPage } from "./pages.ts";
import { openStateFile, type StateFile } from "./state-file.ts";

export type TelemetrySinkOptions = {
  /** 0 picks a free port; `start()` tells which. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The JSON file that keeps the received items between runs (created when missing). */
  statePath: string;
  /** The sink's clock (epoch ms): when each item arrived. */
  now?: () => number;
};

export type TelemetrySink = {
  start(): Promise<{ url: string }>;
  stop(): Promise<void>;
};

const TRACK_PATHS = new Set(["/v2/track", "/v2.1/track"]);

function problem(status: number, message: string): Reply {
  return jsonReply(status, { itemsReceived: 0, itemsAccepted: 0, errors: [{ index: 0, statusCode: status, message }] });
}

function home(request: EmulatorRequest, context: SinkContext): Reply {
  const filter = filterFrom(request.url);
  return htmlReply(200, homePage({ items: itemsMatching(context.state, filter), total: context.state.items.length, filter }));
}

async function route(request: EmulatorRequest, context: SinkContext): Promise<Reply> {
  const path = request.url.pathname;
  const method = request.method === "HEAD" ? "GET" : request.method;
  const is = (wantedMethod: string, wantedPath: string) => method === wantedMethod && path === wantedPath;

  if (is("GET", "/")) return home(request, context);
  if (is("GET", "/favicon.ico")) return { status: 204, headers: {}, body: "" };
  if (is("GET", "/api/items")) return listItems(request, context);
  if (is("DELETE", "/api/items")) return clearItems(context);
  if (is("POST", "/clear")) {
    await clearItems(context);
    return seeOtherReply("/");
  }
  if (TRACK_PATHS.has(path)) return method === "POST" ? track(request, context) : problem(405, "Telemetry is sent with POST.");
  const wantsPage = method === "GET" && (header(request, "accept") ?? "").includes("text/html");
  return wantsPage ? htmlReply(404, notFoundPage(path)) : problem(404, `No endpoint at ${path}`);
}

/**
 * A local stand-in for Application Insights' ingestion endpoint (`POST /v2/track`), keeping every item that arrives
 * for a person (its home page) and for tests (`GET /api/items`). The worker reaches it through the same client and
 * configuration it uses in production: only the connection string's IngestionEndpoint differs.
 */
export function createTelemetrySink(options: TelemetrySinkOptions): TelemetrySink {
  const now = options.now ?? (() => Date.now());
  const host = options.host ?? "127.0.0.1";
  let server: Server | null = null;
  let stateFile: StateFile | null = null;

  async function handle(context: SinkContext, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      const body = await readBody(incoming);
      reply = await route(
        { method: incoming.method ?? "GET", url: requestUrl(incoming.url, "http://telemetry-sink.local"), headers: incoming.headers, body },
        context,
      );
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        reply = problem(413, error.message);
      } else {
        // A bug in the sink, not a bad request: loud on purpose.
        console.error("Telemetry sink: request failed", error);
        reply = problem(500, "The telemetry sink failed; see its log.");
      }
    }
    outgoing.writeHead(reply.status, reply.headers);
    outgoing.end(reply.body);
  }

  return {
    async start() {
      if (server !== null) throw new Error("The telemetry sink is already running");
      const file = await openStateFile(options.statePath);
      stateFile = file;
      const context: SinkContext = { state: file.state, save: () => file.save(), now };
      const started = createServer((incoming, outgoing) => void handle(context, incoming, outgoing));
      const url = await listenOn(started, options.port ?? 0, host, "The telemetry sink");
      server = started;
      return { url };
    },

    async stop() {
      const running = server;
      if (running === null) return;
      server = null;
      await closeServer(running);
      await stateFile?.flush();
      stateFile = null;
    },
  };
}
