import { env } from "cloudflare:test";
import { Agent } from "@atproto/api";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { configFrom } from "../../../worker/config.ts";
import { blueskyOAuthClient } from "../../../worker/domain/networks/bluesky/oauth-client.ts";
import { BLUESKY_SCOPE } from "../../../worker/domain/networks/bluesky/client-metadata.ts";
import { deleteBlueskyPost, publishBlueskyPost, readBlueskyPosts } from "../../../worker/domain/networks/bluesky/posts.ts";
import { approveOnBluesky, blueskyRecord, createBlueskyAccount, uniqueHandle } from "./bluesky-stand-in.ts";

const appOrigin = "http://127.0.0.1:8787";
const config = configFrom(env);
const deps = { db: env.DB, clock: systemClock, config, encryptionKey: config.secrets.tokenEncryptionKey };
const appView = new Agent(config.bluesky.appViewUrl);

async function signedInSession(handle: string) {
  await createBlueskyAccount(handle);
  const client = blueskyOAuthClient(deps, appOrigin);
  const authorizationUrl = await client.authorize(handle, { state: "chorus-state", scope: BLUESKY_SCOPE });
  const callback = await approveOnBluesky(authorizationUrl.toString(), handle);
  const { session, state } = await client.callback(callback.searchParams);
  return { client, session, state, callback };
}

describe("Bluesky through @atproto/oauth-client and @atproto/api, against the stand-in", () => {
  it("signs in with PAR, PKCE and DPoP and hands back the app's state", async () => {
    const handle = uniqueHandle("ada");
    const { session, state, callback } = await signedInSession(handle);
    expect(callback.origin + callback.pathname).toBe("http://127.0.0.1:8787/auth/bluesky/callback");
    expect(callback.searchParams.get("iss")).toBe(config.bluesky.appViewUrl);
    expect(state).toBe("chorus-state");
    expect(session.did).toMatch(/^did:plc:[a-z2-7]{24}$/);
    const info = await session.getTokenInfo();
    expect(info.scope).toBe("atproto repo:app.bsky.feed.post blob:image/*");
  });

  it("publishes with facets at UTF-8 byte offsets, then reads and deletes", async () => {
    const bob = uniqueHandle("bob");
    await createBlueskyAccount(bob);
    const { session } = await signedInSession(uniqueHandle("cyd"));
    const text = `#ad Café ☕ with @${bob} https://example.com/x #chorus`;
    const published = await publishBlueskyPost(session, appView, { text, images: [], createdAt: Date.parse("2026-11-27T10:00:00Z") });
    const record = await blueskyRecord(published.uri);
    // "#ad" is bytes 0-3; "Café ☕ with " takes 15 bytes (é 2, ☕ 3), so the mention starts at byte 19.
    const mentionEnd = 19 + 1 + bob.length;
    const facets = (record?.facets as { index: unknown; features: unknown }[]).map(({ index, features }) => ({ index, features }));
    expect(facets).toEqual([
      { index: { byteStart: 0, byteEnd: 3 }, features: [{ $type: "app.bsky.richtext.facet#tag", tag: "ad" }] },
      {
        index: { byteStart: 19, byteEnd: mentionEnd },
        features: [{ $type: "app.bsky.richtext.facet#mention", did: expect.stringMatching(/^did:plc:/) }],
      },
      {
        index: { byteStart: mentionEnd + 1, byteEnd: mentionEnd + 22 },
        features: [{ $type: "app.bsky.richtext.facet#link", uri: "https://example.com/x" }],
      },
      {
        index: { byteStart: mentionEnd + 23, byteEnd: mentionEnd + 30 },
        features: [{ $type: "app.bsky.richtext.facet#tag", tag: "chorus" }],
      },
    ]);
    expect(record?.createdAt).toBe("2026-11-27T10:00:00.000Z");

    const read = await readBlueskyPosts(appView, [published.uri]);
    expect(read.missing).toEqual([]);
    expect(read.found).toEqual([
      { uri: published.uri, authorDid: session.did, text, counts: { likes: 0, reposts: 0, replies: 0, quotes: 0 } },
    ]);

    await deleteBlueskyPost(session, published.uri);
    expect(await readBlueskyPosts(appView, [published.uri])).toEqual({ found: [], missing: [published.uri] });
  });
});
