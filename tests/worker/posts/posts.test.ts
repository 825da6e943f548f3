import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, systemClock } from "../../../worker/clock.ts";
import { configFrom } from "../../../worker/config.ts";
import type { CampaignStatus } from "../../../worker/contracts/vocabulary.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { buildAdvertiser, buildCampaign } from "../../../fixtures/factories.ts";
import { insertSuggestionStatement } from "../../../worker/db/suggestions.ts";
import { findXCredentials } from "../../../worker/db/networks/x/credentials.ts";
import { createPost } from "../../../worker/domain/posts/create-post.ts";
import { exhaustXRateLimit, revokeOnX } from "../../support/x-emulator-controls.ts";
import { AppError } from "../../../worker/contracts/errors.ts";
import { decryptSecret } from "../../../worker/security/encryption.ts";
import { apiCallsFrom, signInThroughX, tokensOf, type TestBrowser } from "../support/browser.ts";
import { fetchWorker } from "../support/fetch.ts";

const origin = "http://127.0.0.1:8787";
const secret = (name: string) => String(Reflect.get(env, name));

/** A 1×1 PNG: the smallest real image. */
const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (character) => character.charCodeAt(0),
);

type Creator = {
  browser: TestBrowser;
  userId: string;
  accessToken: string;
  call(path: string, init?: RequestInit): Promise<Response>;
  /** The spec's payload; a `clientRequestId` in `body` is sent as the `Idempotency-Key` header, as the editor does. */
  post(body: Record<string, unknown>): Promise<Response>;
  /** The payload as it is, for clients that sent the key in the body before the header. */
  postRaw(body: unknown, headers?: Record<string, string>): Promise<Response>;
  upload(bytes: Uint8Array<ArrayBuffer>, contentType?: string): Promise<Response>;
};

async function asCreator(browser: TestBrowser): Promise<Creator> {
  const { accessToken } = await tokensOf(browser);
  const call = apiCallsFrom(browser, accessToken);
  const profile = (await (await call("/auth/profile")).json()) as { userId: string };
  return {
    browser,
    userId: profile.userId,
    accessToken,
    call,
    post: ({ clientRequestId, ...payload }) =>
      call("/v1/action/post/create", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(typeof clientRequestId === "string" ? { "Idempotency-Key": clientRequestId } : {}),
        },
        body: JSON.stringify(payload),
      }),
    postRaw: (body, headers = {}) =>
      call("/v1/action/post/create", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    upload: (bytes, contentType = "image/png") =>
      call("/v1/action/post/attachment", { method: "POST", headers: { "Content-Type": contentType }, body: bytes }),
  };
}

/** Signs in (read login), then grants write access through the write login, as the editor's popup does. */
async function creatorWithWriteAccess(handle: string): Promise<Creator> {
  const { browser } = await signInThroughX(handle);
  const start = await browser.fetch("/auth/twitter/write/login?page_path=/popup/signed-in&modal_to_open=post-editor");
  const authorize = new URL(start.headers.get("location") ?? "");
  expect(authorize.searchParams.get("scope")).toContain("media.write");
  authorize.searchParams.set("emulator_login", handle);
  const landing = await browser.follow(await browser.fetch(authorize.toString()));
  expect(landing.headers.get("location")).toBe(`${origin}/popup/signed-in?modal_to_open=post-editor`);
  return asCreator(browser);
}

async function readOnlyCreator(handle: string): Promise<Creator> {
  const { browser } = await signInThroughX(handle);
  return asCreator(browser);
}

/** A campaign of the given status (opened 8 days ago when current, so posts fall in week 2), with two suggestions. */
async function campaign(key: string, options: { status?: CampaignStatus; joinedBy?: string[] } = {}) {
  const now = systemClock.now();
  const advertiser = buildAdvertiser("posting-brand", now);
  const status = options.status ?? "active";
  const window = status === "active" ? { startsAt: now - 8 * DAY, endsAt: now + 6 * DAY } : {};
  const built = buildCampaign(key, advertiser, status, now, { title: `Campaign ${key}`, ...window });
  const suggestions = [1, 2].map((position) => ({
    id: `suggestion-${key}-${position}`,
    campaignId: built.id,
    text: `#ad Suggested post ${position} for ${key} #chorus`,
    position,
  }));
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertCampaignStatement(env.DB, built),
    ...suggestions.map((suggestion) => insertSuggestionStatement(env.DB, suggestion)),
    ...(options.joinedBy ?? []).flatMap((userId) => joinCampaignStatements(env.DB, built.id, userId, now - DAY)),
  ]);
  return { ...built, suggestions };
}

