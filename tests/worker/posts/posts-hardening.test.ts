import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MAX_UNUSED_ATTACHMENTS_PER_DAY } from "../../../worker/domain/posts/store-attachment.ts";
import { creatorWithWriteAccess, joinedCampaign, TINY_PNG, type PostingCreator } from "../support/posting.ts";

/** Issue 13 at the posting door: quotas that hold under parallel calls, text no person means, and the spec's payload. */

const sendPost = (creator: PostingCreator, body: unknown, headers: Record<string, string> = {}) =>
  creator.call("/v1/action/post/create", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

async function postCount(userId: string): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS count FROM posts WHERE user_id = ?`).bind(userId).first<{ count: number }>();
  return row?.count ?? 0;
}

/** Posts the X emulator holds by this creator (its page lists every post with the author's handle). */
async function postsOnX(creator: PostingCreator): Promise<number> {
  const page = await (await fetch(`${env.X_API_BASE_URL}/`)).text();
  return page.split(`<td>@${creator.handle}</td>`).length - 1;
}

describe("POST /v1/action/post/attachment under parallel uploads", () => {
  it(`keeps the quota of ${MAX_UNUSED_ATTACHMENTS_PER_DAY} unused images when 60 uploads arrive at once`, async () => {
    const creator = await creatorWithWriteAccess("quota");
    const upload = () =>
      creator.call("/v1/action/post/attachment", { method: "POST", headers: { "Content-Type": "image/png" }, body: TINY_PNG });
    const statuses = (await Promise.all(Array.from({ length: 60 }, upload))).map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_UNUSED_ATTACHMENTS_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - MAX_UNUSED_ATTACHMENTS_PER_DAY);

    const rows = await env.DB.prepare(`SELECT COUNT(*) AS count FROM post_attachments WHERE user_id = ?`)
      .bind(creator.userId)
      .first<{ count: number }>();
    expect(rows?.count).toBe(MAX_UNUSED_ATTACHMENTS_PER_DAY);
    const stored = await env.MEDIA.list({ prefix: `attachments/${creator.userId}/` });
    expect(stored.objects).toHaveLength(MAX_UNUSED_ATTACHMENTS_PER_DAY);
  });
});

describe("POST /v1/action/post/create refuses text no person means to send", () => {
  it("refuses invisible, broken and control-character posts, naming the field, and publishes nothing", async () => {
    const creator = await creatorWithWriteAccess("oddtext");
    const campaignId = await joinedCampaign("hardening-odd-text", creator);
    const cases: [string, string][] = [
      ["\u200b\u200d\ufeff", "must not be empty: it holds only invisible characters"],
      ["\ud800", "contains a broken character (half of a surrogate pair)"],
      ["Hello\u0000world", "contains the invisible control character U+0000 (line breaks and tabs are fine)"],
      ["Ring the bell\u0007", "contains the invisible control character U+0007 (line breaks and tabs are fine)"],
    ];
    for (const [content, msg] of cases) {
      const response = await sendPost(creator, { content, campaignId }, { "Idempotency-Key": crypto.randomUUID() });
      expect(response.status, JSON.stringify(content)).toBe(400);
      expect(await response.json()).toMatchObject({ code: "invalid_request", detail: [{ loc: ["body", "content"], msg }] });
    }
    expect(await postCount(creator.userId)).toBe(0);
    expect(await postsOnX(creator)).toBe(0);

    const multiLine = await sendPost(
      creator,
      { content: "#ad Line one\n\tline two", campaignId },
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(multiLine.status).toBe(201);
    expect(await postsOnX(creator)).toBe(1);
  });

  it("refuses an over-long text before measuring it as the network does, and a body over the limit before reading it", async () => {
    const creator = await creatorWithWriteAccess("longtext");
    const campaignId = await joinedCampaign("hardening-long-text", creator);

    const long = await sendPost(creator, { content: "a".repeat(60_000), campaignId }, { "Idempotency-Key": crypto.randomUUID() });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      detail: [{ loc: ["body", "content"], msg: "is far longer than any network allows (4000 characters)" }],
    });

    const huge = await sendPost(creator, JSON.stringify({ content: "a".repeat(20 * 1024 * 1024), campaignId }), {
      "Idempotency-Key": crypto.randomUUID(),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: "body_too_large" });
    expect(await postCount(creator.userId)).toBe(0);
  });
});

describe("POST /v1/action/post/create takes the spec's payload and an Idempotency-Key header", () => {
  it("publishes once per key: the header, or the body's clientRequestId of older clients", async () => {
    const creator = await creatorWithWriteAccess("idemkey");
    const campaignId = await joinedCampaign("hardening-idempotency", creator);
    const payload = {
      content: `#ad Spec payload ${crypto.randomUUID().slice(0, 8)}`,
      attachments: [],
      campaignId,
      selectedSuggestionId: null,
    };
    const key = crypto.randomUUID();

    const first = await sendPost(creator, payload, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const post = (await first.json()) as { id: string; networkPostId: string };
    const again = await sendPost(creator, payload, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: post.id, networkPostId: post.networkPostId });
    // The key the old editor sent in the body names the same press as the header.
    const legacy = await sendPost(creator, { ...payload, clientRequestId: key });
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toMatchObject({ id: post.id });

    const legacyOnly = await sendPost(creator, { ...payload, content: `${payload.content} again`, clientRequestId: crypto.randomUUID() });
    expect(legacyOnly.status).toBe(201);
    expect(await postCount(creator.userId)).toBe(2);
  });

  it("answers the spec's payload alone with a 400 naming the header, and a key no client makes too", async () => {
    const creator = await creatorWithWriteAccess("nokey");
    const campaignId = await joinedCampaign("hardening-no-key", creator);
    // SPEC.md section 3's body, exactly: it carries no key.
    const payload = { content: "#ad No key", attachments: [], campaignId, selectedSuggestionId: null };

    const missing = await sendPost(creator, payload);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      code: "invalid_request",
      message: "Idempotency-Key: is required: send an Idempotency-Key header (a UUID made for this press of Post)",
      detail: [
        { loc: ["header", "Idempotency-Key"], msg: "is required: send an Idempotency-Key header (a UUID made for this press of Post)" },
      ],
    });
    const short = await sendPost(creator, payload, { "Idempotency-Key": "abc" });
    expect(await short.json()).toMatchObject({
      detail: [{ loc: ["header", "Idempotency-Key"], msg: "must be 8 to 128 visible ASCII characters, for example a UUID" }],
    });
    expect(await postCount(creator.userId)).toBe(0);
  });
});

describe("POST /v1/feedback", () => {
  it("refuses feedback of invisible characters or control characters, and stores nothing", async () => {
    const creator = await creatorWithWriteAccess("feedback");
    for (const content of ["\u200b\u2060", "Broken\u001b[31m red"]) {
      const response = await creator.call("/v1/feedback", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ content }),
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ detail: [{ loc: ["body", "content"] }] });
    }
    const stored = await env.DB.prepare(`SELECT COUNT(*) AS count FROM feedback WHERE user_id = ?`)
      .bind(creator.userId)
      .first<{ count: number }>();
    expect(stored?.count).toBe(0);
  });
});
