import { describe, expect, it } from "vitest";
import { NetworkError, type NetworkAdapter } from "../../../worker/domain/networks/adapter.ts";

/**
 * The network adapter's contract (docs/decisions/040-network-adapter.md), tested once for every network with the same
 * cases: each network's test file calls `networkAdapterContract` with its adapter and a controller of its stand-in
 * (the emulator or reference server the adapter talks to over real HTTP). The controller does what happens on the
 * network outside Chorus: a person approving the sign-in, removing a label, editing a post, a rate limit running out,
 * access revoked.
 */
export type StandInController = {
  /** A new account on the network, starting with `prefix`: its handle, which a sign-in can name. */
  newAccount(prefix: string): Promise<string>;
  /** The person approves the authorization at the stand-in as `handle`: the callback's query. */
  approve(authorizationUrl: string, handle: string): Promise<URLSearchParams>;
  /** Takes the network's paid-partnership label off a post; absent on a network without such a label. */
  removeLabel?(postId: string): Promise<void>;
  /** The author edits the post's text on the network. */
  editText(postId: string, text: string): Promise<void>;
  /**
   * The account's allowance on the network runs out, for what the network counts per account (X: reading posts;
   * Bluesky: writing, since its counts are public): the next call of that kind is told to slow down.
   */
  exhaustAllowance(handle: string): Promise<"reads" | "writes">;
  /** The person withdraws Chorus's access on the network. */
  revokeAccess(creator: { userId: string; handle: string }): Promise<void>;
};

export type ContractSetup = { adapter: NetworkAdapter; standIn: StandInController; now: () => number };

/** A 1×1 PNG: the smallest real image. */
const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (character) => character.charCodeAt(0),
);

async function networkError(promise: Promise<unknown>): Promise<NetworkError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof NetworkError)) throw new Error(`Expected a NetworkError, got ${String(error)}`);
  return error;
}

