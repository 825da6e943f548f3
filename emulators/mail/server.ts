import { htmlReply, routing, wantsPage, type EmulatorRequest, type Reply } from "../shared/http.ts";
import { createEmulator, type Emulator, type EmulatorPlace } from "../shared/server.ts";
import { safeDecode } from "../shared/serving.ts";
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
import { homePage, notFoundPage } from "./pages.ts";
import { emptyState, parseState } from "./state.ts";

/** Its state file keeps the sent messages. */
export type MailEmulatorOptions = EmulatorPlace & {
  /** The one API key `POST /emails` accepts, as `Authorization: Bearer {apiKey}`. */
  apiKey: string;
  /** The emulator's clock (epoch ms): when each message was sent. */
  now?: () => number;
};

export type MailEmulator = Emulator;

/** The outbox takes no attachments, so a message is text and HTML only. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

function home(request: EmulatorRequest, context: MailContext): Reply {
  const to = request.url.searchParams.get("to")?.trim() || null;
  return htmlReply(200, homePage({ messages: messagesTo(context.state, to), total: context.state.messages.length, to }));
}

const EMAIL_PATH = /^\/emails\/([^/]+)$/;

async function route(request: EmulatorRequest, context: MailContext): Promise<Reply> {
  const { path, method, is } = routing(request);

  if (is("GET", "/")) return home(request, context);
  if (is("GET", "/outbox/messages")) return outboxMessages(request, context);
  if (is("POST", "/emails")) return sendEmail(request, context);
  const emailId = EMAIL_PATH.exec(path)?.[1];
  if (emailId !== undefined) return method === "GET" ? retrieveEmail(request, context, safeDecode(emailId)) : METHOD_NOT_ALLOWED();
  if (path === "/emails") return METHOD_NOT_ALLOWED();
  return wantsPage(request) ? htmlReply(404, notFoundPage(path)) : NOT_FOUND();
}

/**
 * A local stand-in for Resend's HTTP API (`POST /emails`), keeping every message in an outbox that a person reads
 * on its home page and a test reads as JSON. The product reaches it through the same mailer and configuration it
 * uses for Resend (only MAIL_API_URL and MAIL_API_KEY differ).
 */
export function createMailEmulator(options: MailEmulatorOptions): MailEmulator {
  const now = options.now ?? (() => Date.now());
  return createEmulator(options, {
    name: "Mail outbox",
    baseUrl: "http://mail-outbox.local",
    state: { empty: emptyState, parse: parseState },
    maxBodyBytes: () => MAX_BODY_BYTES,
    open: (file): MailContext => ({ state: file.state, save: () => file.save(), now, apiKey: options.apiKey }),
    route,
    tooLarge: (message) => resendError(413, "validation_error", message),
    failed: () => resendError(500, "application_error", "The mail outbox failed; see its log."),
  });
}
