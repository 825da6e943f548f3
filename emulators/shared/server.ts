import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { BodyTooLargeError, readBody, type EmulatorRequest, type Reply } from "./http.ts";
import { openJsonStateFile, type JsonStateFile, type StateFormat } from "./json-state-file.ts";
import { closeServer, listenOn, requestUrl } from "./serving.ts";

/** A running emulator, as tests, benchmarks and `npm start` hold it. */
export type Emulator = { start(): Promise<{ url: string }>; stop(): Promise<void> };

/** Where an emulator listens and keeps its state: every emulator's options begin with these. */
export type EmulatorPlace = {
  /** 0 picks a free port; `start()` tells which. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The JSON file that keeps its state between runs (created when missing). */
  statePath: string;
};

/** What makes one emulator its service: the rest (listening, the state file, reading bodies, failing) is this kit's. */
export type EmulatorService<State, Context> = {
  /** How its log and errors name it ("Mail outbox"). */
  name: string;
  /** Only names the emulator in parsed request URLs (paths are what matter): "http://mail-outbox.local". */
  baseUrl: string;
  state: StateFormat<State>;
  /** The largest body a request to `path` may carry. */
  maxBodyBytes(path: string): number;
  /**
   * The handlers' context, built on each start from the state just read (it may add to that state and save it);
   * `origin()` answers the server's origin once it listens.
   */
  open(file: JsonStateFile<State>, origin: () => string): Context | Promise<Context>;
  route(request: EmulatorRequest, context: Context): Reply | Promise<Reply>;
  /** The service's own answers to a body over the limit, and to a failure of the emulator itself. */
  tooLarge(message: string): Reply;
  failed(): Reply;
  /** Ends what `open` set going (timers, retries), before the server closes. */
  close?(): void;
};

/** Browsers ask every server for one; no emulator has one to give. */
function isFavicon(request: EmulatorRequest): boolean {
  return (request.method === "GET" || request.method === "HEAD") && request.url.pathname === "/favicon.ico";
}

/** An HTTP server for `service` at `place`, its state kept in its JSON file (written on every change). */
export function createEmulator<State, Context>(place: EmulatorPlace, service: EmulatorService<State, Context>): Emulator {
  const host = place.host ?? "127.0.0.1";
  let server: Server | null = null;
  let stateFile: JsonStateFile<State> | null = null;
  let origin = "";

  async function handle(context: Context, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      const url = requestUrl(incoming.url, service.baseUrl);
      const bytes = await readBody(incoming, service.maxBodyBytes(url.pathname));
      const request = { method: incoming.method ?? "GET", url, headers: incoming.headers, body: bytes.toString("utf8"), bytes };
      reply = isFavicon(request) ? { status: 204, headers: {}, body: "" } : await service.route(request, context);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        reply = service.tooLarge(error.message);
      } else {
        // A bug in the emulator, not a bad request: loud on purpose.
        console.error(`${service.name}: request failed`, error);
        reply = service.failed();
      }
    }
    outgoing.writeHead(reply.status, reply.headers);
    outgoing.end(reply.body);
  }

  return {
    async start() {
      if (server !== null) throw new Error(`${service.name} is already running`);
      const file = await openJsonStateFile(place.statePath, service.state);
      stateFile = file;
      const context = await service.open(file, () => origin);
      const started = createServer((incoming, outgoing) => void handle(context, incoming, outgoing));
      origin = await listenOn(started, place.port ?? 0, host, service.name);
      server = started;
      return { url: origin };
    },

    async stop() {
      const running = server;
      if (running === null) return;
      server = null;
      service.close?.();
      await closeServer(running);
      await stateFile?.flush();
      stateFile = null;
    },
  };
}
