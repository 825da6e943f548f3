import { Agent, AtUri, RichText, type AppBskyEmbedImages } from "@atproto/api";
import type { OAuthSession } from "@atproto/oauth-client";
import { BlueskyError, blueskyErrorFrom } from "./errors.ts";

/** What Bluesky allows a post (app.bsky.feed.post and app.bsky.embed.images). */
export const BLUESKY_MAX_GRAPHEMES = 300;
export const BLUESKY_MAX_IMAGES = 4;
export const BLUESKY_MAX_IMAGE_BYTES = 1_000_000;
/** app.bsky.feed.getPosts takes at most 25 URIs a call. */
export const BLUESKY_READ_BATCH_SIZE = 25;
const POST_COLLECTION = "app.bsky.feed.post";

export type BlueskyImage = { bytes: ArrayBuffer; contentType: string; alt?: string };
export type BlueskyPublished = { uri: string; cid: string; postedAt: number };

/**
 * Publishes a post through the user's PDS: facets for mentions, hashtags and links found by @atproto/api's RichText
 * (byte offsets in UTF-8; mentions resolved to DIDs through `resolver`, the public app view), images uploaded first.
 */
export async function publishBlueskyPost(
  session: OAuthSession,
  resolver: Agent,
  post: { text: string; images: readonly BlueskyImage[]; createdAt: number },
): Promise<BlueskyPublished> {
  const agent = new Agent(session);
  const richText = new RichText({ text: post.text });
  if (richText.graphemeLength > BLUESKY_MAX_GRAPHEMES) {
    throw new BlueskyError(
      "invalid-post",
      `A post is at most ${BLUESKY_MAX_GRAPHEMES} graphemes (this one has ${richText.graphemeLength})`,
    );
  }
  if (post.images.length > BLUESKY_MAX_IMAGES) throw new BlueskyError("invalid-post", `A post has at most ${BLUESKY_MAX_IMAGES} images`);
  try {
    await richText.detectFacets(resolver);
  } catch (error) {
    throw blueskyErrorFrom(error);
  }
  const images: AppBskyEmbedImages.Image[] = [];
  for (const image of post.images) {
    if (image.bytes.byteLength > BLUESKY_MAX_IMAGE_BYTES) {
      throw new BlueskyError("invalid-post", `An image is at most ${BLUESKY_MAX_IMAGE_BYTES} bytes`, { imageUpload: true });
    }
    try {
      const uploaded = await agent.com.atproto.repo.uploadBlob(new Uint8Array(image.bytes), { encoding: image.contentType });
      images.push({ alt: image.alt ?? "", image: uploaded.data.blob });
    } catch (error) {
      throw blueskyErrorFrom(error, { imageUpload: true });
    }
  }
  const record = {
    $type: POST_COLLECTION,
    text: richText.text,
    ...(richText.facets === undefined || richText.facets.length === 0 ? {} : { facets: richText.facets }),
    ...(images.length === 0 ? {} : { embed: { $type: "app.bsky.embed.images", images } }),
    createdAt: new Date(post.createdAt).toISOString(),
  };
  try {
    const created = await agent.com.atproto.repo.createRecord({ repo: session.did, collection: POST_COLLECTION, record });
    return { uri: created.data.uri, cid: created.data.cid, postedAt: post.createdAt };
  } catch (error) {
    throw blueskyErrorFrom(error);
  }
}

/** Deletes a post of the session's account (deleting one that is gone already succeeds, as on Bluesky). */
export async function deleteBlueskyPost(session: OAuthSession, uri: string): Promise<void> {
  const target = new AtUri(uri);
  if (target.host !== session.did || target.collection !== POST_COLLECTION) {
    throw new BlueskyError("refused", "Only the account's own posts can be deleted");
  }
  try {
    await new Agent(session).com.atproto.repo.deleteRecord({ repo: session.did, collection: POST_COLLECTION, rkey: target.rkey });
  } catch (error) {
    throw blueskyErrorFrom(error);
  }
}

/** A post as the public app view shows it now; Bluesky has no view counts. */
export type BlueskyPostRead = {
  uri: string;
  authorDid: string;
  text: string;
  counts: { likes: number; reposts: number; replies: number; quotes: number };
};

/**
 * Reads posts from the public app view in batches of 25 (no user session needed): the posts it still shows, and the
 * URIs it left out (deleted, or taken down), which are gone.
 */
export async function readBlueskyPosts(appView: Agent, uris: readonly string[]): Promise<{ found: BlueskyPostRead[]; missing: string[] }> {
  const found: BlueskyPostRead[] = [];
  for (let start = 0; start < uris.length; start += BLUESKY_READ_BATCH_SIZE) {
    const batch = uris.slice(start, start + BLUESKY_READ_BATCH_SIZE);
    let posts;
    try {
      posts = (await appView.app.bsky.feed.getPosts({ uris: batch })).data.posts;
    } catch (error) {
      throw blueskyErrorFrom(error);
    }
    for (const post of posts) {
      const record = post.record as { text?: unknown };
      found.push({
        uri: post.uri,
        authorDid: post.author.did,
        text: typeof record.text === "string" ? record.text : "",
        counts: { likes: post.likeCount ?? 0, reposts: post.repostCount ?? 0, replies: post.replyCount ?? 0, quotes: post.quoteCount ?? 0 },
      });
    }
  }
  const seen = new Set(found.map((post) => post.uri));
  return { found, missing: uris.filter((uri) => !seen.has(uri)) };
}
