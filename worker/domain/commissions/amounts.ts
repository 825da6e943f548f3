import type { CommissionRule } from "../../db/commissions.ts";

/**
 * The arithmetic of a commission (docs/decisions/045-commissions.md), pure and in integers of the campaign's reward
 * currency's smallest unit: a rule's amount for an event, then what the caps leave of it.
 */

export type EventValue = { value: number | null; currency: string | null };

export type RuleAmount = { ok: true; amount: number } | { ok: false; reason: string };

const BASIS_POINTS = 10_000n;

/**
 * What the rule pays for the event, before caps and budget. A share is rounded down (the creator never gets a unit
 * the value does not cover); a share or a minimum needs the event's value in the campaign's currency.
 */
export function ruleAmount(rule: CommissionRule, event: EventValue, campaignCurrency: string): RuleAmount {
  const valued = event.value !== null && event.currency === campaignCurrency;
  if (rule.minValue !== null) {
    if (!valued) return { ok: false, reason: `the rule asks for a value in ${campaignCurrency} and the event has none` };
    if ((event.value ?? 0) < rule.minValue) return { ok: false, reason: "its value is below the rule's minimum" };
  }
  if (rule.fixedAmount !== null) return { ok: true, amount: rule.fixedAmount };
  if (rule.shareBps === null) return { ok: false, reason: "the rule pays nothing" };
  if (!valued) return { ok: false, reason: `the rule pays a share of a value in ${campaignCurrency} and the event has none` };
  // BigInt: a value near 2^53 times 10,000 basis points is past what a double holds exactly.
  const amount = Number((BigInt(event.value ?? 0) * BigInt(rule.shareBps)) / BASIS_POINTS);
  return amount > 0 ? { ok: true, amount } : { ok: false, reason: "its value is too small for a share of one unit" };
}

export type CapUsage = { creatorWeekUsed: number; campaignUsed: number };

/** What is left of the amount under the creator's weekly cap and the campaign's cap (0 when either is reached). */
export function cappedAmount(amount: number, rule: Pick<CommissionRule, "creatorWeeklyCap" | "campaignCap">, usage: CapUsage): number {
  let left = amount;
  if (rule.creatorWeeklyCap !== null) left = Math.min(left, rule.creatorWeeklyCap - usage.creatorWeekUsed);
  if (rule.campaignCap !== null) left = Math.min(left, rule.campaignCap - usage.campaignUsed);
  return Math.max(0, left);
}

/**
 * A reversal of a released commission: what the creator's available balance gives back now, and the debt that
 * their next earnings repay. Never takes more than the balance holds, so the balance never goes negative.
 */
export function clawback(amount: number, creatorAvailable: number): { takenNow: number; debt: number } {
  const takenNow = Math.max(0, Math.min(amount, creatorAvailable));
  return { takenNow, debt: amount - takenNow };
}
