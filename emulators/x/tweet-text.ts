import { createHash } from "node:crypto";
import type { XUrlEntity } from "./state.ts";

export const MAX_TWEET_LENGTH = 280;
/** Every link counts as a t.co link of this length, whatever its own length (twitter-text's rule). */
const SHORT_URL_LENGTH = 23;

const URL_PATTERN = /https?:\/\/[^\s]+/gu;
const TRAILING_PUNCTUATION = /[.,!?;:'")\]]+$/u;
const HASHTAG_PATTERN = /(^|[^\p{L}\p{N}_&])[#＃]([\p{L}\p{N}_]*[\p{L}_][\p{L}\p{N}_]*)/gu;
const MENTION_PATTERN = /(^|[^A-Za-z0-9_!@#$%&*])[@＠]([A-Za-z0-9_]{1,15})(?![A-Za-z0-9_@])/gu;

type Link = { index: number; url: string };

function links(text: string): Link[] {
  return Array.from(text.matchAll(URL_PATTERN), (match) => ({
    index: match.index,
    url: match[0].replace(TRAILING_PUNCTUATION, ""),
  }));
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** The length X counts against the 280 limit: code points, with every link as 23. */
export function weightedLength(text: string): number {
  let length = 0;
  let cursor = 0;
  for (const link of links(text)) {
    length += codePoints(text.slice(cursor, link.index)) + SHORT_URL_LENGTH;
    cursor = link.index + link.url.length;
  }
  return length + codePoints(text.slice(cursor));
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function shortLink(tweetId: string, position: number, url: string): string {
  const digest = createHash("sha256").update(`${tweetId}:${position}:${url}`).digest();
  const path = Array.from(digest.subarray(0, 10), (byte) => BASE62[byte % 62]).join("");
  return `https://t.co/${path}`;
}

function displayUrl(url: string): string {
  const bare = url.replace(/^https?:\/\/(www\.)?/u, "");
  return bare.length > 26 ? `${bare.slice(0, 26)}…` : bare;
}

/**
 * X stores a post with every link replaced by a t.co link and reports the original in `entities.urls`. Doing the
 * same here means code that checks a required link has to read the entities, as it must against the real X.
 */
export function shortenLinks(text: string, tweetId: string): { text: string; urls: XUrlEntity[] } {
  const urls: XUrlEntity[] = [];
  let output = "";
  let cursor = 0;
  for (const [position, link] of links(text).entries()) {
    output += text.slice(cursor, link.index);
    const short = shortLink(tweetId, position, link.url);
    const start = codePoints(output);
    urls.push({ start, end: start + codePoints(short), url: short, expanded_url: link.url, display_url: displayUrl(link.url) });
    output += short;
    cursor = link.index + link.url.length;
  }
  return { text: output + text.slice(cursor), urls };
}

export type TweetEntities = {
  urls?: XUrlEntity[];
  hashtags?: { start: number; end: number; tag: string }[];
  mentions?: { start: number; end: number; username: string; id?: string }[];
};

/** The `entities` field of a post, or undefined when it has none (X then leaves the field out). */
export function tweetEntities(
  text: string,
  urls: XUrlEntity[],
  accountIdByUsername: (username: string) => string | undefined,
): TweetEntities | undefined {
  const entities: TweetEntities = {};
  if (urls.length > 0) entities.urls = urls;
  const hashtags = Array.from(text.matchAll(HASHTAG_PATTERN), (match) => {
    const tag = match[2] ?? "";
    const start = codePoints(text.slice(0, match.index + (match[1] ?? "").length));
    return { start, end: start + 1 + codePoints(tag), tag };
  });
  if (hashtags.length > 0) entities.hashtags = hashtags;
  const mentions = Array.from(text.matchAll(MENTION_PATTERN), (match) => {
    const username = match[2] ?? "";
    const start = codePoints(text.slice(0, match.index + (match[1] ?? "").length));
    const id = accountIdByUsername(username);
    return { start, end: start + 1 + username.length, username, ...(id === undefined ? {} : { id }) };
  });
  if (mentions.length > 0) entities.mentions = mentions;
  return Object.keys(entities).length > 0 ? entities : undefined;
}
