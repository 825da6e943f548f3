import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { MAX_ATTACHMENT_BYTES } from "../../../worker/contracts/posts.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fromThisFile } from "../support/client-address.ts";
import { bearerFor } from "../support/sessions.ts";

beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
});

/** A 1×1 PNG: the smallest real image. */
const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (character) => character.charCodeAt(0),
);
const CHUNK_BYTES = 64 * 1024;
const boundary = "chorus-upload-limit-test";
const utf8 = new TextEncoder();

/**
 * A body sent as a stream, without Content-Length (as a chunked upload arrives): `head`, then `fillerBytes` of
 * filler in 64 KB chunks, then `tail`. `pulled()` says how much of it the worker has read so far.
 */
function streamedBody(head: Uint8Array, fillerBytes: number, tail: Uint8Array) {
  let pulled = 0;
  let fillerLeft = fillerBytes;
  let stage: "head" | "filler" | "tail" | "done" = "head";
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      let chunk: Uint8Array;
      if (stage === "head") {
        chunk = head;
        stage = fillerLeft > 0 ? "filler" : "tail";
      } else if (stage === "filler") {
        chunk = new Uint8Array(Math.min(CHUNK_BYTES, fillerLeft));
        fillerLeft -= chunk.byteLength;
        if (fillerLeft === 0) stage = "tail";
      } else if (stage === "tail") {
        chunk = tail;
        stage = "done";
      } else {
        controller.close();
        return;
      }
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

function multipartStream(fillerBytes: number) {
  const head = utf8.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const withImage = new Uint8Array(head.byteLength + TINY_PNG.byteLength);
  withImage.set(head);
  withImage.set(TINY_PNG, head.byteLength);
  return streamedBody(withImage, fillerBytes, utf8.encode(`\r\n--${boundary}--\r\n`));
}

function upload(authorization: string, body: ReadableStream<Uint8Array>, contentType: string): Promise<Response> {
  const request = new Request("http://127.0.0.1:8787/v1/action/post/attachment", {
    method: "POST",
    headers: { Authorization: authorization, "Content-Type": contentType },
    body,
  });
  expect(request.headers.has("content-length")).toBe(false);
  return exports.default.fetch(fromThisFile(request));
}

async function storedAttachments(userId: string): Promise<{ rows: unknown; objects: number }> {
  const rows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM post_attachments WHERE user_id = ?`).bind(userId).first("n");
  const listing = await env.MEDIA.list({ prefix: `attachments/${userId}/` });
  return { rows, objects: listing.objects.length };
}

describe("upload size limits while the body streams", () => {
  it("refuses a chunked multipart upload far over the limit with 413 before reading it to the end, and stores nothing", async () => {
    const authorization = await bearerFor("user-eve_explains");
    const before = await storedAttachments("user-eve_explains");
    const body = multipartStream(40 * 1024 * 1024);
    const response = await upload(authorization, body.stream, `multipart/form-data; boundary=${boundary}`);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "body_too_large", detail: [{ loc: ["body"], msg: expect.any(String) }] });
    // The cap is 5 MB plus the form's framing: reading stopped there, not after 40 MB (some read-ahead is allowed).
    expect(body.pulled()).toBeLessThan(MAX_ATTACHMENT_BYTES + 2 * 1024 * 1024);
    expect(await storedAttachments("user-eve_explains")).toEqual(before);
  });

  it("refuses a raw chunked image one byte over 5 MB with 413 naming the image limit", async () => {
    const authorization = await bearerFor("user-eve_explains");
    const before = await storedAttachments("user-eve_explains");
    const body = streamedBody(TINY_PNG, MAX_ATTACHMENT_BYTES + 1 - TINY_PNG.byteLength, new Uint8Array(0));
    const response = await upload(authorization, body.stream, "image/png");
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: "attachment_too_large",
      message: "The image is too large: images can be at most 5 MB.",
      detail: [{ loc: ["body", "body"] }],
    });
    expect(await storedAttachments("user-eve_explains")).toEqual(before);
  });

  it("still accepts a chunked multipart upload under the limit", async () => {
    const authorization = await bearerFor("user-ada_creates");
    const body = multipartStream(0);
    const response = await upload(authorization, body.stream, `multipart/form-data; boundary=${boundary}`);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ contentType: "image/png", sizeBytes: TINY_PNG.byteLength });
  });
});