async function uploadedAttachment(creator: Creator): Promise<string> {
  const response = await creator.upload(TINY_PNG);
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function postRows(userId: string) {
  const { results } = await env.DB.prepare(`SELECT * FROM posts WHERE user_id = ? ORDER BY created_at`).bind(userId).all();
  return results;
}

/** What X holds for a post, asked with the creator's own X token (as the metrics poller will). */
async function tweetOnX(userId: string, networkPostId: string) {
  const credentials = await findXCredentials(env.DB, userId);
  if (credentials === null) throw new Error("no X credentials");
  const token = await decryptSecret(credentials.accessTokenEncrypted, secret("TOKEN_ENCRYPTION_KEY"));
  const response = await fetch(`${env.X_API_BASE_URL}/2/tweets?ids=${networkPostId}&tweet.fields=attachments,author_id,paid_partnership`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()) as {
    data?: { id: string; text: string; paid_partnership: boolean; attachments?: { media_keys: string[] } }[];
  };
}

async function emulatorHome(): Promise<string> {
  return (await fetch(`${env.X_API_BASE_URL}/`)).text();
}

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe("POST /v1/action/post/create", () => {
  it("publishes on X with an image and a suggestion, and records the post as evaluating", async () => {
    const creator = await creatorWithWriteAccess("poster_ada");
    const target = await campaign("post-happy", { joinedBy: [creator.userId] });

    const options = await creator.call("/v1/action/post/options");
    expect(options.status).toBe(200);
    expect(await options.json()).toMatchObject({
      accounts: [{ network: "x", canPublish: true }],
      campaigns: [
        {
          id: target.id,
          networks: ["x"],
          title: "Campaign post-happy",
          status: "active",
          suggestions: target.suggestions.map(({ id, text }) => ({ id, text })),
        },
      ],
    });

    const attachmentId = await uploadedAttachment(creator);
    const stored = await env.MEDIA.get(`attachments/${creator.userId}/${attachmentId}`);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(TINY_PNG);

    const suggestion = target.suggestions[0];
    if (suggestion === undefined) throw new Error("no suggestion");
    const response = await creator.post({
      content: suggestion.text,
      attachments: [attachmentId],
      campaignId: target.id,
      selectedSuggestionId: suggestion.id,
      clientRequestId: crypto.randomUUID(),
    });
    expect(response.status).toBe(201);
    const post = (await response.json()) as { id: string; networkPostId: string };
    expect(post).toMatchObject({
      campaignId: target.id,
      content: suggestion.text,
      status: "evaluating",
      campaignWeek: 2,
      selectedSuggestionId: suggestion.id,
      networkPostId: expect.stringMatching(/^\d+$/),
      attachments: [{ id: attachmentId, contentType: "image/png", sizeBytes: TINY_PNG.length }],
    });

    const rows = await postRows(creator.userId);
    expect(rows).toMatchObject([{ id: post.id, status: "evaluating", network_post_id: post.networkPostId, campaign_week: 2 }]);
    const attachment = await env.DB.prepare(`SELECT post_id FROM post_attachments WHERE id = ?`).bind(attachmentId).first();
    expect(attachment).toEqual({ post_id: post.id });

    const onX = await tweetOnX(creator.userId, post.networkPostId);
    expect(onX.data?.[0]).toMatchObject({
      id: post.networkPostId,
      text: suggestion.text,
      attachments: { media_keys: [expect.stringMatching(/^3_\d+$/)] },
    });

    // The image went into that post: it cannot go into another.
    const again = await creator.post({
      content: "#ad Another post reusing the same image",
      attachments: [attachmentId],
      campaignId: target.id,
      clientRequestId: crypto.randomUUID(),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "attachment_used" });
  });

  it("answers 401 without a bearer token on every posting endpoint", async () => {
    const json = { "Content-Type": "application/json" };
    const calls = [
      ["/v1/action/post/create", { method: "POST", headers: json, body: "{}" }],
      ["/v1/action/post/attachment", { method: "POST", headers: { "Content-Type": "image/png" }, body: TINY_PNG }],
      ["/v1/action/post/options", {}],
      ["/v1/feedback", { method: "POST", headers: json, body: JSON.stringify({ content: "hi" }) }],
    ] as const;
    for (const [path, init] of calls) {
      const answer = await fetchWorker(path, init);
      expect(answer.status, path).toBe(401);
      expect(await answer.json()).toMatchObject({ code: "unauthenticated" });
    }
  });

  it("refuses someone else's attachment as if it did not exist, and stores nothing", async () => {
    const owner = await creatorWithWriteAccess("owner_bea");
    const other = await creatorWithWriteAccess("borrower_cy");
    const target = await campaign("post-foreign", { joinedBy: [owner.userId, other.userId] });
    const attachmentId = await uploadedAttachment(owner);

    const response = await other.post({
      content: "#ad Borrowing an image",
      attachments: [attachmentId],
      campaignId: target.id,
      clientRequestId: crypto.randomUUID(),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      code: "attachment_not_found",
      detail: [{ loc: ["body", "attachments", 0], msg: "no such image among your uploads" }],
    });
    expect(await postRows(other.userId)).toEqual([]);
  });

  it("answers 400 naming each bad field", async () => {
    const creator = await creatorWithWriteAccess("bad_input_di");
    const target = await campaign("post-bad-input", { joinedBy: [creator.userId] });

    const missing = await creator.post({ content: "   ", campaignId: target.id });
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { code: string; detail: { loc: (string | number)[]; msg: string }[] };
    expect(body.code).toBe("invalid_request");
    expect(body.detail.map((field) => field.loc.join("."))).toEqual(expect.arrayContaining(["body.content", "header.Idempotency-Key"]));

    const tooLong = await creator.post({ content: "字".repeat(141), campaignId: target.id, clientRequestId: crypto.randomUUID() });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      detail: [{ loc: ["body", "content"], msg: "is 282 characters as X counts them; X allows at most 280" }],
    });

    const tooMany = await creator.post({
      content: "#ad Five images",
      attachments: ["a", "b", "c", "d", "e"],
      campaignId: target.id,
      clientRequestId: crypto.randomUUID(),
    });
    expect(await tooMany.json()).toMatchObject({ detail: [{ loc: ["body", "attachments"], msg: "at most 4 images can be attached" }] });

    const notJson = await creator.call("/v1/action/post/create", { method: "POST", body: "content=hello" });
    expect(notJson.status).toBe(400);

    const wrongSuggestion = await creator.post({
      content: "#ad A post",
      campaignId: target.id,
      selectedSuggestionId: "suggestion-of-another-campaign",
      clientRequestId: crypto.randomUUID(),
    });
    expect(wrongSuggestion.status).toBe(400);
    expect(await wrongSuggestion.json()).toMatchObject({ detail: [{ loc: ["body", "selectedSuggestionId"] }] });
    expect(await postRows(creator.userId)).toEqual([]);
  });

  it("asks for the write login when the creator never granted it, and stores nothing", async () => {
    const creator = await readOnlyCreator("reader_eve");
    const target = await campaign("post-no-write", { joinedBy: [creator.userId] });
    const options = (await (await creator.call("/v1/action/post/options")).json()) as { accounts: unknown };
    expect(options.accounts).toEqual([{ network: "x", canPublish: false }]);
    const attachmentId = await uploadedAttachment(creator);

    const response = await creator.post({
      content: "#ad Trying to post without write access",
      attachments: [attachmentId],
      campaignId: target.id,
      clientRequestId: crypto.randomUUID(),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "x_write_access_required", message: expect.stringContaining("Allow posting") });
    expect(await postRows(creator.userId)).toEqual([]);
    const attachment = await env.DB.prepare(`SELECT post_id FROM post_attachments WHERE id = ?`).bind(attachmentId).first();
    expect(attachment).toEqual({ post_id: null });
  });

  it("refuses campaigns the creator has not joined, and ones that have ended", async () => {
    const creator = await creatorWithWriteAccess("joiner_fay");
    const notJoined = await campaign("post-not-joined");
    const ended = await campaign("post-ended", { status: "evaluating", joinedBy: [creator.userId] });
    const send = (campaignId: string) =>
      creator.post({ content: `#ad Posting to ${campaignId}`, campaignId, clientRequestId: crypto.randomUUID() });

    const refused = await send(notJoined.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "campaign_not_joined" });
    const closed = await send(ended.id);
    expect(closed.status).toBe(409);
    expect(await closed.json()).toMatchObject({
      code: "campaign_closed",
      message: "Campaign post-ended has ended, so it takes no posts now.",
    });
    expect((await send("campaign-that-does-not-exist")).status).toBe(404);
    expect(await postRows(creator.userId)).toEqual([]);
  });

  it("refuses a campaign post that does not open with the campaign's disclosure, naming the field, and posts nothing on X", async () => {
    const creator = await creatorWithWriteAccess("undisclosed_kim");
    const target = await campaign("post-undisclosed", { joinedBy: [creator.userId] });
    const homeBefore = await emulatorHome();
    for (const content of ["Loving this wallet", "Loving this wallet #ad", "#adventure time with the wallet"]) {
      const refused = await creator.post({ content, campaignId: target.id, clientRequestId: crypto.randomUUID() });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        status: 400,
        code: "missing_disclosure",
        message: "A sponsored post must open with #ad so readers know it is an ad (FTC and ASA rules). Put #ad at the start of the post.",
        detail: [{ loc: ["body", "content"], msg: "must start with #ad" }],
      });
    }
    expect(await postRows(creator.userId)).toEqual([]);
    expect(occurrences(await emulatorHome(), "Loving this wallet")).toBe(occurrences(homeBefore, "Loving this wallet"));

    // Case aside, and after leading spaces, it is there; X gets the post with its paid-partnership label.
    const accepted = await creator.post({
      content: "  #AD Loving this wallet",
      campaignId: target.id,
      clientRequestId: crypto.randomUUID(),
    });
    expect(accepted.status).toBe(201);
    const { networkPostId } = (await accepted.json()) as { networkPostId: string };
    expect(await tweetOnX(creator.userId, networkPostId)).toMatchObject({ data: [{ id: networkPostId, paid_partnership: true }] });
  });

  it("passes on X's duplicate-content refusal as a message, and stores nothing for it", async () => {
    const creator = await creatorWithWriteAccess("dupe_gus");
    const target = await campaign("post-duplicate", { joinedBy: [creator.userId] });
    const content = "#ad The very same words, posted twice";
    const first = await creator.post({ content, campaignId: target.id, clientRequestId: crypto.randomUUID() });
    expect(first.status).toBe(201);

    const second = await creator.post({ content, campaignId: target.id, clientRequestId: crypto.randomUUID() });
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      status: 409,
      code: "x_duplicate_content",
      message: "X refused this post because you have already posted the same text. Change the text a little and try again.",
    });
    expect(await postRows(creator.userId)).toHaveLength(1);
  });

  it("publishes once for a double submit of the same press, even when both arrive together", async () => {
    const creator = await creatorWithWriteAccess("double_hal");
    const target = await campaign("post-double", { joinedBy: [creator.userId] });
    const content = `#ad Pressed twice ${crypto.randomUUID().slice(0, 8)}`;
    const body = { content, campaignId: target.id, clientRequestId: crypto.randomUUID() };

    const [one, two] = await Promise.all([creator.post(body), creator.post(body)]);
    expect([one.status, two.status].sort()).toEqual([200, 201]);
    const first = (await one.json()) as { id: string; networkPostId: string };
    const second = (await two.json()) as { id: string; networkPostId: string };
    expect(second.id).toBe(first.id);
    expect(second.networkPostId).toBe(first.networkPostId);

    const later = await creator.post(body);
    expect(later.status).toBe(200);
    expect(((await later.json()) as { id: string }).id).toBe(first.id);

    expect(await postRows(creator.userId)).toHaveLength(1);
    expect(occurrences(await emulatorHome(), content)).toBe(1);
  });

  it("turns X's rate limit into when to try again, and a revoked grant into the write login", async () => {
    const creator = await creatorWithWriteAccess("limited_ivo");
    const target = await campaign("post-limited", { joinedBy: [creator.userId] });
    const now = Date.UTC(2026, 10, 2, 9, 0, 0);
    const deps = {
      db: env.DB,
      media: env.MEDIA,
      clock: { now: () => Math.max(now, systemClock.now()) },
      config: configFrom(env),
      encryptionKey: secret("TOKEN_ENCRYPTION_KEY"),
    };
    const command = () => ({
      content: `#ad Rate limited ${crypto.randomUUID().slice(0, 8)}`,
      attachments: [],
      campaignId: target.id,
      selectedSuggestionId: null,
      network: "x" as const,
      idempotencyKey: crypto.randomUUID(),
    });

    // X's own answer: the creator's posting window used up on the emulator, so X says 429 with x-rate-limit-reset.
    await exhaustXRateLimit(env.X_API_BASE_URL, "limited_ivo", "tweets.create");
    const limited = await createPost(deps, creator.userId, command()).catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(AppError);
    if (!(limited instanceof AppError)) throw new Error("unreachable");
    expect(limited.status).toBe(429);
    expect(limited.code).toBe("x_rate_limited");
    expect(limited.message).toMatch(
      /^X limits how often you can post, and the limit is reached for now\. Nothing was posted; try again in \d+ minutes \(at \d\d:\d\d UTC\)\.$/,
    );
    expect(limited.retryAfter).toBeGreaterThan(200);

    // The creator revokes Chorus's access on X: X answers 401 to the stored token.
    const stored = await findXCredentials(env.DB, creator.userId);
    const client = { clientId: env.X_CLIENT_ID, clientSecret: secret("X_CLIENT_SECRET") };
    await revokeOnX(env.X_API_BASE_URL, client, await decryptSecret(stored?.accessTokenEncrypted ?? "", secret("TOKEN_ENCRYPTION_KEY")));
    const revoked = await createPost(deps, creator.userId, command()).catch((error: unknown) => error);
    expect(revoked).toBeInstanceOf(AppError);
    expect(revoked).toMatchObject({ status: 403, code: "x_write_access_required" });
    expect(await postRows(creator.userId)).toEqual([]);
  });
});

