/**
 * The page is complete without its scripts (they hydrate what the server rendered), so their preloads yield to what
 * the first paint needs (docs/decisions/028-page-cost.md, third and fifth passes):
 * - `fetchpriority="low"`, as React gives the preloads of its own bootstrap modules. React Router renders its
 *   `<link rel="modulepreload">` without a priority, and Chromium then fetched every script at High, beside the
 *   stylesheet.
 * - At the end of the body instead of the head: Chromium then requests them as the stylesheets arrive, not beside them
 *   (it holds low-priority requests found past the head while render-blocking ones load), and the first frame is
 *   painted while the scripts are still loading, not after they have run, which Lighthouse's simulation had counted
 *   in the largest paint.
 *
 * Only the head is decoded and rewritten, where React writes every preload; the rest of the document is copied as
 * bytes. (The runtime's HTMLRewriter did the same for 0.4–1.4 ms of CPU a page, by parsing the whole document.)
 */
const modulePreload = '<link rel="modulepreload"';
const lowPriorityModulePreload = `${modulePreload} fetchpriority="low"`;
const modulePreloadTag = /<link rel="modulepreload"[^>]*>/g;
const hrefOf = (tag: string) => /\shref="([^"]*)"/.exec(tag)?.[1];
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const headEnd = encoder.encode("</head>");
const bodyEnd = encoder.encode("</body>");

/**
 * `document` with the module preloads of its head moved to the end of its body (to its end when it has no `</body>`)
 * and marked low priority, each named once: React Router names a page's chunks and React those of the code loaded on
 * demand (app/lib/lazy-chunks.ts), and a chunk both need was named twice. A document without a head is returned as it
 * was.
 */
export function withScriptPreloadsLast(document: Uint8Array): Uint8Array<ArrayBuffer> {
  const headEndsAt = indexOfBytes(document, headEnd);
  if (headEndsAt === -1) return new Uint8Array(document);
  const named = new Set<string | undefined>();
  const preloads: string[] = [];
  const head = encoder.encode(
    decoder.decode(document.subarray(0, headEndsAt)).replace(modulePreloadTag, (tag) => {
      const href = hrefOf(tag);
      if (href === undefined || !named.has(href)) preloads.push(tag.replace(modulePreload, lowPriorityModulePreload));
      named.add(href);
      return "";
    }),
  );
  const rest = document.subarray(headEndsAt);
  const bodyEndsAt = lastIndexOfBytes(rest, bodyEnd);
  const insertAt = bodyEndsAt === -1 ? rest.length : bodyEndsAt;
  const moved = encoder.encode(preloads.join(""));
  const rewritten = new Uint8Array(head.length + rest.length + moved.length);
  rewritten.set(head);
  rewritten.set(rest.subarray(0, insertAt), head.length);
  rewritten.set(moved, head.length + insertAt);
  rewritten.set(rest.subarray(insertAt), head.length + insertAt + moved.length);
  return rewritten;
}

function matchesAt(haystack: Uint8Array, needle: Uint8Array, at: number): boolean {
  for (let offset = 0; offset < needle.length; offset += 1) if (haystack[at + offset] !== needle[offset]) return false;
  return true;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] ?? 0;
  for (let at = haystack.indexOf(first); at !== -1 && at + needle.length <= haystack.length; at = haystack.indexOf(first, at + 1)) {
    if (matchesAt(haystack, needle, at)) return at;
  }
  return -1;
}

function lastIndexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] ?? 0;
  for (let from = haystack.length - needle.length; from >= 0;) {
    const at = haystack.lastIndexOf(first, from);
    if (at === -1) return -1;
    if (matchesAt(haystack, needle, at)) return at;
    from = at - 1;
  }
  return -1;
}
