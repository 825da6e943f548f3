import type { Clock } from "../../clock.ts";
import type { AppConfig } from "../../config.ts";
import type { Network } from "../../contracts/networks/rules.ts";
import type { Database } from "../../database.ts";
import type { NetworkAdapter } from "./adapter.ts";
import { createLazyBlueskyAdapter } from "./bluesky/lazy-adapter.ts";
import { createXAdapter } from "./x/adapter.ts";

/** What an adapter is built from: the database (its credentials), the clock, the configuration and the key its tokens are encrypted with. */
export type NetworkDeps = { db: Database; clock: Clock; config: AppConfig; encryptionKey: string };

/** The adapter of each network: the one list a new network joins. */
const adapterFactories: Record<Network, (deps: NetworkDeps) => NetworkAdapter> = { x: createXAdapter, bluesky: createLazyBlueskyAdapter };

/** Gives the adapter of a network. */
export type Networks = (network: Network) => NetworkAdapter;

export function networksFor(deps: NetworkDeps): Networks {
  const built = new Map<Network, NetworkAdapter>();
  return (network) => {
    let adapter = built.get(network);
    if (adapter === undefined) {
      adapter = adapterFactories[network](deps);
      built.set(network, adapter);
    }
    return adapter;
  };
}
