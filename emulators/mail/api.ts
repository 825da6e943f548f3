import { randomUUID, timingSafeEqual } from "node:crypto";
import { codesIn, linksIn, readableText } from "./extract.ts";
import { header, jsonReply, type EmulatorRequest, type Reply } from "../shared/http.ts";
import { pruneOldest, type MailState, type SentMail } from "./state.ts";

/** What every handler works with: the state and its persistence, the clock, the one API key the outbox accepts. */
export type MailContext = {
  state: MailState;
  save(): Promise<void>;
  now(): number;
  apiKey: string;
};

/** Resend's error body: `{ statusCode, message, name }`, with Resend's names and wording. */
export function resendError(statusCode: number, name: string, message: string): Reply {
  return jsonReply(statusCode, { statusCode, message, name });
}

export const NOT_FOUND = () => resendError(404, "not_found", "The requested endpoint does not exist.");
export const METHOD_NOT_ALLOWED = () => resendError(405, "method_not_allowed", "Method is not allowed for the requested path.");

function sameKey(expected: string, presented: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Resend answers 401 without a key and 403 with a wrong one. */
function refusal(request: EmulatorRequest, context: MailContext): Reply | null {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header(request, "authorization") ?? "")?.[1];
  if (presented === undefined) {
    return resendError(
      401,
      "missing_api_key",
      "Missing API key in the authorization header. Include the following header Authorization: Bearer YOUR_API_KEY in the request.",
    );
  }
  return sameKey(context.apiKey, presented) ? null : resendError(403, "invalid_api_key", "API key is invalid");
}

const BARE_ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+$/;
const NAMED_ADDRESS = /^[^<>]*<\s*([^\s@<>,;"]+@[^\s@<>,;"]+)\s*>$/;
const MAX_RECIPIENTS = 50;

/** The bare address of `ada@example.com` or `Ada <ada@example.com>`, or null when it is neither. */
export function bareAddress(value: string): string | null {
  const trimmed = value.trim();
  if (BARE_ADDRESS.test(trimmed)) return trimmed;
  return NAMED_ADDRESS.exec(trimmed)?.[1] ?? null;
}

function addressFormatError(field: string): Reply {
  return resendError(
    422,
    "validation_error",
    `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type Validated = { from: string; to: string[]; subject: string; text: string | null; html: string | null };

function validate(body: unknown): Validated | Reply {
  if (!isRecord(body)) return resendError(400, "validation_error", "The request body must be a JSON object.");
  const { from, to, subject, text, html } = body;
  const missing = (field: string) => resendError(422, "missing_required_field", `Missing \`${field}\` field.`);
  if (from === undefined || from === null || from === "") return missing("from");
  if (to === undefined || to === null || (Array.isArray(to) && to.length === 0) || to === "") return missing("to");
  if (subject === undefined || subject === null) return missing("subject");
  if (typeof from !== "string" || bareAddress(from) === null) return addressFormatError("from");
  const recipients = typeof to === "string" ? [to] : to;
  if (!Array.isArray(recipients) || !recipients.every((item): item is string => typeof item === "string")) {
    return resendError(422, "validation_error", "The `to` field must be a string or an array of strings.");
  }
  if (recipients.length > MAX_RECIPIENTS) {
    return resendError(422, "validation_error", `Too many recipients: the \`to\` field takes at most ${MAX_RECIPIENTS} addresses.`);
  }
  if (recipients.some((recipient) => bareAddress(recipient) === null)) return addressFormatError("to");
  if (typeof subject !== "string") return resendError(422, "validation_error", "The `subject` field must be a string.");
  const optionalText = (value: unknown) => (value === undefined || value === null ? null : typeof value === "string" ? value : undefined);
  const textPart = optionalText(text);
  const htmlPart = optionalText(html);
  if (textPart === undefined) return resendError(422, "validation_error", "The `text` field must be a string.");
  if (htmlPart === undefined) return resendError(422, "validation_error", "The `html` field must be a string.");
  if (textPart === null && htmlPart === null) return missing("html` or `text");
  return { from, to: recipients.map((recipient) => recipient.trim()), subject, text: textPart, html: htmlPart };
}

/** POST /emails: Resend's send call. Answers `200 { id }`. */
export async function sendEmail(request: EmulatorRequest, context: MailContext): Promise<Reply> {
  const refused = refusal(request, context);
  if (refused !== null) return refused;
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return resendError(400, "validation_error", "The request body is not valid JSON.");
  }
  const mail = validate(body);
  if ("status" in mail) return mail;
  const message: SentMail = { id: randomUUID(), ...mail, sentAt: context.now() };
  context.state.messages.push(message);
  pruneOldest(context.state);
  await context.save();
  return jsonReply(200, { id: message.id });
}

/** GET /emails/:id: Resend's retrieve call, with its field names. */
export function retrieveEmail(request: EmulatorRequest, context: MailContext, id: string): Reply {
  const refused = refusal(request, context);
  if (refused !== null) return refused;
  const message = context.state.messages.find((candidate) => candidate.id === id);
  if (message === undefined) return resendError(404, "not_found", "Email not found");
  return jsonReply(200, {
    object: "email",
    id: message.id,
    to: message.to,
    from: message.from,
    created_at: new Date(message.sentAt).toISOString(),
    subject: message.subject,
    html: message.html,
    text: message.text,
    bcc: null,
    cc: null,
    reply_to: null,
    last_event: "delivered",
    scheduled_at: null,
  });
}

/** The messages to one address (any of a message's recipients, case-insensitive), or all of them; newest first. */
export function messagesTo(state: MailState, to: string | null): SentMail[] {
  const wanted = to === null || to.trim() === "" ? null : (bareAddress(to) ?? to.trim()).toLowerCase();
  return state.messages
    .filter((message) => wanted === null || message.to.some((recipient) => bareAddress(recipient)?.toLowerCase() === wanted))
    .reverse() // messages sent in the same millisecond stay newest first: the sort is stable
    .sort((a, b) => b.sentAt - a.sentAt);
}

/** GET /outbox/messages?to=address: the emulator's own JSON for tests, with the codes and links each message holds. */
export function outboxMessages(request: EmulatorRequest, context: MailContext): Reply {
  const messages = messagesTo(context.state, request.url.searchParams.get("to")).map((message) => {
    const text = readableText(message);
    return {
      id: message.id,
      from: message.from,
      to: message.to,
      subject: message.subject,
      text,
      html: message.html,
      sentAt: new Date(message.sentAt).toISOString(),
      codes: codesIn(text),
      links: linksIn(text),
    };
  });
  return jsonReply(200, { messages });
}
