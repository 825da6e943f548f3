import { useCallback, useEffect, useId, useRef, useState } from "react";
import {
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  SNIFF_BYTES,
  attachmentContentTypes,
  formatBytes,
  sniffImageType,
  type AttachmentContentType,
} from "@contracts/posts.ts";
import { AppIcon } from "~/components/app-icon";
import { errorText } from "~/lib/error-text";
import { CloseMark } from "./close-mark";
import { useUploadAttachment } from "./api/upload-attachment";

export type AttachmentItem = {
  key: string;
  name: string;
  sizeBytes: number;
  contentType: AttachmentContentType | null;
  /** A data: URL (the page's CSP allows data: images, not blob: ones); null for images restored from a draft. */
  previewUrl: string | null;
  status: "uploading" | "uploaded" | "failed";
  progress: number;
  id: string | null;
  error: string | null;
};

export type RestoredAttachment = { id: string; name: string; sizeBytes: number; contentType: AttachmentContentType };

const LIMIT_TEXT = formatBytes(MAX_ATTACHMENT_BYTES);

function readAsDataUrl(file: Blob): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === "string" ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/** What is wrong with a file, checked in the browser before any upload (the server checks again). */
async function problemWith(file: File): Promise<{ problem: string } | { contentType: AttachmentContentType }> {
  if (file.size > MAX_ATTACHMENT_BYTES)
    return { problem: `${file.name} is ${formatBytes(file.size)}; images can be at most ${LIMIT_TEXT}.` };
  if (file.size === 0) return { problem: `${file.name} is empty.` };
  const contentType = sniffImageType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (contentType === null) return { problem: `${file.name} is not a PNG, JPEG, GIF or WebP image.` };
  return { contentType };
}

/** The images of the post being written: checked, previewed and uploaded as soon as they are picked. */
export function useAttachments(restored: readonly RestoredAttachment[]) {
  const [items, setItems] = useState<AttachmentItem[]>(() =>
    restored.map((attachment) => ({
      key: attachment.id,
      name: attachment.name,
      sizeBytes: attachment.sizeBytes,
      contentType: attachment.contentType,
      previewUrl: null,
      status: "uploaded",
      progress: 1,
      id: attachment.id,
      error: null,
    })),
  );
  const [problems, setProblems] = useState<string[]>([]);
  const files = useRef(new Map<string, File>());
  const uploads = useRef(new Map<string, AbortController>());
  const { mutateAsync: uploadAttachment } = useUploadAttachment();

  useEffect(() => {
    const inFlight = uploads.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort();
    };
  }, []);

  const update = useCallback((key: string, change: Partial<AttachmentItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const upload = useCallback(
    (key: string, file: File, contentType: AttachmentContentType) => {
      const controller = new AbortController();
      uploads.current.set(key, controller);
      update(key, { status: "uploading", progress: 0, error: null });
      uploadAttachment({ file, contentType, onProgress: (progress) => update(key, { progress }), signal: controller.signal })
        .then((attachment) => update(key, { status: "uploaded", progress: 1, id: attachment.id }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          update(key, { status: "failed", error: error instanceof Error && !("body" in error) ? error.message : errorText(error) });
        })
        .finally(() => uploads.current.delete(key));
    },
    [update, uploadAttachment],
  );

  const add = useCallback(
    async (picked: readonly File[], alreadyAttached: readonly AttachmentItem[]) => {
      const found: string[] = [];
      const accepted: { key: string; file: File; contentType: AttachmentContentType }[] = [];
      const room = MAX_ATTACHMENTS - alreadyAttached.length;
      if (picked.length > room) {
        found.push(
          room <= 0
            ? `A post can have at most ${MAX_ATTACHMENTS} images.`
            : `Only ${room} more image${room === 1 ? "" : "s"} fit: a post can have at most ${MAX_ATTACHMENTS}.`,
        );
      }
      for (const file of picked.slice(0, Math.max(0, room))) {
        const checked = await problemWith(file);
        if ("problem" in checked) found.push(checked.problem);
        else accepted.push({ key: `${Date.now()}-${Math.random().toString(36).slice(2)}`, file, contentType: checked.contentType });
      }
      const hasGif = [...alreadyAttached.map((item) => item.contentType), ...accepted.map((item) => item.contentType)].includes(
        "image/gif",
      );
      if (hasGif && alreadyAttached.length + accepted.length > 1) {
        setProblems([...found, "An animated GIF must be the only image of a post on X."]);
        return;
      }
      setProblems(found);
      setItems((current) => [
        ...current,
        ...accepted.map(({ key, file, contentType }) => ({
          key,
          name: file.name,
          sizeBytes: file.size,
          contentType,
          previewUrl: null,
          status: "uploading" as const,
          progress: 0,
          id: null,
          error: null,
        })),
      ]);
      for (const { key, file, contentType } of accepted) {
        files.current.set(key, file);
        void readAsDataUrl(file).then((previewUrl) => update(key, { previewUrl }));
        upload(key, file, contentType);
      }
    },
    [update, upload],
  );

  const remove = useCallback((key: string) => {
    uploads.current.get(key)?.abort();
    files.current.delete(key);
    setItems((current) => current.filter((item) => item.key !== key));
    setProblems([]);
  }, []);

  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      const item = items.find((candidate) => candidate.key === key);
      if (file !== undefined && item?.contentType) upload(key, file, item.contentType);
    },
    [items, upload],
  );

  return {
    items,
    problems,
    add,
    remove,
    retry,
    uploadedIds: items.flatMap((item) => (item.status === "uploaded" && item.id !== null ? [item.id] : [])),
    busy: items.some((item) => item.status === "uploading"),
    failed: items.some((item) => item.status === "failed"),
  };
}

