import { useCallback, useEffect, useRef, useState } from "react";
import type { AttachmentContentType } from "@contracts/posts.ts";
import { errorText } from "~/lib/error-text";
import { useUploadAttachment } from "./api/upload-attachment";
import { checkPickedFiles, readAsDataUrl } from "./attachment-checks";

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
      const { problems: found, accepted } = await checkPickedFiles(picked, alreadyAttached);
      setProblems(found);
      if (accepted.length === 0) return;
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
