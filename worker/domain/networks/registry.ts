import type { Network } from "../../contracts/networks/rules.ts";
import type { NetworkAdapter, NetworkDeps } from "./adapter.ts";
import { createLazyBlueskyAdapter } from "./bluesky/lazy-adapter.ts";
import { createXAdapter } from "./x/adapter.ts";

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
