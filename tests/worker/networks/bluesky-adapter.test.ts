import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { configFrom } from "../../../worker/config.ts";
import { NetworkError, type NetworkAdapter } from "../../../worker/domain/networks/adapter.ts";
import { networksFor } from "../../../worker/domain/networks/registry.ts";
import { signInThroughX } from "../support/browser.ts";
import {
  ageBlueskyPostOnNetwork,
  approveOnBluesky,
  blueskyRecord,
  createBlueskyAccount,
  currentUser,
  deleteBlueskyPostOnNetwork,
  editBlueskyPostOnNetwork,
  exhaustBlueskyWrites,
  revokeBlueskyApps,
  signInThroughBluesky,
  uniqueHandle,
} from "./bluesky-stand-in.ts";
import { networkAdapterContract } from "../support/network-adapter-contract.ts";

const config = configFrom(env);
const bluesky: NetworkAdapter = networksFor({ db: env.DB, clock: systemClock, config, encryptionKey: config.secrets.tokenEncryptionKey })(
  "bluesky",
);

/** A 1×1 transparent PNG (68 bytes). */
const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII="), (c) =>
  c.charCodeAt(0),
);

async function refusal(call: Promise<unknown>): Promise<NetworkError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof NetworkError)) throw new Error(`Expected a NetworkError, got ${String(error)}`);
  return error;
}

