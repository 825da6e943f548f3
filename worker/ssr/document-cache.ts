/**
 * Documents that are the same for every visitor, rendered once per isolate (docs/decisions/028-page-cost.md, third
 * and fourth passes). A page a signed-out visitor gets whose render read nothing from D1 (the sign-in page, say) is a
 * function of its URL, the brand and the configuration alone; rendering it again for every visitor repeats the same
 * work. Its HTML is kept with the nonce it was rendered with, and each later answer carries the request's own nonce
 * instead. Page data comes only from D1 (worker/loaders), so a page that read none has none that could go stale
 * and is kept for the isolate's life. A page that read data is kept only when its route rule says how old its data may
 * be (`sharedFor`: a landing page's public campaigns), and for that long; everything a signed-in user gets is rendered
 * each time.
 */
import { keepBounded } from "../isolate-memory.ts";

/** `expiresAt` null: the page read no data, so it never goes stale. */
type CachedDocument = { nonce: string; html: string; headers: [string, string][]; expiresAt: number | null };

/** Few documents qualify (the sign-in page per brand and query); the bound only keeps odd URLs from piling up. */
const MAX_DOCUMENTS = 100;
const MAX_DOCUMENT_BYTES = 256 * 1024;
const documents = new Map<string, CachedDocument>();

/** `development`: the dev server's modules change under it, so nothing is kept there. */
export type DocumentRequest = { method: string; url: string; signedIn: boolean; brand: unknown; development: boolean };

/** The key of a request whose answer may come from the cache, or null when it must be rendered. */
export function documentKey(request: DocumentRequest): string | null {
  if (request.development || request.method !== "GET" || request.signedIn) return null;
  return `${request.url}\n${JSON.stringify(request.brand)}`;
}

/** The cached document for `key` while it is fresh at `now`, answered with `nonce` in place of the one it was rendered with. */
export function cachedDocument(key: string, nonce: string, now: number): Response | null {
  const cached = documents.get(key);
  if (cached === undefined) return null;
  if (cached.expiresAt !== null && cached.expiresAt <= now) {
    documents.delete(key);
    return null;
  }
  return new Response(cached.html.replaceAll(cached.nonce, nonce), { status: 200, headers: cached.headers });
}

export type RenderFacts = {
  nonce: string;
  /** Whether the render made a D1 round trip. */
  readData: boolean;
  /** How long (ms) the route lets its data be shared (worker/edge/route-rules.ts), if at all. */
  sharedFor: number | undefined;
  now: number;
};

/**
 * Keeps `rendered` when it qualifies: a 200 HTML answer that sets no cookie, from a render that made no D1 round
 * trip or whose route lets its data be shared for a while. Gives back an equivalent response (the body has been read).
 */
export async function keepDocument(key: string, rendered: Response, { nonce, readData, sharedFor, now }: RenderFacts): Promise<Response> {
  const qualifies =
    (!readData || sharedFor !== undefined) &&
    nonce.length > 0 &&
    rendered.status === 200 &&
    !rendered.headers.has("Set-Cookie") &&
    (rendered.headers.get("Content-Type") ?? "").includes("text/html");
  if (!qualifies) return rendered;
  const html = await rendered.text();
  if (html.length <= MAX_DOCUMENT_BYTES) {
    const expiresAt = readData && sharedFor !== undefined ? now + sharedFor : null;
    keepBounded(documents, key, { nonce, html, headers: [...rendered.headers], expiresAt }, MAX_DOCUMENTS);
  }
  return new Response(html, { status: rendered.status, headers: rendered.headers });
}
