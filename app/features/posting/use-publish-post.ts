import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import toast from "react-hot-toast";
import { X_WRITE_ACCESS_REQUIRED } from "@contracts/posts.ts";
import { rulesOf } from "@contracts/networks/registry.ts";
import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import { useCreatePost, type CreatePostRequest } from "./api/create-post";
import { postOptionsKeys } from "./api/get-post-options";
import { clearDraft, saveDraft, type Draft } from "./draft-storage";
import { useWriteAccess } from "./write-access";

/** One press of Post: the same payload sent again (a lost answer, a retry after granting access) keeps its id. */
type Press = { fingerprint: string; idempotencyKey: string };

function isLostAnswer(error: unknown): boolean {
  return error instanceof DOMException || error instanceof TypeError;
}

/**
 * Post: sends the post once per press (an idempotency key per payload, kept for a retry of the same payload), asks
 * for X's write access first when the creator has not given it (or when X refuses for want of it) and sends the post
 * again once it is given, and says what went wrong otherwise. `ready`: the form holds a post that can be sent.
 */
export function usePublishPost(options: {
  payload: () => CreatePostRequest["payload"];
  ready: boolean;
  /** Whether X lets Chorus post for the creator: asked for first when the post goes to X. */
  canPublishOnX: boolean | undefined;
  draftNow: () => Draft;
  onPress: () => void;
  onPublished: () => void;
}) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [accessProblem, setAccessProblem] = useState<string | null>(null);
  const press = useRef<Press | null>(null);
  const retryAfterGrant = useRef(false);
  const grantedHere = useRef(false);

  const mutation = useCreatePost({
    onSuccess: (post) => {
      clearDraft();
      toast.success(`Posted on ${rulesOf(post.network).name}. Your post is being evaluated.`);
      options.onPublished();
    },
    onError: (failure) => {
      if (failure instanceof ApiRequestError && failure.body?.code === X_WRITE_ACCESS_REQUIRED) {
        retryAfterGrant.current = true;
        setAccessProblem(errorText(failure));
        return;
      }
      if (isLostAnswer(failure)) {
        setError(
          "Chorus did not answer in time. Press Post again: if your post already went out, you get it back instead of a second one.",
        );
        return;
      }
      // The server answered: nothing was stored, so the next press is a new one (unless the first is still going).
      if (!(failure instanceof ApiRequestError && failure.body?.code === "post_in_progress")) press.current = null;
      setError(errorText(failure));
    },
  });

  const writeAccess = useWriteAccess({
    onGranted: () => {
      grantedHere.current = true;
      setAccessProblem(null);
      void queryClient.invalidateQueries({ queryKey: postOptionsKeys.all });
      if (retryAfterGrant.current) {
        retryAfterGrant.current = false;
        submit();
      }
    },
    beforeFullPage: () => saveDraft(options.draftNow()),
  });

  const blocked = !options.ready || mutation.isPending;

  function submit() {
    if (blocked) return;
    setError(null);
    options.onPress();
    // Known in advance: ask for X's permission first rather than send a post X would refuse.
    if ((options.payload().network ?? "x") === "x" && options.canPublishOnX === false && !grantedHere.current) {
      retryAfterGrant.current = true;
      setAccessProblem("Chorus needs your permission to post on X for you. Choose Allow posting: your post is sent as soon as X confirms.");
      return;
    }
    const body = options.payload();
    const fingerprint = JSON.stringify(body);
    const current = press.current?.fingerprint === fingerprint ? press.current : { fingerprint, idempotencyKey: crypto.randomUUID() };
    press.current = current;
    mutation.mutate({ payload: body, idempotencyKey: current.idempotencyKey });
  }

  return { submit, blocked, pending: mutation.isPending, error, accessProblem, writeAccess };
}
