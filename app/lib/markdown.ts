/**
 * A small Markdown subset for campaign descriptions (written by advertisers, so untrusted) and articles:
 * headings, paragraphs, lists, emphasis, code and links. It yields a tree, never HTML, so nothing in the source
 * can inject markup; links accept only http(s), mailto and site-relative targets.
 */
export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; children: Inline[] }
  | { kind: "emphasis"; children: Inline[] }
  | { kind: "code"; text: string }
  | { kind: "link"; href: string; external: boolean; children: Inline[] };

export type Block =
  | { kind: "heading"; level: 2 | 3 | 4; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] };

const unorderedItem = /^\s*[-*+]\s+(.*)$/;
const orderedItem = /^\s*\d+[.)]\s+(.*)$/;
const heading = /^(#{1,6})\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: "paragraph", children: parseInline(paragraph.join(" ")) });
    if (list !== null) blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };

  for (const line of lines) {
    const trimmed = line.trim();
    const headingMatch = heading.exec(trimmed);
    const unordered = unorderedItem.exec(line);
    const ordered = unordered === null ? orderedItem.exec(line) : null;
    if (trimmed === "") {
      flush();
    } else if (headingMatch !== null) {
      flush();
      // Level 1 belongs to the page title, so headings in content start at level 2.
      const level = Math.min(4, Math.max(2, (headingMatch[1] ?? "").length + 1)) as 2 | 3 | 4;
      blocks.push({ kind: "heading", level, children: parseInline(headingMatch[2] ?? "") });
    } else if (unordered !== null || ordered !== null) {
      const isOrdered = ordered !== null;
      const text = (unordered ?? ordered)?.[1] ?? "";
      if (paragraph.length > 0 || (list !== null && list.ordered !== isOrdered)) flush();
      if (list === null) list = { ordered: isOrdered, items: [] };
      list.items.push(text);
    } else if (list !== null && /^\s{2,}/.test(line)) {
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last] ?? ""} ${trimmed}`;
    } else {
      if (list !== null) flush();
      paragraph.push(trimmed);
    }
  }
  flush();
  return blocks;
}

const inlinePattern = /\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|_(.+?)_|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/;

export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = inlinePattern.exec(rest);
    if (match === null) {
      nodes.push({ kind: "text", text: rest });
      break;
    }
    if (match.index > 0) nodes.push({ kind: "text", text: rest.slice(0, match.index) });
    const [whole, strongA, strongB, emA, emB, code, linkText, linkTarget] = match;
    if (strongA !== undefined || strongB !== undefined) {
      nodes.push({ kind: "strong", children: parseInline(strongA ?? strongB ?? "") });
    } else if (emA !== undefined || emB !== undefined) {
      nodes.push({ kind: "emphasis", children: parseInline(emA ?? emB ?? "") });
    } else if (code !== undefined) {
      nodes.push({ kind: "code", text: code });
    } else if (linkText !== undefined && linkTarget !== undefined) {
      const link = safeLink(linkTarget);
      nodes.push(
        link === null
          ? { kind: "text", text: linkText }
          : { kind: "link", href: link.href, external: link.external, children: parseInline(linkText) },
      );
    }
    rest = rest.slice(match.index + whole.length);
  }
  return nodes;
}

/** A base that no real link names: a target that resolves to another origin than this one leaves the site. */
const IN_APP = new URL("https://in-app.invalid");

/**
 * Only http(s) and mailto leave the site; anything else (javascript:, data:) is dropped to plain text. A target is
 * in-app only when the browser would resolve it on this site: `//host`, `/\host` and `\\host` are protocol-relative
 * (browsers read `\` as `/`), so they are external links to that host, shown and opened as such.
 */
export function safeLink(target: string): { href: string; external: boolean } | null {
  if (target.startsWith("/") || target.startsWith("\\")) {
    let resolved: URL;
    try {
      resolved = new URL(target, IN_APP);
    } catch {
      return null;
    }
    // The path as the browser resolved it, but never starting with "//", which would make it protocol-relative again.
    const path = resolved.pathname.replace(/^\/+/, "/");
    if (resolved.origin === IN_APP.origin) return { href: `${path}${resolved.search}${resolved.hash}`, external: false };
    return { href: resolved.href, external: true };
  }
  try {
    const url = new URL(target);
    if (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "mailto:") {
      return { href: url.href, external: true };
    }
  } catch {
    return null;
  }
  return null;
}

/** Reads the `---` block at the top of a content file: `key: value` lines, then the body. */
export function splitFrontMatter(source: string): { attributes: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source.replace(/\r\n?/g, "\n"));
  if (match === null) return { attributes: {}, body: source };
  const attributes: Record<string, string> = {};
  for (const line of (match[1] ?? "").split("\n")) {
    const separator = line.indexOf(":");
    if (separator > 0) attributes[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { attributes, body: source.slice(match[0].length) };
}
