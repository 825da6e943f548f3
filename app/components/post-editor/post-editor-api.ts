import { queryOptions } from "@tanstack/react-query";
import {
  attachmentSchema,
  createdPostSchema,
  feedbackReceiptSchema,
  postOptionsSchema,
  type Attachment,
  type CreatePostInput,
  type FeedbackInput,
} from "../../../worker/contracts/posts.ts";
import { browserClients } from "~/lib/api/browser-clients";
import { ApiRequestError, parseApiErrorBody } from "~/lib/api/http-client";

/** The post editor's calls: a fetcher per endpoint, and the query options of the one it reads. */

export const postOptionsQuery = () =>
  queryOptions({
    queryKey: ["post-editor", "options"],
    queryFn: () => browserClients().api.get("/v1/action/post/options", postOptionsSchema),
    staleTime: 0,
  });

export function createPost(input: CreatePostInput) {
  return browserClients().api.post("/v1/action/post/create", createdPostSchema, { body: input });
}

export function sendFeedback(input: FeedbackInput) {
  return browserClients().api.post("/v1/feedback", feedbackReceiptSchema, { body: input });
}

/** An image may take a while on a slow connection; the API's 15 s would cut off a 5 MB upload. */
const UPLOAD_TIMEOUT_MS = 120_000;


function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type UploadAnswer = { status: number; body: unknown };

function send(file: Blob, contentType: string, token: string | null, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<UploadAnswer>((resolve, reject) => {
    // XMLHttpRequest, because fetch cannot report upload progress.
    const request = new XMLHttpRequest();
    request.open("POST", "/v1/action/post/attachment");
    request.timeout = UPLOAD_TIMEOUT_MS;
    request.setRequestHeader("Content-Type", contentType);
    request.setRequestHeader("Accept", "application/json");
    if (token !== null) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: parseJson(request.responseText) });
    request.onerror = () => reject(new Error("The upload failed: check your connection."));
    request.ontimeout = () => reject(new Error("The upload took too long."));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(file);
  });
}

/** Uploads one image (already checked in the browser) to R2 through the worker; reports progress from 0 to 1. */
export async function uploadAttachment(
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  const { session } = browserClients();
  let token = await session.current();
  let answer = await send(file, contentType, token, onProgress, signal);
  if (answer.status === 401) {
    try {
      token = await session.refreshAfter(token);
    } catch (error) {
      session.end(error);
    }
    answer = await send(file, contentType, token, onProgress, signal);
    if (answer.status === 401) session.end();
  }
  if (answer.status < 200 || answer.status >= 300) {
    throw new ApiRequestError(answer.status, parseApiErrorBody(answer.body));
  }
  return attachmentSchema.parse(answer.body);
}
