import type { Clock } from "../../clock.ts";
import type { XClient } from "../../clients/x-client.ts";
import type { Database } from "../../database.ts";

/** What the rewards engine's steps work with: the database and the clock. */
export type RewardsDeps = { db: Database; clock: Clock };

/**
 * Polling also talks to X: the lookup, and a usable access token of the post's owner (refreshed through X when it
 * has expired). Both come in as dependencies, so this module imports nothing but types from the X client.
 */
export type PollingDeps = RewardsDeps & {
  xClient: Pick<XClient, "lookupPosts">;
  accessTokenFor(userId: string): Promise<string>;
};