describe("The Bluesky adapter against the stand-in", () => {
  it("states Bluesky's rules", () => {
    expect(bluesky.rules.text).toMatchObject({ limit: 300, counting: "graphemes" });
    expect(bluesky.rules.text.count("#ad 👨‍👩‍👧 café")).toBe(10);
    expect(bluesky.rules.metrics).toEqual(["likes", "reposts", "replies", "quotes"]);
    expect(bluesky.rules.readBatchSize).toBe(25);
    expect(bluesky.rules.paidPartnershipLabel).toBeNull();
  });

  it("publishes text with an image, reads it back with its counts, and deletes it", async () => {
    const { userId, did } = await signInThroughBluesky(uniqueHandle("pia"));
    expect(await bluesky.canPublish(userId)).toBe(true);
    const published = await bluesky.publish(userId, {
      text: "#ad Our new mug",
      images: [{ bytes: png.buffer, contentType: "image/png" }],
      paidPartnership: true,
    });
    expect(published.id).toMatch(new RegExp(`^at://${did}/app\\.bsky\\.feed\\.post/[a-z2-7]{13}$`));
    const record = await blueskyRecord(published.id);
    expect(record?.embed).toEqual({
      $type: "app.bsky.embed.images",
      images: [{ alt: "", image: { $type: "blob", ref: { $link: expect.stringMatching(/^bafkrei/) }, mimeType: "image/png", size: 68 } }],
    });

    const read = await bluesky.readPosts(userId, [published.id]);
    expect(read).toEqual({
      found: [
        {
          id: published.id,
          authorId: did,
          text: "#ad Our new mug",
          paidPartnership: null,
          metrics: { impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 },
        },
      ],
      missing: [],
    });
    expect(await bluesky.recentPosts(userId, { since: published.postedAt - 1000, limit: 10 })).toEqual([
      { id: published.id, text: "#ad Our new mug", createdAt: published.postedAt },
    ]);

    await bluesky.deletePost(userId, published.id);
    expect(await bluesky.readPosts(userId, [published.id])).toEqual({ found: [], missing: [published.id] });
  });

  it("reads the counts of a post two days old on Bluesky: grown, and no views or bookmarks", async () => {
    const { userId } = await signInThroughBluesky(uniqueHandle("oda"));
    const published = await bluesky.publish(userId, { text: "#ad Two days on", images: [], paidPartnership: true });
    await ageBlueskyPostOnNetwork(published.id, 48);
    const [read] = (await bluesky.readPosts(userId, [published.id])).found;
    // The stand-in's least-liked post has 5 likes at its peak, 98 % of it after 48 hours.
    expect(read?.metrics?.likes).toBeGreaterThanOrEqual(4);
    expect(read?.metrics).toMatchObject({ impressions: 0, bookmarks: 0 });
  });

  it("reads more posts than one getPosts call takes, in batches of 25, and notices posts gone or edited on Bluesky", async () => {
    const { userId, did } = await signInThroughBluesky(uniqueHandle("ben"));
    const kept = await bluesky.publish(userId, { text: "#ad kept", images: [], paidPartnership: true });
    const deleted = await bluesky.publish(userId, { text: "#ad deleted", images: [], paidPartnership: true });
    const edited = await bluesky.publish(userId, { text: "#ad edited", images: [], paidPartnership: true });
    await deleteBlueskyPostOnNetwork(deleted.id);
    await editBlueskyPostOnNetwork(edited.id, "no disclosure any more");
    const neverPosted = Array.from(
      { length: 27 },
      (_, index) => `at://${did}/app.bsky.feed.post/2222222222${String(index).padStart(3, "a")}`,
    );
    const read = await bluesky.readPosts(userId, [kept.id, deleted.id, edited.id, ...neverPosted]);
    expect(read.found.map((post) => [post.id, post.text])).toEqual([
      [kept.id, "#ad kept"],
      [edited.id, "no disclosure any more"],
    ]);
    expect(read.missing).toEqual([deleted.id, ...neverPosted]);
  });

  it("refuses a post over 300 graphemes before sending it, and says what Bluesky refused over 3,000 bytes", async () => {
    const { userId } = await signInThroughBluesky(uniqueHandle("gus"));
    const tooLong = await refusal(bluesky.publish(userId, { text: "a".repeat(301), images: [], paidPartnership: true }));
    expect([tooLong.kind, tooLong.detail]).toEqual(["invalid-post", "A post is at most 300 graphemes (this one has 301)"]);
    // 300 graphemes, each a family emoji of 18 bytes: within the count, over the record's byte limit.
    const heavy = await refusal(bluesky.publish(userId, { text: "👨‍👩‍👧".repeat(300), images: [], paidPartnership: true }));
    expect([heavy.kind, heavy.detail]).toEqual([
      "invalid-post",
      "Invalid app.bsky.feed.post record: Record/text must not be longer than 3000 characters",
    ]);
  });

  it("says when Bluesky's write limit is reached, and until when", async () => {
    const { userId } = await signInThroughBluesky(uniqueHandle("rex"));
    // The test stand-in allows 60 write points an hour (tests/support/test-bindings.ts); a post costs 3.
    for (let post = 1; post <= 20; post += 1)
      await bluesky.publish(userId, { text: `#ad post ${post}`, images: [], paidPartnership: true });
    const before = Date.now();
    const limited = await refusal(bluesky.publish(userId, { text: "#ad one too many", images: [], paidPartnership: true }));
    expect([limited.kind, limited.detail]).toEqual(["rate-limited", "RateLimitExceeded: Rate Limit Exceeded"]);
    expect(limited.retryAt).toBeGreaterThan(before);
    expect(limited.retryAt).toBeLessThanOrEqual(before + 60 * 60 * 1000 + 1000);
  });

  it("says access is missing for a user without Bluesky, and revoked once the account revokes Chorus", async () => {
    const { browser } = await signInThroughX("no_bluesky_nell");
    const xOnly = (await currentUser(browser)).id;
    expect(await bluesky.canPublish(xOnly)).toBe(false);
    expect((await refusal(bluesky.publish(xOnly, { text: "#ad hi", images: [], paidPartnership: true }))).kind).toBe("missing-access");

    const handle = uniqueHandle("rita");
    const { userId } = await signInThroughBluesky(handle);
    await revokeBlueskyApps(handle);
    expect((await refusal(bluesky.publish(userId, { text: "#ad hi", images: [], paidPartnership: true }))).kind).toBe("access-revoked");
    expect(await bluesky.canPublish(userId)).toBe(false);
  });
});

/** Bluesky's adapter against the stand-in over real HTTP, with the same cases as every network. */
networkAdapterContract("Bluesky against the stand-in", () => ({
  adapter: bluesky,
  now: () => systemClock.now(),
  standIn: {
    async newAccount(prefix) {
      const handle = uniqueHandle(prefix.replace(/_/g, "-"));
      await createBlueskyAccount(handle);
      return handle;
    },
    approve: async (authorizationUrl, handle) => (await approveOnBluesky(authorizationUrl, handle)).searchParams,
    editText: editBlueskyPostOnNetwork,
    exhaustAllowance: async (handle) => {
      await exhaustBlueskyWrites(handle);
      return "writes";
    },
    revokeAccess: ({ handle }) => revokeBlueskyApps(handle),
  },
}));
