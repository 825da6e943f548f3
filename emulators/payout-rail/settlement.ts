import type { PayoutStatus, RailPayout, RailState } from "./state.ts";

/**
 * How a payout ends. The outcome is decided when the payout is created and shown when it settles, a fixed delay
 * later. Settlement is a function of time: whoever reads a payout after its moment sees it settled, whether or not
 * a timer fired (the emulator may have been stopped in between).
 */

export const REFUSED_ADDRESS_REASON = "the rail refused the destination address";
export const FAIL_SWITCH_REASON = "the rail could not complete the payout";

/** The documented rule for tests: a destination whose lower-cased address ends in "dead" is refused. */
export function isRefusedAddress(address: string): boolean {
  return address.toLowerCase().endsWith("dead");
}

export function plannedOutcome(address: string, failNewPayouts: boolean): Pick<RailPayout, "outcome" | "outcomeReason"> {
  if (isRefusedAddress(address)) return { outcome: "failed", outcomeReason: REFUSED_ADDRESS_REASON };
  if (failNewPayouts) return { outcome: "failed", outcomeReason: FAIL_SWITCH_REASON };
  return { outcome: "completed", outcomeReason: null };
}

export function statusOf(payout: RailPayout): PayoutStatus {
  return payout.settledAt === null ? "pending" : payout.outcome;
}

/**
 * Settles every payout and deposit whose moment has come, at that moment. `changed`: the state needs saving;
 * `payouts`: the payouts that settled now, whose webhooks go out once it is saved.
 */
export function settleDue(state: RailState, now: number): { changed: boolean; payouts: RailPayout[] } {
  let changed = false;
  const payouts: RailPayout[] = [];
  for (const payout of state.payouts) {
    if (payout.settledAt === null && payout.settlesAt <= now) {
      payout.settledAt = payout.settlesAt;
      payouts.push(payout);
      changed = true;
    }
  }
  for (const deposit of state.deposits) {
    if (deposit.settledAt === null && deposit.settlesAt <= now) {
      deposit.settledAt = deposit.settlesAt;
      changed = true;
    }
  }
  return { changed, payouts };
}

/** The home page's "Settle now": the payout ends at once, the way it would have ended later. False when it had settled. */
export function settleNow(payout: RailPayout, now: number): boolean {
  if (payout.settledAt !== null) return false;
  payout.settlesAt = Math.min(payout.settlesAt, now);
  payout.settledAt = payout.settlesAt;
  return true;
}