describe("POST /v1/action/post/attachment", () => {
  it("stores an image sent as a multipart file", async () => {
    const creator = await readOnlyCreator("multipart_jo");
    const form = new FormData();
    form.append("file", new Blob([TINY_PNG], { type: "image/png" }), "tiny.png");
    const response = await creator.call("/v1/action/post/attachment", { method: "POST", body: form });
    expect(response.status).toBe(201);
    const attachment = (await response.json()) as { id: string };
    expect(attachment).toEqual({ id: expect.stringMatching(/^att_/), contentType: "image/png", sizeBytes: TINY_PNG.length });
    const row = await env.DB.prepare(`SELECT user_id, r2_key, post_id FROM post_attachments WHERE id = ?`).bind(attachment.id).first();
    expect(row).toEqual({ user_id: creator.userId, r2_key: `attachments/${creator.userId}/${attachment.id}`, post_id: null });
  });

  it("checks the type by the file's bytes and the size, with messages that say what is wrong", async () => {
    const creator = await readOnlyCreator("checker_kim");
    const text = await creator.upload(new TextEncoder().encode("not an image at all"), "image/png");
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({
      code: "unsupported_attachment",
      message: "Only PNG, JPEG, GIF and WebP images can be attached.",
    });

    const disguised = await creator.upload(TINY_PNG, "image/jpeg");
    expect(disguised.status).toBe(400);
    expect(await disguised.json()).toMatchObject({
      code: "attachment_type_mismatch",
      message: "The file says it is image/jpeg but it is image/png.",
    });

    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(TINY_PNG);
    const tooLarge = await creator.upload(huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ code: "attachment_too_large", message: expect.stringContaining("at most 5 MB") });

    const empty = await creator.upload(new Uint8Array(0));
    expect(empty.status).toBe(400);
    const { results } = await env.DB.prepare(`SELECT id FROM post_attachments WHERE user_id = ?`).bind(creator.userId).all();
    expect(results).toEqual([]);
  });
});

describe("POST /v1/feedback", () => {
  it("stores feedback for the admins and posts nothing on X", async () => {
    const creator = await creatorWithWriteAccess("feedback_lu");
    const content = `The editor could remember my last campaign ${crypto.randomUUID().slice(0, 8)}`;
    const response = await creator.call("/v1/feedback", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: `  ${content}  `, pagePath: "/campaigns" }),
    });
    expect(response.status).toBe(201);
    const receipt = (await response.json()) as { id: string };
    const row = await env.DB.prepare(`SELECT user_id, content, page_path FROM feedback WHERE id = ?`).bind(receipt.id).first();
    expect(row).toEqual({ user_id: creator.userId, content, page_path: "/campaigns" });
    expect(await postRows(creator.userId)).toEqual([]);
    expect(await emulatorHome()).not.toContain(content);

    const empty = await creator.call("/v1/feedback", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ content: "   " }),
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ detail: [{ loc: ["body", "content"], msg: "must not be empty" }] });
  });
});
