import { useMutation } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { browserClients } from "~/lib/api/browser-clients";
import { createdPostSchema, type CreatedPost, type CreatePostInput } from "@contracts/posts.ts";

/** The spec's payload, and the key of the press of Post it belongs to (sent as the `Idempotency-Key` header). */
export type CreatePostRequest = { payload: Omit<CreatePostInput, "clientRequestId">; idempotencyKey: string };

/** `POST /v1/action/post/create`: publishes the post on X and records it (201 new, 200 for a repeated press). */
export function createPost({ payload, idempotencyKey }: CreatePostRequest): Promise<CreatedPost> {
  return browserClients().api.post("/v1/action/post/create", createdPostSchema, {
    body: payload,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

/**
 * A new post changes the page's lists of posts, which come from the route's loader: that is what is revalidated.
 * No query holds posts (the post options, the current campaigns and the notifications stay as they were).
 */
export function useCreatePost(options: { onSuccess?: (post: CreatedPost) => void; onError?: (error: unknown) => void } = {}) {
  const revalidator = useRevalidator();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      void revalidator.revalidate();
      options.onSuccess?.(post);
    },
    onError: (error) => options.onError?.(error),
  });
}
