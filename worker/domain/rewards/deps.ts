import type { Clock } from "../../clock.ts";
import type { Database } from "../../database.ts";
import type { Networks } from "../networks/registry.ts";
import type { ReadGroup } from "./read-groups.ts";

/** What the rewards engine's steps work with: the database and the clock. */
export type RewardsDeps = { db: Database; clock: Clock };

/**
 * Polling also reads posts back from their networks, each through its adapter (which keeps the owners' access). With
 * the polling queue, a scheduler run hands its read groups to the queue's consumers instead of reading them itself
 * (docs/decisions/048-polling-fan-out.md).
 */
export type PollingDeps = RewardsDeps & { networks: Networks; pollingQueue?: Queue<ReadGroup> };
