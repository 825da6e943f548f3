import { X_WRITE_ACCESS_REQUIRED } from "../../contracts/posts.ts";
import { AppError } from "../../contracts/errors.ts";
import { rulesOf } from "../../contracts/networks/registry.ts";
import type { Network } from "../../contracts/networks/rules.ts";
import type { NetworkError } from "../networks/adapter.ts";

/** A network's refusals, turned into answers a creator can act on. Nothing is stored for a post the network refused. */

export function writeAccessRequired(network: Network, message?: string): AppError {
  const name = rulesOf(network).name;
  return new AppError(
    403,
    network === "x" ? X_WRITE_ACCESS_REQUIRED : `${network}_write_access_required`,
    message ?? `Chorus needs your permission to post on ${name} for you. Choose Allow posting, then send your post again.`,
  );
}

/** When the network did not say when its window reopens. */
const FALLBACK_RATE_WINDOW_MS = 15 * 60 * 1000;

function whenToRetry(retryAt: number | null, now: number): { seconds: number; text: string } {
  const waitMs = Math.max(0, (retryAt ?? now + FALLBACK_RATE_WINDOW_MS) - now);
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const at = new Date(now + waitMs).toISOString().slice(11, 16);
  return { seconds: Math.ceil(waitMs / 1000), text: `in ${minutes} minute${minutes === 1 ? "" : "s"} (at ${at} UTC)` };
}

/** What the creator reads when the network refuses to publish (a rate limit carries Retry-After). */
export function apiErrorFromNetwork(error: NetworkError, now: number): AppError {
  const { network } = error;
  const name = rulesOf(network).name;
  const what = error.imageUpload ? "an image of this post" : "this post";
  switch (error.kind) {
    case "access-revoked":
      return writeAccessRequired(
        network,
        `${name} no longer accepts Chorus's permission to post for you (it was revoked or has expired). Choose Allow posting to grant it again; nothing was posted.`,
      );
    case "missing-access":
      // Said by the network itself (it has a detail): the grant lacks a scope; else Chorus holds no such grant.
      return error.detail !== ""
        ? writeAccessRequired(
            network,
            `Chorus is not allowed to publish on ${name} for you yet (or not with images). Choose Allow posting to grant it; nothing was posted.`,
          )
        : writeAccessRequired(network);
    case "rate-limited": {
      const retry = whenToRetry(error.retryAt, now);
      return new AppError(
        429,
        `${network}_rate_limited`,
        `${name} limits how often you can post, and the limit is reached for now. Nothing was posted; try again ${retry.text}.`,
        undefined,
        { retryAfterSeconds: retry.seconds },
      );
    }
    case "duplicate":
      return new AppError(
        409,
        `${network}_duplicate_content`,
        `${name} refused this post because you have already posted the same text. Change the text a little and try again.`,
      );
    case "refused":
    case "account-taken":
      return new AppError(403, `${network}_refused`, `${name} refused ${what}: ${error.detail}. Nothing was posted.`);
    case "invalid-post":
      return new AppError(422, `${network}_invalid_post`, `${name} refused ${what}: ${error.detail}. Nothing was posted.`);
    case "unavailable":
      return new AppError(502, `${network}_unavailable`, `${name} is not answering right now, so nothing was posted. Try again in a minute.`);
  }
}