export type Attachments = ReturnType<typeof useAttachments>;

/** The picker and the picked images: previews, upload progress, remove and retry. */
export function AttachmentPicker({ attachments, disabled }: { attachments: Attachments; disabled: boolean }) {
  const inputId = useId();
  const hintId = useId();
  const { items, problems } = attachments;
  const full = items.length >= MAX_ATTACHMENTS;
  return (
    <div className="post-editor-attachments">
      <div className="post-editor-attach-row">
        <input
          id={inputId}
          type="file"
          className="pe-visually-hidden"
          accept={attachmentContentTypes.join(",")}
          multiple
          disabled={disabled || full}
          aria-describedby={hintId}
          onChange={(event) => {
            const picked = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            void attachments.add(picked, items);
          }}
        />
        <label htmlFor={inputId} className={`button button-small post-editor-attach${disabled || full ? " is-disabled" : ""}`}>
          <AppIcon name="lucide:image-plus" size={16} />
          Add images
        </label>
        <span id={hintId} className="post-editor-hint">
          {`Up to ${MAX_ATTACHMENTS} PNG, JPEG, GIF or WebP images, ${LIMIT_TEXT} each.`}
        </span>
      </div>
      {problems.length > 0 ? (
        <ul className="post-editor-problems" role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {items.length > 0 ? (
        <ul className="post-editor-thumbnails" aria-label="Attached images">
          {items.map((item, index) => (
            <li key={item.key} className={`post-editor-thumbnail is-${item.status}`}>
              {item.previewUrl === null ? (
                <span className="post-editor-thumbnail-placeholder" aria-hidden="true">
                  <AppIcon name="lucide:image" size={24} />
                </span>
              ) : (
                <img src={item.previewUrl} alt={`Image ${index + 1}: ${item.name}`} />
              )}
              <span className="post-editor-thumbnail-status" role="status">
                {item.status === "uploading" ? (
                  <>
                    <span className="pe-spinner" aria-hidden="true" />
                    <span>{`Uploading ${Math.round(item.progress * 100)}%`}</span>
                    <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
                  </>
                ) : item.status === "uploaded" ? (
                  <span>{`Uploaded · ${formatBytes(item.sizeBytes)}`}</span>
                ) : (
                  <span className="post-editor-error-text">{item.error ?? "Upload failed"}</span>
                )}
              </span>
              <span className="post-editor-thumbnail-actions">
                {item.status === "failed" ? (
                  <button type="button" className="button button-small" onClick={() => attachments.retry(item.key)}>
                    Try again
                  </button>
                ) : null}
                <button
                  type="button"
                  className="post-editor-remove"
                  aria-label={`Remove image ${index + 1} (${item.name})`}
                  onClick={() => attachments.remove(item.key)}
                  disabled={disabled}
                >
                  <CloseMark size={16} />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
