import type { IncomingHttpHeaders, IncomingMessage } from "node:http";

/** A request as an emulator's handlers see it: the URL parsed, the body read whole (as text and as bytes). */
export type EmulatorRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: string; bytes: Buffer };

/** What a handler answers; the server writes it out. Handlers stay plain functions that are easy to follow. */
export type Reply = { status: number; headers: Record<string, string>; body: string };

export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

export async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer> {
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

/** A GET from a browser (it asks for HTML): a miss is answered with a page rather than the API's error. */
export function wantsPage(request: EmulatorRequest): boolean {
  return routing(request).method === "GET" && (header(request, "accept") ?? "").includes("text/html");
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

/** The fields of a form body (application/x-www-form-urlencoded), as the home pages' forms and OAuth endpoints send them. */
export function formFields(request: EmulatorRequest): URLSearchParams {
  return new URLSearchParams(request.body);
}

/** The emulators' own answers are never cached (a client that caches by accident fails here as it would there). */
const noStore = { "cache-control": "no-store" };

/** `headers` go last, so an emulator can put its service's own caching or CORS headers in place of the defaults. */
export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": "application/json; charset=utf-8", ...noStore, ...headers }, body: JSON.stringify(value) };
}

export function htmlReply(status: number, markup: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { "content-type": "text/html; charset=utf-8", ...noStore, ...headers }, body: markup };
}

/** A redirect: 302 for OAuth's callbacks, 303 back to a page after its form (so a reload does not post again). */
export function redirectReply(status: 302 | 303, location: string, headers: Record<string, string> = {}): Reply {
  return { status, headers: { location, ...noStore, ...headers }, body: "" };
}

export function withHeaders(reply: Reply, headers: Record<string, string>): Reply {
  return { ...reply, headers: { ...reply.headers, ...headers } };
}

/** What a router looks at: the path, the method (HEAD answered as GET), and `is(method, path)` for the fixed routes. */
export function routing(request: EmulatorRequest) {
  const path = request.url.pathname;
  const method = request.method === "HEAD" ? "GET" : request.method;
  return { path, method, is: (wantedMethod: string, wantedPath: string) => method === wantedMethod && path === wantedPath };
}
