import { Hono, type Context } from "hono";
import {
  createPostInputSchema,
  feedbackInputSchema,
  MAX_ATTACHMENT_BYTES,
  postIdempotencyKeySchema,
  type CreatePostInput,
} from "../contracts/posts.ts";
import { createPost, type CreatePostCommand } from "../domain/posts/create-post.ts";
import { postOptions } from "../domain/posts/post-options.ts";
import { sendFeedback } from "../domain/posts/send-feedback.ts";
import { attachmentTooLarge, storeAttachment, type Upload } from "../domain/posts/store-attachment.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { refuseWhileImpersonating } from "../middleware/impersonation.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { AppError, invalidRequest, type FieldError } from "../contracts/errors.ts";
import { jsonBody, parseInput } from "./validation.ts";

/** Room for the multipart framing around a file of the largest allowed size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** Reads a raw body, giving up as soon as it passes `limit` bytes (a missing Content-Length cannot be trusted). */
async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number): Promise<ArrayBuffer | null> {
  if (body === null) return new ArrayBuffer(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** The image of an upload: a multipart form's `file` (or `media`) field, or the raw body with its Content-Type. */
async function readUpload(c: Context): Promise<Upload> {
  const contentType = c.req.header("content-type") ?? "";
  const length = Number(c.req.header("content-length") ?? "");
  const multipart = /^multipart\/form-data/i.test(contentType);
  if (Number.isFinite(length) && length > MAX_ATTACHMENT_BYTES + (multipart ? MULTIPART_OVERHEAD : 0)) {
    throw attachmentTooLarge(null, multipart ? "file" : "body");
  }
  if (multipart) {
    const form = await c.req.raw.formData().catch(() => {
      throw new AppError(400, "invalid_request", "The multipart body could not be read.", [
        { loc: ["body"], msg: "is not valid multipart" },
      ]);
    });
    const field = form.has("file") ? "file" : "media";
    const file = form.get(field);
    if (file === null || typeof file === "string") {
      throw new AppError(400, "invalid_request", "file: attach the image as a file part named file", [
        { loc: ["body", "file"], msg: "attach the image as a file part named file" },
      ]);
    }
    if (file.size > MAX_ATTACHMENT_BYTES) throw attachmentTooLarge(file.size, field);
    return { bytes: await file.arrayBuffer(), declaredType: file.type === "" ? null : file.type.toLowerCase(), field };
  }
  const bytes = await readCapped(c.req.raw.body, MAX_ATTACHMENT_BYTES);
  if (bytes === null) throw attachmentTooLarge(null, "body");
  const declared = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  return { bytes, declaredType: declared === "" ? null : declared, field: "body" };
}

/**
 * The spec's payload plus the press of Post it belongs to: the `Idempotency-Key` header, or for clients older than
 * the header the body's `clientRequestId`. A 400 names every bad field, the header included.
 */
function createPostCommandOf(body: unknown, idempotencyHeader: string | undefined): CreatePostCommand {
  const detail: FieldError[] = [];
  const input = createPostInputSchema.safeParse(body);
  if (!input.success) {
    for (const issue of input.error.issues)
      detail.push({ loc: ["body", ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))], msg: issue.message });
  }
  const legacyKey = input.success ? input.data.clientRequestId : (body as Partial<CreatePostInput> | null)?.clientRequestId;
  const key = postIdempotencyKeySchema.safeParse(idempotencyHeader ?? (typeof legacyKey === "string" ? legacyKey : undefined));
  if (!key.success) detail.push({ loc: ["header", "Idempotency-Key"], msg: key.error.issues[0]?.message ?? "is required" });
  if (!input.success || !key.success) {
    throw invalidRequest(detail);
  }
  const { clientRequestId: _legacy, ...payload } = input.data;
  return { ...payload, idempotencyKey: key.data };
}

/**
 * The post editor's API: where the creator can post, image uploads, publishing on X, and feedback. Every call needs
 * the bearer token.
 */
export const postRoutes = new Hono<WorkerEnv>()
  .get("/v1/action/post/options", requireBearer, async (c) => {
    return c.json(await postOptions(c.var.capabilities, c.var.session.userId));
  })
  .post("/v1/action/post/attachment", requireBearer, async (c) => {
    const upload = await readUpload(c);
    return c.json(await storeAttachment(c.var.capabilities, c.var.session.userId, upload), 201);
  })
  .post("/v1/action/post/create", requireBearer, refuseWhileImpersonating("publish on X"), async (c) => {
    const command = createPostCommandOf(await jsonBody(c), c.req.header("idempotency-key"));
    const { post, created } = await createPost(c.var.capabilities, c.var.session.userId, command);
    return c.json(post, created ? 201 : 200);
  })
  .post("/v1/feedback", requireBearer, async (c) => {
    const input = parseInput(feedbackInputSchema, await jsonBody(c), "body");
    return c.json(await sendFeedback(c.var.capabilities, c.var.session.userId, input), 201);
  });
