/**
 * First-load bytes of a page: the JS and CSS files its HTML makes the browser fetch before it is interactive, and their
 * gzip size as built. Used by the `first-load` benchmark and by the byte-budget test.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const tagPattern = /<(link|script)\b([^>]*)>/gi;
const attributePattern = /([\w-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g;
// Module specifiers of an inline script: `import("/x.js")`, `import * as a from "/x.js"`, `import "/x.js"`.
const inlineImportPattern = /\bimport\s*\(\s*["']([^"']+)["']\s*\)|\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g;

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(attributePattern)) {
    const name = match[1];
    if (name !== undefined) found.set(name.toLowerCase(), match[3] ?? match[4] ?? match[5] ?? "");
  }
  return found;
}

function isLocalAsset(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//");
}

/** The JS and CSS paths the HTML names (module preloads, stylesheets, script sources, inline imports), deduplicated, in document order. */
export function firstLoadAssets(html: string): string[] {
  const paths: string[] = [];
  const add = (href: string | undefined) => {
    // React Router marks a stylesheet that a chunk loaded on demand also brings with a `#`: the same file.
    const path = href?.split("#")[0];
    if (path !== undefined && isLocalAsset(path) && !paths.includes(path)) paths.push(path);
  };
  for (const match of html.matchAll(tagPattern)) {
    const [tagText, tag, attributeSource = ""] = match;
    const attrs = attributes(attributeSource);
    if (tag?.toLowerCase() === "link") {
      const rel = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
      if (rel.includes("modulepreload") || rel.includes("stylesheet")) add(attrs.get("href"));
      continue;
    }
    const source = attrs.get("src");
    if (source !== undefined) {
      add(source);
      continue;
    }
    const bodyStart = match.index + tagText.length;
    const bodyEnd = html.indexOf("</script>", bodyStart);
    const body = html.slice(bodyStart, bodyEnd === -1 ? html.length : bodyEnd);
    for (const specifier of body.matchAll(inlineImportPattern)) add(specifier[1] ?? specifier[2] ?? specifier[3]);
  }
  return paths;
}

/** The gzip size (zlib, default level) of each asset as built under clientDir, and their sum. */
export function gzipBytes(assetPaths: string[], clientDir = "build/client"): { total: number; files: { path: string; gzip: number }[] } {
  const files = assetPaths.map((path) => ({ path, gzip: gzipSync(readFileSync(join(clientDir, path.split(/[?#]/)[0] ?? path))).length }));
  return { total: files.reduce((sum, file) => sum + file.gzip, 0), files };
}
