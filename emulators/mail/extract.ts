/**
 * What a person looks for in a message: one-time codes and links. The home page highlights them and the JSON
 * endpoint lists them, so a test reads a code the way a person would, from the text, not from a side channel.
 */

export type Segment = { kind: "text" | "link" | "code"; value: string };

const LINK = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,!?;:'")\]]+$/;
// Six digits standing alone: not part of a longer number (also not of 1,234,567 or 123456.78) nor of a word.
const CODE = /(?<![0-9A-Za-z]|[0-9][.,])[0-9]{6}(?![0-9A-Za-z]|[.,][0-9])/g;

function codeSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(CODE)) {
    if (match.index > cursor) segments.push({ kind: "text", value: text.slice(cursor, match.index) });
    segments.push({ kind: "code", value: match[0] });
    cursor = match.index + match[0].length;
  }
  if (cursor < text.length) segments.push({ kind: "text", value: text.slice(cursor) });
  return segments;
}

/** The text cut into plain runs, links and codes, in order. Digits inside a link are part of the link, not a code. */
export function segmentsOf(text: string): Segment[] {
  const segments: Segment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(LINK)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, "");
    if (link.length <= "https://".length) continue;
    segments.push(...codeSegments(text.slice(cursor, match.index)));
    segments.push({ kind: "link", value: link });
    cursor = match.index + link.length;
  }
  segments.push(...codeSegments(text.slice(cursor)));
  return segments;
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}

/** Every standalone six-digit number outside links, in order of first appearance. */
export function codesIn(text: string): string[] {
  return distinct(segmentsOf(text).flatMap((segment) => (segment.kind === "code" ? [segment.value] : [])));
}

/** Every http(s) URL, in order of first appearance. */
export function linksIn(text: string): string[] {
  return distinct(segmentsOf(text).flatMap((segment) => (segment.kind === "link" ? [segment.value] : [])));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/**
 * A readable text of an HTML-only message, for the page and for finding codes and links: tags dropped, block ends
 * and line breaks kept as new lines, each link's address written after its label.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, "")
    .replace(/<a\b[^>]*\bhref\s*=\s*["'](https?:[^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi, "$2 ($1)")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|tr|h[1-6]|table|blockquote)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** What the outbox reads: the text part, or the HTML's text when a message has none. */
export function readableText(message: { text: string | null; html: string | null }): string {
  return message.text ?? (message.html === null ? "" : textOfHtml(message.html));
}
