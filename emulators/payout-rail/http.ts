import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** A request as the handlers see it: the body already read as text, the URL parsed. */
export type EmulatorRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: string };

/** What a handler answers; the server writes it out. Handlers stay plain functions that are easy to follow. */
export type Reply = { status: number; headers: Record<string, string>; body: string };

/** A payout request is a few hundred bytes; anything near this is a mistake. */
const MAX_BODY_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(`Request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function header(request: EmulatorRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const noStore = { "cache-control": "no-store" };

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": "application/json; charset=utf-8", ...noStore, ...headers }, body: JSON.stringify(value) };
}

export function htmlReply(status: number, markup: string): Reply {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...noStore }, body: markup };
}

/** After a form on the home page: back to the page (303, so a reload does not post again). */
export function seeOtherReply(location: string): Reply {
  return { status: 303, headers: { location, ...noStore }, body: "" };
}
