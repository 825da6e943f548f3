import type { AppConfig } from "../config.ts";
import { createPayoutRail, type PayoutRail } from "./payout-rail.ts";

const rails = new WeakMap<AppConfig, PayoutRail>();

/** One payout rail client per configuration (per isolate). */
export function payoutRailFor(config: AppConfig): PayoutRail {
  let rail = rails.get(config);
  if (rail === undefined) {
    rail = createPayoutRail(config.payouts);
    rails.set(config, rail);
  }
  return rail;
}
