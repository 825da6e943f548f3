import type { Network, NetworkRules } from "./rules.ts";
import { blueskyRules } from "./bluesky/rules.ts";
import { xRules } from "./x/rules.ts";

/** Each network's rules, by id: the one list a new network joins (with its folder beside ./x). */
export const networkRules: Record<Network, NetworkRules> = { x: xRules, bluesky: blueskyRules };

export function rulesOf(network: Network): NetworkRules {
  return networkRules[network];
}