export function networkAdapterContract(name: string, setup: () => ContractSetup): void {
  describe(`the network adapter contract: ${name}`, () => {
    /** A creator who authorized publishing through the adapter's own sign-in, and is a Chorus user now. */
    async function signedInCreator(prefix: string) {
      const { adapter, standIn, now } = setup();
      const handle = await standIn.newAccount(prefix);
      const redirectUri = "http://127.0.0.1:8787/auth/callback";
      const codeVerifier = crypto.randomUUID() + crypto.randomUUID();
      const state = crypto.randomUUID();
      const url = await adapter.authorizationUrl({ purpose: "publish", redirectUri, state, codeVerifier, loginHint: handle });
      const params = await standIn.approve(url, handle);
      expect(await adapter.callbackState(params)).toBe(state);
      const authorization = await adapter.completeAuthorization({ params, redirectUri, codeVerifier });
      expect(authorization.account.handle.toLowerCase()).toContain(handle.toLowerCase());
      const { userId, created } = await authorization.signIn(now());
      expect(created).toBe(true);
      return { userId, handle, accountId: authorization.account.id };
    }

    it("signs a creator in, publishes text with images and the paid-partnership label, and reads it back", async () => {
      const { adapter } = setup();
      const creator = await signedInCreator("ct_pub");
      expect(await adapter.canPublish(creator.userId)).toBe(true);
      const text = `#ad Contract post ${crypto.randomUUID().slice(0, 8)} https://example.com/launch?a=1&b=2`;
      const published = await adapter.publish(creator.userId, {
        text,
        images: [{ bytes: TINY_PNG.slice().buffer, contentType: "image/png" }],
        paidPartnership: true,
      });
      const read = await adapter.readPosts(creator.userId, [published.id]);
      expect(read.missing).toEqual([]);
      expect(read.found).toHaveLength(1);
      const [post] = read.found;
      expect(post?.id).toBe(published.id);
      expect(post?.authorId).toBe(creator.accountId);
      expect(post?.text).toBe(text);
      expect(post?.paidPartnership).toBe(adapter.rules.paidPartnershipLabel === null ? null : true);
      // Only the metrics the network has are counted; the others stay 0.
      for (const kind of ["impressions", "likes", "reposts", "replies", "quotes", "bookmarks"] as const) {
        if (!adapter.rules.metrics.includes(kind)) expect(post?.metrics?.[kind]).toBe(0);
        expect(Number.isSafeInteger(post?.metrics?.[kind])).toBe(true);
      }
      const recent = await adapter.recentPosts(creator.userId, { since: published.postedAt - 60_000, limit: 10 });
      expect(recent.map((item) => item.id)).toContain(published.id);
      expect(recent.find((item) => item.id === published.id)?.text).toBe(text);
    });

    it("reads posts in batches and names the ones the network no longer has", async () => {
      const { adapter } = setup();
      const creator = await signedInCreator("ct_batch");
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const text = `#ad Batch ${index} ${crypto.randomUUID().slice(0, 8)}`;
        ids.push((await adapter.publish(creator.userId, { text, images: [], paidPartnership: true })).id);
      }
      const [kept, deleted, alsoKept] = ids;
      if (kept === undefined || deleted === undefined || alsoKept === undefined) throw new Error("three posts expected");
      await adapter.deletePost(creator.userId, deleted);
      const read = await adapter.readPosts(creator.userId, ids);
      expect(read.found.map((post) => post.id).sort()).toEqual([kept, alsoKept].sort());
      expect(read.missing).toEqual([deleted]);
      expect(adapter.rules.readBatchSize).toBeGreaterThanOrEqual(25);
    });

    it("reads back a removed paid-partnership label and an edited text", async () => {
      const { adapter, standIn } = setup();
      const creator = await signedInCreator("ct_label");
      const { id } = await adapter.publish(creator.userId, {
        text: `#ad Labelled ${crypto.randomUUID().slice(0, 8)}`,
        images: [],
        paidPartnership: true,
      });
      if (standIn.removeLabel !== undefined) {
        await standIn.removeLabel(id);
        expect((await adapter.readPosts(creator.userId, [id])).found[0]?.paidPartnership).toBe(false);
      } else {
        expect(adapter.rules.paidPartnershipLabel).toBeNull();
      }
      await standIn.editText(id, "Edited: no disclosure any more");
      expect((await adapter.readPosts(creator.userId, [id])).found[0]?.text).toBe("Edited: no disclosure any more");
    });

    it("turns the network's slow-down into rate-limited with the moment to try again", async () => {
      const { adapter, standIn, now } = setup();
      const creator = await signedInCreator("ct_rate");
      const { id } = await adapter.publish(creator.userId, {
        text: `#ad Rate ${crypto.randomUUID().slice(0, 8)}`,
        images: [],
        paidPartnership: true,
      });
      const limited =
        (await standIn.exhaustAllowance(creator.handle)) === "reads"
          ? await networkError(adapter.readPosts(creator.userId, [id]))
          : await networkError(adapter.publish(creator.userId, { text: "#ad One too many", images: [], paidPartnership: true }));
      expect(limited.kind).toBe("rate-limited");
      expect(limited.network).toBe(adapter.network);
      expect(limited.retryAt).toBeGreaterThan(now());
    });

    it("names refusals: an invalid post, never-granted access, revoked access", async () => {
      const { adapter, standIn } = setup();
      const creator = await signedInCreator("ct_err");
      const tooLong = "#ad " + "x".repeat(adapter.rules.text.limit + 10);
      expect(adapter.rules.text.count(tooLong)).toBeGreaterThan(adapter.rules.text.limit);
      expect((await networkError(adapter.publish(creator.userId, { text: tooLong, images: [], paidPartnership: true }))).kind).toBe(
        "invalid-post",
      );
      const stranger = await networkError(
        adapter.publish("user-who-never-signed-in", { text: "#ad Never granted", images: [], paidPartnership: true }),
      );
      expect(stranger.kind).toBe("missing-access");
      expect(await adapter.canPublish("user-who-never-signed-in")).toBe(false);
      await standIn.revokeAccess(creator);
      const revoked = await networkError(
        adapter.publish(creator.userId, { text: "#ad After revoking", images: [], paidPartnership: true }),
      );
      expect(revoked.kind).toBe("access-revoked");
    });
  });
}
