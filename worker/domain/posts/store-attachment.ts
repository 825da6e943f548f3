import { DAY, type Clock } from "../../clock.ts";
import { MAX_ATTACHMENT_BYTES, attachmentContentTypes, formatBytes, sniffImageType, type Attachment } from "../../contracts/posts.ts";
import { deleteUnusedAttachment, insertAttachmentWithinQuota } from "../../db/attachments.ts";
import { AppError } from "../../contracts/errors.ts";
import { randomToken } from "../../security/tokens.ts";
import type { Database } from "../../database.ts";

type Deps = { db: Database; media: R2Bucket; clock: Clock };

export type Upload = { bytes: ArrayBuffer; declaredType: string | null; field: string };

const LIMIT_TEXT = formatBytes(MAX_ATTACHMENT_BYTES);
/**
 * Images waiting for a post, per creator and day: far above what writing posts needs (4 per post), low enough that
 * nobody can use the bucket as free storage.
 */
export const MAX_UNUSED_ATTACHMENTS_PER_DAY = 40;

export function attachmentTooLarge(size: number | null, field: string): AppError {
  const message =
    size === null
      ? `The image is too large: images can be at most ${LIMIT_TEXT}.`
      : `The image is ${formatBytes(size)}; images can be at most ${LIMIT_TEXT}.`;
  return new AppError(413, "attachment_too_large", message, [{ loc: ["body", field], msg: `must be at most ${LIMIT_TEXT}` }]);
}

/** Where an attachment's bytes live in R2: under its owner, so a bucket listing shows whose images are whose. */
export function attachmentKey(userId: string, attachmentId: string): string {
  return `attachments/${userId}/${attachmentId}`;
}

/**
 * Stores an image for a post that is being written: checked by its bytes (not by what the browser claims), kept in
 * R2 and recorded as the creator's, unused until a post takes it.
 */
export async function storeAttachment({ db, media, clock }: Deps, userId: string, upload: Upload): Promise<Attachment> {
  const { bytes, declaredType, field } = upload;
  if (bytes.byteLength === 0) {
    throw new AppError(400, "invalid_attachment", "The file is empty.", [{ loc: ["body", field], msg: "is empty" }]);
  }
  if (bytes.byteLength > MAX_ATTACHMENT_BYTES) throw attachmentTooLarge(bytes.byteLength, field);
  const contentType = sniffImageType(new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 16)));
  if (contentType === null) {
    throw new AppError(400, "unsupported_attachment", "Only PNG, JPEG, GIF and WebP images can be attached.", [
      { loc: ["body", field], msg: "is not a PNG, JPEG, GIF or WebP image" },
    ]);
  }
  const claimsImage = declaredType !== null && (attachmentContentTypes as readonly string[]).includes(declaredType);
  if (claimsImage && declaredType !== contentType) {
    throw new AppError(400, "attachment_type_mismatch", `The file says it is ${declaredType} but it is ${contentType}.`, [
      { loc: ["body", field], msg: `is ${contentType}, not ${declaredType}` },
    ]);
  }

  const now = clock.now();
  const id = `att_${randomToken(16)}`;
  const r2Key = attachmentKey(userId, id);
  // The row first: it is what the quota counts, and nobody can use it before this answer names its id.
  const recorded = await insertAttachmentWithinQuota(
    db,
    { id, userId, postId: null, r2Key, contentType, sizeBytes: bytes.byteLength, createdAt: now },
    { max: MAX_UNUSED_ATTACHMENTS_PER_DAY, since: now - DAY },
  );
  if (!recorded) {
    throw new AppError(
      429,
      "too_many_attachments",
      `You have ${MAX_UNUSED_ATTACHMENTS_PER_DAY} images waiting that no post uses yet. Post or wait a day before adding more.`,
    );
  }
  try {
    await media.put(r2Key, bytes, { httpMetadata: { contentType }, customMetadata: { userId } });
  } catch (error) {
    await deleteUnusedAttachment(db, id);
    throw error;
  }
  return { id, contentType, sizeBytes: bytes.byteLength };
}
