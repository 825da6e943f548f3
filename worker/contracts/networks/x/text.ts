/**
 * How X counts a post's length, shared by the editor (live count) and the server (validation), so both agree with
 * each other and with X. It follows twitter-text's version 3 rules:
 * - the text is NFC-normalised first;
 * - a link counts as 23 whatever its own length (X shortens it to a t.co link);
 * - an emoji counts as 2, a whole sequence (skin tone, ZWJ family, flag, keycap) once;
 * - code points in Latin, Greek, Cyrillic, Hebrew, Arabic, Indic scripts and general punctuation count 1, anything
 *   else (CJK, Hangul, kana, …) counts 2.
 * Pure and dependency-free: it runs in the browser, in workerd and in Node.
 */

export const X_MAX_WEIGHTED_LENGTH = 280;
export const X_URL_WEIGHT = 23;
const EMOJI_WEIGHT = 2;

/** twitter-text's ranges of weight 1 (by code point); everything outside them weighs 2. */
const LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

/**
 * Links X recognises without a scheme need a known top-level domain; twitter-text carries the whole IANA list. These
 * are the ones people actually type; a rarer one is counted by its characters, which can only under-count a bare
 * domain shorter than 23 characters by a few.
 */
const BARE_DOMAIN_TLDS = [
  "com",
  "net",
  "org",
  "io",
  "co",
  "ai",
  "app",
  "dev",
  "xyz",
  "me",
  "info",
  "biz",
  "gg",
  "ly",
  "to",
  "tv",
  "fm",
  "us",
  "uk",
  "de",
  "fr",
  "es",
  "it",
  "nl",
  "eu",
  "ca",
  "au",
  "jp",
  "cn",
  "in",
  "br",
  "ru",
  "ch",
  "se",
  "no",
  "fi",
  "pl",
  "be",
  "at",
  "dk",
  "ie",
  "nz",
  "kr",
  "tw",
  "hk",
  "sg",
  "mx",
  "ar",
  "cl",
  "pt",
  "cz",
  "gr",
  "tr",
  "za",
  "news",
  "blog",
  "shop",
  "site",
  "online",
  "tech",
  "store",
  "art",
  "club",
  "live",
  "link",
  "network",
  "finance",
  "money",
  "world",
  "space",
  "cloud",
  "page",
  "so",
  "sh",
  "ws",
  "cc",
  "gl",
  "im",
  "is",
  "vc",
  "id",
  "ph",
  "vn",
  "th",
  "my",
  "ng",
  "ke",
  "eth",
  "edu",
  "gov",
];

const URL_PATTERN = new RegExp(
  [
    String.raw`\bhttps?:\/\/[^\s<>"]+`,
    String.raw`(?<![\p{L}\p{N}_@.\/#-])(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${BARE_DOMAIN_TLDS.join("|")})(?![\p{L}\p{N}_-])(?:[\/?#][^\s<>"]*)?`,
  ].join("|"),
  "giu",
);
const TRAILING_PUNCTUATION = /[.,!?;:'")\]}]+$/u;
const MENTION_PATTERN = /(?<![A-Za-z0-9_!@#$%&*])[@＠]([A-Za-z0-9_]{1,15})(?![A-Za-z0-9_@])/gu;
const HASHTAG_PATTERN = /(?<![\p{L}\p{N}_&])[#＃]([\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*)/gu;

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const VARIATION_SELECTOR_EMOJI = "\ufe0f";

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

function codePointWeight(codePoint: number): number {
  return LIGHT_RANGES.some(([start, end]) => codePoint >= start && codePoint <= end) ? 1 : 2;
}

/** ©, ® and the like are emoji only when asked to be (U+FE0F); bare, they are text of weight 1. */
function isEmoji(grapheme: string): boolean {
  if (!EMOJI.test(grapheme)) return false;
  const first = grapheme.codePointAt(0) ?? 0;
  return first > 0xff || grapheme.includes(VARIATION_SELECTOR_EMOJI) || grapheme.length > 1;
}

function plainWeight(text: string): number {
  let weight = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (isEmoji(segment)) {
      weight += EMOJI_WEIGHT;
      continue;
    }
    for (const character of segment) weight += codePointWeight(character.codePointAt(0) ?? 0);
  }
  return weight;
}

export type XTextRange = { start: number; end: number };

/** The links X will shorten, as UTF-16 ranges of the (normalised) text. */
export function findXUrls(text: string): (XTextRange & { url: string })[] {
  return Array.from(text.matchAll(URL_PATTERN), (match) => {
    const url = match[0].replace(TRAILING_PUNCTUATION, "");
    return { start: match.index, end: match.index + url.length, url };
  }).filter((link) => link.url.length > 0 && !/^https?:\/\/$/iu.test(link.url));
}

/** The length X counts against its 280 limit. */
export function xWeightedLength(text: string): number {
  const normalized = text.normalize("NFC");
  let weight = 0;
  let cursor = 0;
  for (const link of findXUrls(normalized)) {
    weight += plainWeight(normalized.slice(cursor, link.start)) + X_URL_WEIGHT;
    cursor = link.end;
  }
  return weight + plainWeight(normalized.slice(cursor));
}

export type XTextCount = { weightedLength: number; remaining: number; withinLimit: boolean };

export function countXText(text: string): XTextCount {
  const weightedLength = xWeightedLength(text);
  return {
    weightedLength,
    remaining: X_MAX_WEIGHTED_LENGTH - weightedLength,
    withinLimit: weightedLength <= X_MAX_WEIGHTED_LENGTH,
  };
}

export type XTextSegment = { kind: "text" | "url" | "mention" | "hashtag"; text: string };

/** The text cut into plain runs, links, mentions and hashtags, as X highlights them (for a preview). */
export function xTextSegments(text: string): XTextSegment[] {
  const marks: (XTextRange & { kind: XTextSegment["kind"] })[] = findXUrls(text).map((link) => ({ ...link, kind: "url" }));
  const overlapsLink = (start: number) => marks.some((mark) => start >= mark.start && start < mark.end);
  for (const match of text.matchAll(MENTION_PATTERN)) {
    if (!overlapsLink(match.index)) marks.push({ start: match.index, end: match.index + match[0].length, kind: "mention" });
  }
  for (const match of text.matchAll(HASHTAG_PATTERN)) {
    if (!overlapsLink(match.index)) marks.push({ start: match.index, end: match.index + match[0].length, kind: "hashtag" });
  }
  marks.sort((a, b) => a.start - b.start);
  const segments: XTextSegment[] = [];
  let cursor = 0;
  for (const mark of marks) {
    if (mark.start < cursor) continue;
    if (mark.start > cursor) segments.push({ kind: "text", text: text.slice(cursor, mark.start) });
    segments.push({ kind: mark.kind, text: text.slice(mark.start, mark.end) });
    cursor = mark.end;
  }
  if (cursor < text.length) segments.push({ kind: "text", text: text.slice(cursor) });
  return segments;
}
