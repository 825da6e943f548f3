/**
 * The page is complete without its scripts (they hydrate what the server rendered), so they are fetched once it has
 * painted: the first frame needs the HTML and the stylesheet only, and on a slow network the scripts no longer share
 * the line with them. docs/decisions/028-page-cost.md, sixth pass.
 *
 * Two rewrites of the finished document, where React Router and React write them:
 * - the module preloads of the head go into an inert `<template>`, at low priority and each named once (React Router
 *   names a page's chunks and React those of the code loaded on demand, app/lib/lazy-chunks.ts, so a chunk both need
 *   was named twice), followed by a small script that puts them back at the first paint: on a slow phone the parser
 *   is still busy with the rest of the body then, and the scripts need not wait for it
 *   (docs/decisions/031-no-tap-lost.md);
 * - React Router's module script, which imports the route modules statically (fetched as soon as it is parsed), waits
 *   for the first paint, puts the preloads back in their place and imports the same modules dynamically; what follows
 *   (the manifest, the route modules' table, the entry's import) is as React Router wrote it.
 * By hydration the head holds the same links React Router rendered, so React finds its own elements.
 *
 * Only the head and that script are decoded; the rest of the document is left as bytes. (The runtime's HTMLRewriter did
 * the same for 0.4–1.4 ms of CPU a page, by parsing the whole document.)
 */
const modulePreload = '<link rel="modulepreload"';
const lowPriorityModulePreload = `${modulePreload} fetchpriority="low"`;
const modulePreloadTag = /<link rel="modulepreload"[^>]*>/g;
const hrefOf = (tag: string) => /\shref="([^"]*)"/.exec(tag)?.[1];
const staticImport = /import\s*\*\s*as\s+([\w$]+)\s+from\s*("[^"]*");|import\s*("[^"]*");/g;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const moduleScriptStartBytes = encoder.encode('type="module" async="">');
const findHeadEnd = bytesFinder(encoder.encode("</head>"));
const findModuleScriptStart = bytesFinder(moduleScriptStartBytes);
const findScriptEnd = bytesFinder(encoder.encode("</script>"));

/** The attribute that marks the template of deferred preloads; `afterFirstPaint` below looks for it. */
const DEFERRED_PRELOADS_ATTRIBUTE = "data-after-first-paint";

/**
 * The paint that counts is the first contentful one (text, an image): a browser may report a first paint before it
 * (the background alone), and scripts fetched from then would share the line with what the page is waiting to show.
 */
const CONTENTFUL_PAINT = "first-contentful-paint";

const putPreloadsBack = `for (const template of document.querySelectorAll("template[${DEFERRED_PRELOADS_ATTRIBUTE}]")) template.replaceWith(template.content);`;

/** Script that runs `action` once, at the first contentful paint (at once if it is already in the buffered entries). */
const atFirstContentfulPaint = (action: string) =>
  `new PerformanceObserver((list, observer) => { if (list.getEntriesByName("${CONTENTFUL_PAINT}").length === 0) return; observer.disconnect(); ${action} }).observe({ type: "paint", buffered: true });`;

/** In the head, after the template: the preloads go back at the first paint, whether or not the parser is done. */
const preloadsAtFirstPaint = `PerformanceObserver.supportedEntryTypes?.includes("paint") && ${atFirstContentfulPaint(putPreloadsBack)}`;

/**
 * Resolves once the page has painted (the paint timing entries, buffered), at once where nothing will paint (a tab
 * opened in the background) or paint timing is missing, and after 3 s whatever happens; then puts the preloads back
 * (the head's script has done so already where the page painted).
 */
const afterFirstPaint = `await new Promise((resolve) => {
if (document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
${atFirstContentfulPaint("resolve();")}
setTimeout(resolve, 3000);
});
${putPreloadsBack}
`;

/**
 * React Router's module script with its static imports made dynamic, each in its place and awaited in turn, after the
 * first paint: the modules are evaluated in the order React Router wrote (the development server's refresh runtime
 * before React), and their preloads, put back first, are already on their way.
 */
