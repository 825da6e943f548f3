import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** A request as the handlers see it: the body already read (as bytes and as text), the URL parsed. */
export type EmulatorRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: string; bytes: Buffer };

/** What a handler answers; the server writes it out. */
export type Reply = { status: number; headers: Record<string, string>; body: string };

export const MAX_BODY_BYTES = 1024 * 1024;
/** uploadBlob takes images up to 1,000,000 bytes (app.bsky.embed.images); a little more is read to say so clearly. */
export const MAX_BLOB_BODY_BYTES = 2 * 1024 * 1024;

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

const noStore = { "cache-control": "no-store" };
/** Browsers (the OAuth client of a web app may be one) call the PDS across origins, as they do bsky.social's. */
const cors = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "DPoP-Nonce, WWW-Authenticate, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy",
};

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...noStore, ...cors, ...headers },
    body: JSON.stringify(value),
  };
}

/** An XRPC error as atproto services answer them: `{ error, message }`. */
export function xrpcError(status: number, error: string, message: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error, message }, headers);
}

/** An OAuth error (RFC 6749 section 5.2). */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error, error_description: description }, headers);
}

export function htmlReply(status: number, markup: string): Reply {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...noStore }, body: markup };
}

export function redirectReply(location: string): Reply {
  return { status: 303, headers: { location, ...noStore }, body: "" };
}

export function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return { ...reply, headers: { ...reply.headers, ...headers } };
}

/** The fields of a JSON object body, or null when the body is not one. */
export function jsonObject(request: EmulatorRequest): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(request.body);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The fields of a form body (application/x-www-form-urlencoded), as OAuth endpoints take them. */
export function formFields(request: EmulatorRequest): URLSearchParams {
  return new URLSearchParams(request.body);
}
