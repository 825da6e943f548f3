import type { Clock } from "../../clock.ts";
import type { Database } from "../../database.ts";
import type { Networks } from "../networks/registry.ts";

/** What the rewards engine's steps work with: the database and the clock. */
export type RewardsDeps = { db: Database; clock: Clock };

/** Polling also reads posts back from their networks, each through its adapter (which keeps the owners' access). */
export type PollingDeps = RewardsDeps & { networks: Networks };
