import { z } from "zod/mini";
import { networks, networkSchema, type Network } from "./networks/rules.ts";
import { rulesOf } from "./networks/registry.ts";
import type { MetricKind } from "./networks/rules.ts";

/**
 * The networks a campaign runs on (docs/decisions/044-campaign-networks.md): X, Bluesky or both. Kept in one order
 * (the order of `networks`), so the same choice is always written the same way.
 */
export const campaignNetworksSchema = z.pipe(
  z.array(networkSchema, { error: `must list networks among ${networks.join(", ")}` }).check(
    z.minLength(1, "choose at least one network"),
    z.refine((chosen) => new Set(chosen).size === chosen.length, "lists a network twice"),
  ),
  z.transform((chosen): Network[] => inNetworkOrder(chosen)),
);

export function inNetworkOrder(chosen: readonly Network[]): Network[] {
  return networks.filter((network) => chosen.includes(network));
}

/** Whether a network reports this count: view rules and weights mean nothing on a network without views (Bluesky). */
export function networkReports(network: Network, metric: MetricKind): boolean {
  return rulesOf(network).metrics.includes(metric);
}

/** The campaign's networks that report a count (for the form: which networks the view rules apply to). */
export function networksReporting(chosen: readonly Network[], metric: MetricKind): Network[] {
  return chosen.filter((network) => networkReports(network, metric));
}
