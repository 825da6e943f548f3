import { useMutation } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { attachmentSchema, type Attachment } from "@contracts/posts.ts";

/** An image may take a while on a slow connection; the API's 15 s would cut off a 5 MB upload. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export type UploadAttachmentInput = {
  file: Blob;
  contentType: string;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * `POST /v1/action/post/attachment`: uploads one image (already checked in the browser) to R2 through the worker,
 * reporting progress from 0 to 1. It goes through the API client (XMLHttpRequest transport), so its token and 401
 * rules are the API's.
 */
export function uploadAttachment({ file, contentType, onProgress, signal }: UploadAttachmentInput): Promise<Attachment> {
  return browserClients().api.upload("/v1/action/post/attachment", attachmentSchema, {
    body: file,
    contentType,
    onProgress,
    signal,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
}

/**
 * An upload changes no query (the attachment belongs to the draft until the post takes it). Each call of
 * `mutateAsync` is one image; several may run at once. `networkMode: "always"`: offline, the upload fails at once
 * with its message instead of waiting for the connection; `gcTime: 0`: a finished upload does not keep its file in
 * the mutation cache.
 */
export function useUploadAttachment() {
  return useMutation({ mutationFn: uploadAttachment, networkMode: "always", gcTime: 0 });
}
