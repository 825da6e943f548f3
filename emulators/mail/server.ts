import { closeServer, listenOn, requestUrl, safeDecode } from "../shared/serving.ts";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import {
  METHOD_NOT_ALLOWED,
  NOT_FOUND,
  messagesTo,
  outboxMessages,
  resendError,
  retrieveEmail,
  sendEmail,
  type MailContext,
} from "./api.ts";
import { BodyTooLargeError, header, htmlReply, readBody, type EmulatorRequest, type Reply } from "./http.ts";
import { homePage, notFoundPage } from "./pages.ts";
import { openStateFile, type StateFile } from "./state-file.ts";

export type MailEmulatorOptions = {
  /** 0 picks a free port; `start()` tells which. Default 0. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The JSON file that keeps the sent messages between runs (created when missing). */
  statePath: string;
  /** The one API key `POST /emails` accepts, as `Authorization: Bearer {apiKey}`. */
  apiKey: string;
  /** The emulator's clock (epoch ms): when each message was sent. */
  now?: () => number;
};

export type MailEmulator = {
  start(): Promise<{ url: string }>;
  stop(): Promise<void>;
};

function home(request: EmulatorRequest, context: MailContext): Reply {
  const to = request.url.searchParams.get("to")?.trim() || null;
  return htmlReply(200, homePage({ messages: messagesTo(context.state, to), total: context.state.messages.length, to }));
}

const EMAIL_PATH = /^\/emails\/([^/]+)$/;

async function route(request: EmulatorRequest, context: MailContext): Promise<Reply> {
  const path = request.url.pathname;
  const method = request.method === "HEAD" ? "GET" : request.method;
  const is = (wantedMethod: string, wantedPath: string) => method === wantedMethod && path === wantedPath;

  if (is("GET", "/")) return home(request, context);
  if (is("GET", "/favicon.ico")) return { status: 204, headers: {}, body: "" };
  if (is("GET", "/outbox/messages")) return outboxMessages(request, context);
  if (is("POST", "/emails")) return sendEmail(request, context);
  const emailId = EMAIL_PATH.exec(path)?.[1];
  if (emailId !== undefined) return method === "GET" ? retrieveEmail(request, context, safeDecode(emailId)) : METHOD_NOT_ALLOWED();
  if (path === "/emails") return METHOD_NOT_ALLOWED();
  const wantsPage = method === "GET" && (header(request, "accept") ?? "").includes("text/html");
  return wantsPage ? htmlReply(404, notFoundPage(path)) : NOT_FOUND();
}

/**
 * A local stand-in for Resend's HTTP API (`POST /emails`), keeping every message in an outbox that a person reads
 * on its home page and a test reads as JSON. The product reaches it through the same mailer and configuration it
 * uses for Resend (only MAIL_API_URL and MAIL_API_KEY differ).
 */
export function createMailEmulator(options: MailEmulatorOptions): MailEmulator {
  const now = options.now ?? (() => Date.now());
  const host = options.host ?? "127.0.0.1";
  let server: Server | null = null;
  let stateFile: StateFile | null = null;

  async function handle(context: MailContext, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    let reply: Reply;
    try {
      const body = await readBody(incoming);
      reply = await route(
        { method: incoming.method ?? "GET", url: requestUrl(incoming.url, "http://mail-outbox.local"), headers: incoming.headers, body },
        context,
      );
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        reply = resendError(413, "validation_error", error.message);
      } else {
        // A bug in the emulator, not a bad request: loud on purpose.
        console.error("Mail outbox: request failed", error);
        reply = resendError(500, "application_error", "The mail outbox failed; see its log.");
      }
    }
    outgoing.writeHead(reply.status, reply.headers);
    outgoing.end(reply.body);
  }

  return {
    async start() {
      if (server !== null) throw new Error("The mail outbox is already running");
      const file = await openStateFile(options.statePath);
      stateFile = file;
      const context: MailContext = { state: file.state, save: () => file.save(), now, apiKey: options.apiKey };
      const started = createServer((incoming, outgoing) => void handle(context, incoming, outgoing));
      const url = await listenOn(started, options.port ?? 0, host, "The mail outbox");
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
