/**
 * The page is complete without its scripts (they hydrate what the server rendered), so their preloads yield to what
 * the first paint needs, the stylesheet and images: `fetchpriority="low"`, as React gives the preloads of its own
 * bootstrap modules. React Router renders its `<link rel="modulepreload">` without a priority, and Chromium then
 * fetches every script at High, beside the stylesheet. docs/decisions/028-page-cost.md, third pass.
 *
 * Only the head is rewritten, where React writes every preload; the rest of the document is left as bytes. (The
 * runtime's HTMLRewriter did the same for 0.4–1.4 ms of CPU a page, by parsing the whole document.)
 */
const modulePreload = '<link rel="modulepreload"';
const lowPriorityModulePreload = `${modulePreload} fetchpriority="low"`;
const modulePreloadTag = /<link rel="modulepreload"[^>]*>/g;
const hrefOf = (tag: string) => /\shref="([^"]*)"/.exec(tag)?.[1];
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const headEnd = encoder.encode("</head>");

/**
 * `document` with every module preload of its head marked low priority (the whole of it when it has no head), and
 * named once: React Router names a page's chunks and React those of the code loaded on demand
 * (app/lib/lazy-chunks.ts), and a chunk both need was named twice.
 */
export function withLowPriorityScriptPreloads(document: Uint8Array): Uint8Array<ArrayBuffer> {
  const found = indexOfBytes(document, headEnd);
  const split = found === -1 ? document.length : found;
  const named = new Set<string | undefined>();
  const head = encoder.encode(
    decoder.decode(document.subarray(0, split)).replace(modulePreloadTag, (tag) => {
      const href = hrefOf(tag);
      if (href !== undefined && named.has(href)) return "";
      named.add(href);
      return tag.replace(modulePreload, lowPriorityModulePreload);
    }),
  );
  const rest = document.subarray(split);
  const rewritten = new Uint8Array(head.length + rest.length);
  rewritten.set(head);
  rewritten.set(rest, head.length);
  return rewritten;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0] ?? 0;
  for (let at = haystack.indexOf(first); at !== -1 && at + needle.length <= haystack.length; at = haystack.indexOf(first, at + 1)) {
    let matched = 1;
    while (matched < needle.length && haystack[at + matched] === needle[matched]) matched += 1;
    if (matched === needle.length) return at;
  }
  return -1;
}
