import type { Clock } from "../../clock.ts";
import { XApiError, type XClient } from "../../clients/x-client.ts";
import { findXCredentials } from "../../db/x-credentials.ts";
import { freshXAccessToken, MissingXAccessError } from "../accounts/x-credentials.ts";
import { apiErrorFromX, writeAccessRequired } from "./x-errors.ts";
import type { Database } from "../../database.ts";

/** The scopes Chorus needs to publish for a creator: posting, and uploading the images of a post. */
export const PUBLISH_SCOPES = ["tweet.write", "media.write"] as const;

type Deps = { db: Database; clock: Clock; xClient: XClient; encryptionKey: string };

/** Whether the creator has granted what publishing needs (the write login), as far as Chorus knows. */
export async function canPublishOnX(db: Database, userId: string): Promise<boolean> {
  const credentials = await findXCredentials(db, userId);
  return credentials !== null && PUBLISH_SCOPES.every((scope) => credentials.scopes.includes(scope));
}

/**
 * An X access token that may publish for the creator, refreshed if needed. A creator who never granted write
 * access, or whose grant X no longer honours, gets the answer that makes the editor offer the write login.
 */
export async function publishingToken(deps: Deps, userId: string, withImages: boolean): Promise<string> {
  try {
    const token = await freshXAccessToken(deps, userId, "tweet.write");
    if (withImages && !(await canPublishOnX(deps.db, userId))) throw new MissingXAccessError("media.write");
    return token;
  } catch (error) {
    if (error instanceof MissingXAccessError) throw writeAccessRequired();
    // A refresh token X refuses means the creator revoked Chorus's access on X.
    if (error instanceof XApiError && (error.status === 400 || error.status === 401)) {
      throw writeAccessRequired(
        "X no longer accepts Chorus's permission to post for you (it was revoked or has expired). Choose Allow posting to grant it again; nothing was posted.",
      );
    }
    if (error instanceof XApiError) throw apiErrorFromX(error, deps.clock.now());
    throw error;
  }
}
