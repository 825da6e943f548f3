import {
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  SNIFF_BYTES,
  formatBytes,
  sniffImageType,
  type AttachmentContentType,
} from "@contracts/posts.ts";

/** The size limit of one image, as the editor words it ("5 MB"). */
export const ATTACHMENT_LIMIT_TEXT = formatBytes(MAX_ATTACHMENT_BYTES);

/** A picked file the browser found to be an image X takes. */
export type AcceptedImage = { key: string; file: File; contentType: AttachmentContentType };

/** What is wrong with a file, checked in the browser before any upload (the server checks again). */
async function problemWith(file: File): Promise<{ problem: string } | { contentType: AttachmentContentType }> {
  if (file.size > MAX_ATTACHMENT_BYTES)
    return { problem: `${file.name} is ${formatBytes(file.size)}; images can be at most ${ATTACHMENT_LIMIT_TEXT}.` };
  if (file.size === 0) return { problem: `${file.name} is empty.` };
  const contentType = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (contentType === null) return { problem: `${file.name} is not a PNG, JPEG, GIF or WebP image.` };
  return { contentType };
}

/**
 * The picked files a post can take besides those `alreadyAttached` (as many as fit, each a PNG, JPEG, GIF or WebP
 * image within the size limit), and what is wrong with the others. An animated GIF must be a post's only image: a
 * pick that would break that is refused whole.
 */
export async function checkPickedFiles(
  picked: readonly File[],
  alreadyAttached: readonly { contentType: AttachmentContentType | null }[],
): Promise<{ problems: string[]; accepted: AcceptedImage[] }> {
  const problems: string[] = [];
  const accepted: AcceptedImage[] = [];
  const room = MAX_ATTACHMENTS - alreadyAttached.length;
  if (picked.length > room) {
    problems.push(
      room <= 0
        ? `A post can have at most ${MAX_ATTACHMENTS} images.`
        : `Only ${room} more image${room === 1 ? "" : "s"} fit: a post can have at most ${MAX_ATTACHMENTS}.`,
    );
  }
  for (const file of picked.slice(0, Math.max(0, room))) {
    const checked = await problemWith(file);
    if ("problem" in checked) problems.push(checked.problem);
    else accepted.push({ key: `${Date.now()}-${Math.random().toString(36).slice(2)}`, file, contentType: checked.contentType });
  }
  const hasGif = [...alreadyAttached.map((item) => item.contentType), ...accepted.map((item) => item.contentType)].includes("image/gif");
  if (hasGif && alreadyAttached.length + accepted.length > 1) {
    return { problems: [...problems, "An animated GIF must be the only image of a post on X."], accepted: [] };
  }
  return { problems, accepted };
}

/** The file as a data: URL for its preview (the page's CSP allows data: images, not blob: ones), or null. */
export function readAsDataUrl(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}
