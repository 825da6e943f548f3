import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** A request as the handlers see it: the body still as bytes (it may be gzip), the URL parsed. */
export type EmulatorRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: Buffer };

/** What a handler answers; the server writes it out. */
export type Reply = { status: number; headers: Record<string, string>; body: string };

/** Far above a browser SDK's batch (100 KB), well below anything that would hurt the machine. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(`Request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

export function header(request: EmulatorRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

const noStore = { "cache-control": "no-store" };

export function jsonReply(status: number, value: unknown): Reply {
  return { status, headers: { "content-type": "application/json; charset=utf-8", ...noStore }, body: JSON.stringify(value) };
}

export function htmlReply(status: number, markup: string): Reply {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...noStore }, body: markup };
}

/** After a form on the home page: back to the page (303, so a reload does not post again). */
export function seeOtherReply(location: string): Reply {
  return { status: 303, headers: { location, ...noStore }, body: "" };
}
