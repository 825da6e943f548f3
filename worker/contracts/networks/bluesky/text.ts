import type { TextSegment } from "../rules.ts";

/** Bluesky counts a post's length in graphemes (what a person sees as one character): at most 300. */
export const BLUESKY_MAX_GRAPHEMES = 300;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export function blueskyGraphemeLength(text: string): number {
  return [...graphemes.segment(text)].length;
}

/**
 * Mentions, links and hashtags as Bluesky's apps find them (the patterns of @atproto/api's RichText, which the
 * worker uses to write the post's facets): for the editor's preview, without resolving handles.
 */
const SEGMENT =
  /(?<mention>(?<=^|[\s(])@[a-zA-Z0-9.-]+\.[a-zA-Z]+)|(?<url>(?<=^|[\s(])https?:\/\/[^\s]+[^\s.,;:!?)"'])|(?<tag>(?<=^|\s)[#＃][^\s\p{P}\d][^\s#＃]*)/gu;

export function blueskyTextSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(SEGMENT)) {
    const start = match.index;
    if (start > last) segments.push({ kind: "text", text: text.slice(last, start) });
    const kind = match.groups?.mention !== undefined ? "mention" : match.groups?.url !== undefined ? "url" : "hashtag";
    segments.push({ kind, text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: "text", text: text.slice(last) });
  return segments;
}