export function importsAfterFirstPaint(script: string): string {
  const dynamicImports = script.replace(
    staticImport,
    (_, binding: string | undefined, namedSpecifier: string | undefined, bareSpecifier: string) =>
      binding === undefined ? `await import(${bareSpecifier});` : `const ${binding} = await import(${namedSpecifier ?? ""});`,
  );
  return `${afterFirstPaint}${dynamicImports}`;
}

/**
 * `document` with its head's module preloads deferred and React Router's module script waiting for the first paint.
 * A document without that script (or without a head) keeps its preloads where they are, at low priority: nothing
 * would put them back. `nonce` is the page's script nonce, which the head's script carries.
 */
export function withScriptsAfterFirstPaint(document: Uint8Array, nonce?: string): Uint8Array<ArrayBuffer> {
  const foundHeadEnd = findHeadEnd(document, 0);
  const split = foundHeadEnd === -1 ? document.length : foundHeadEnd;
  const scriptBodyStart = foundHeadEnd === -1 ? -1 : findModuleScriptStart(document, split);
  const scriptBodyEnd = scriptBodyStart === -1 ? -1 : findScriptEnd(document, scriptBodyStart + moduleScriptStartBytes.length);
  const deferred = scriptBodyEnd !== -1;

  const parts: Uint8Array[] = [encoder.encode(headWithPreloads(decoder.decode(document.subarray(0, split)), deferred, nonce))];
  if (deferred) {
    const bodyStart = scriptBodyStart + moduleScriptStartBytes.length;
    parts.push(document.subarray(split, bodyStart));
    parts.push(encoder.encode(importsAfterFirstPaint(decoder.decode(document.subarray(bodyStart, scriptBodyEnd)))));
    parts.push(document.subarray(scriptBodyEnd));
  } else {
    parts.push(document.subarray(split));
  }
  const rewritten = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    rewritten.set(part, offset);
    offset += part.length;
  }
  return rewritten;
}

/**
 * The head with each module preload named once and marked low priority, all in one template where deferred, with the
 * script that puts them back at the first paint after it.
 */
function headWithPreloads(head: string, deferred: boolean, nonce: string | undefined): string {
  const named = new Set<string | undefined>();
  let rewritten = "";
  let preloads = "";
  let templateAt = -1;
  let copiedUpTo = 0;
  for (const match of head.matchAll(modulePreloadTag)) {
    rewritten += head.slice(copiedUpTo, match.index);
    copiedUpTo = match.index + match[0].length;
    const href = hrefOf(match[0]);
    if (href !== undefined && named.has(href)) continue;
    named.add(href);
    const marked = match[0].replace(modulePreload, lowPriorityModulePreload);
    if (!deferred) {
      rewritten += marked;
      continue;
    }
    // The template takes the place of the first preload.
    if (templateAt === -1) templateAt = rewritten.length;
    preloads += marked;
  }
  rewritten += head.slice(copiedUpTo);
  if (templateAt === -1) return rewritten;
  const script = `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${preloadsAtFirstPaint}</script>`;
  return `${rewritten.slice(0, templateAt)}<template ${DEFERRED_PRELOADS_ATTRIBUTE}>${preloads}</template>${script}${rewritten.slice(templateAt)}`;
}

/**
 * A search for `needle` (under 256 bytes) in bytes (Boyer–Moore–Horspool): it skips ahead by up to the needle's
 * length, where a search for the first byte stops at every `t` of a document to look for `type="module"`.
 */
function bytesFinder(needle: Uint8Array): (haystack: Uint8Array, from: number) => number {
  const last = needle.length - 1;
  const shift = new Uint8Array(256).fill(needle.length);
  for (let index = 0; index < last; index += 1) shift[needle[index] ?? 0] = last - index;
  return (haystack, from) => {
    for (let at = from; at + last < haystack.length; at += shift[haystack[at + last] ?? 0] ?? needle.length) {
      let matched = last;
      while (matched >= 0 && haystack[at + matched] === needle[matched]) matched -= 1;
      if (matched < 0) return at;
    }
    return -1;
  };
}
