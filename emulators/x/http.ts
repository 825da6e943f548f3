import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** A request as the handlers see it: the body already read (as text, and as bytes for uploads), the URL parsed. */
export type EmulatorRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: string; bytes?: Buffer };

/** What a handler answers; the server writes it out. Handlers stay plain functions that are easy to follow. */
export type Reply = { status: number; headers: Record<string, string>; body: string };

const MAX_BODY_BYTES = 1024 * 1024;
/** A media upload carries an image of up to 5 MB plus the multipart framing around it. */
export const MAX_MEDIA_BODY_BYTES = 5 * 1024 * 1024 + 64 * 1024;

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

export async function readBody(request: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) throw new BodyTooLargeError(`Request body over ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function header(request: EmulatorRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

// X marks its API answers as never cacheable; clients that cache by accident then fail here as they would there.
const noStore = { "cache-control": "no-cache, no-store, max-age=0" };

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...noStore, ...headers },
    body: JSON.stringify(value),
  };
}

/** X answers API errors as RFC 7807 problem documents. */
export function problemReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "content-type": "application/problem+json", ...noStore, ...headers },
    body: JSON.stringify(value),
  };
}

export function htmlReply(status: number, markup: string): Reply {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...noStore }, body: markup };
}

export function redirectReply(location: string): Reply {
  return { status: 302, headers: { location, ...noStore }, body: "" };
}

export function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return { ...reply, headers: { ...reply.headers, ...headers } };
}
