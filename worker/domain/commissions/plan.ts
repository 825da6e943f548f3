import { campaignWeekAt } from "../../contracts/campaign-weeks.ts";
import type {
  CommissionReversal,
  CommissionRule,
  CommissionStateRow,
  DueConversionRow,
  NewCommission,
  UsageIncrement,
  UsageKey,
} from "../../db/commissions.ts";
import type { NewLedgerEntryOf } from "../../db/ledger.ts";
import {
  campaignCommissionBudgetAccount,
  creatorAvailableAccount,
  creatorCommissionPendingAccount,
  type LedgerAccount,
} from "../ledger/accounts.ts";
import { cappedAmount, clawback, ruleAmount } from "./amounts.ts";

/**
 * What the scheduler's intake does with the conversions waiting for it (docs/decisions/045-commissions.md), worked
 * out in memory from what it read, in the order the events arrived: pure, so the tests give it the rows by hand.
 */

const DAY_MS = 86_400_000;

export type CampaignTerms = {
  campaignId: string;
  currency: string;
  startsAt: number;
  validationDays: number;
  /** The budget account's balance when read. */
  budget: number;
  rules: ReadonlyMap<string, CommissionRule>;
};

export type IntakeInput = {
  events: readonly DueConversionRow[];
  terms: ReadonlyMap<string, CampaignTerms>;
  /** Cap usage by `usageKeyOf`. */
  usage: ReadonlyMap<string, number>;
  /** Commissions of the events reversals name, by `eventKeyOf`. */
  commissions: ReadonlyMap<string, CommissionStateRow>;
  now: number;
  newCommissionId: () => string;
};

export type EventOutcome =
  | { eventId: string; outcome: "commission"; commissionId: string; amount: number }
  | { eventId: string; outcome: "reversed"; commissionId: string; debt: number }
  | { eventId: string; outcome: "none"; reason: string };

/** A ledger entry with the accounts it names, so the batch can create them first. */
export type PlannedEntry = NewLedgerEntryOf & { accounts: LedgerAccount[] };

export type IntakePlan = {
  commissions: NewCommission[];
  usage: UsageIncrement[];
  reversals: CommissionReversal[];
  entries: PlannedEntry[];
  /** Conversions per campaign that found the budget too small. */
  budgetShort: Map<string, number>;
  outcomes: EventOutcome[];
};

export const eventKeyOf = (advertiserId: string, eventId: string) => `${advertiserId}\u0000${eventId}`;
export const usageKeyOf = (key: UsageKey) => `${key.campaignId}\u0000${key.eventType}\u0000${key.creatorId}\u0000${key.week}`;

/** The two cap rows a commission of this creator, campaign and type counts against. */
export function usageKeysFor(terms: Pick<CampaignTerms, "campaignId" | "startsAt">, eventType: string, creatorId: string, at: number) {
  return {
    creatorWeek: { campaignId: terms.campaignId, eventType, creatorId, week: campaignWeekAt(terms, at) },
    campaign: { campaignId: terms.campaignId, eventType, creatorId: "", week: 0 },
  };
}

function entry(
  kind: PlannedEntry["kind"],
  key: string,
  ref: string,
  memo: string,
  from: LedgerAccount,
  to: LedgerAccount,
  amount: number,
  at: number,
): PlannedEntry {
  return {
    idempotencyKey: key,
    kind,
    memo,
    ref,
    createdAt: at,
    lines: [
      { accountId: from.id, amount: -amount },
      { accountId: to.id, amount },
    ],
    accounts: [from, to],
  };
}

export function planIntake(input: IntakeInput): IntakePlan {
  const plan: IntakePlan = { commissions: [], usage: [], reversals: [], entries: [], budgetShort: new Map(), outcomes: [] };
  const budgets = new Map([...input.terms.values()].map((terms) => [terms.campaignId, terms.budget]));
  const usage = new Map(input.usage);
  const available = new Map<string, number>();
  const madeHere = new Map<string, { commission: NewCommission; usageKeys: string[] }>();
  const none = (eventId: string, reason: string): void => {
    plan.outcomes.push({ eventId, outcome: "none", reason });
  };

  for (const event of input.events) {
    if (event.reverses_event_id !== null) {
      reverse(event, event.reverses_event_id);
      continue;
    }
    const terms = event.campaign_id === null ? undefined : input.terms.get(event.campaign_id);
    const rule = terms?.rules.get(event.type);
    if (terms === undefined || rule === undefined || event.creator_id === null) {
      none(event.event_id, "no commission rule for its campaign and type");
      continue;
    }
    const amount = ruleAmount(rule, event, terms.currency);
    if (!amount.ok) {
      none(event.event_id, amount.reason);
      continue;
    }
    const keys = usageKeysFor(terms, event.type, event.creator_id, event.received_at);
    const creatorWeekUsed = usage.get(usageKeyOf(keys.creatorWeek)) ?? 0;
    const campaignUsed = usage.get(usageKeyOf(keys.campaign)) ?? 0;
    const capped = cappedAmount(amount.amount, rule, { creatorWeekUsed, campaignUsed });
    if (capped === 0) {
      none(event.event_id, "its campaign's cap for this creator's week, or for the campaign, is reached");
      continue;
    }
    const budget = budgets.get(terms.campaignId) ?? 0;
    if (budget < capped) {
      none(event.event_id, "the campaign's commission budget is spent");
      plan.budgetShort.set(terms.campaignId, (plan.budgetShort.get(terms.campaignId) ?? 0) + 1);
      continue;
    }
    budgets.set(terms.campaignId, budget - capped);
    usage.set(usageKeyOf(keys.creatorWeek), creatorWeekUsed + capped);
    usage.set(usageKeyOf(keys.campaign), campaignUsed + capped);
    const commission: NewCommission = {
      id: input.newCommissionId(),
      advertiserId: event.advertiser_id,
      eventId: event.event_id,
      campaignId: terms.campaignId,
      creatorId: event.creator_id,
      eventType: event.type,
      currency: terms.currency,
      amount: capped,
      createdAt: input.now,
      availableAt: event.received_at + terms.validationDays * DAY_MS,
    };
    plan.commissions.push(commission);
    madeHere.set(eventKeyOf(event.advertiser_id, event.event_id), {
      commission,
      usageKeys: [usageKeyOf(keys.creatorWeek), usageKeyOf(keys.campaign)],
    });
    plan.usage.push(
      { ...keys.creatorWeek, commissionId: commission.id, amount: capped, cap: rule.creatorWeeklyCap },
      { ...keys.campaign, commissionId: commission.id, amount: capped, cap: rule.campaignCap },
    );
    plan.entries.push(
      entry(
        "commission-reserve",
        `commission-reserve:${commission.id}`,
        commission.id,
        `Commission for event ${event.event_id}`,
        campaignCommissionBudgetAccount(terms.campaignId, terms.currency),
        creatorCommissionPendingAccount(event.creator_id, terms.currency),
        capped,
        input.now,
      ),
    );
    plan.outcomes.push({ eventId: event.event_id, outcome: "commission", commissionId: commission.id, amount: capped });
  }
  return plan;

  function reverse(event: DueConversionRow, originalEventId: string): void {
    const key = eventKeyOf(event.advertiser_id, originalEventId);
    const made = madeHere.get(key);
    // Made and undone within one run: the commission is left out rather than reserved and cancelled at once.
    if (made !== undefined) return undoMadeHere(made.commission, made.usageKeys, event);
    const commission = input.commissions.get(key);
    if (commission === undefined) return none(event.event_id, "the event it names earned no commission");
    if (commission.status === "reversed") return none(event.event_id, "the commission it names is already reversed");
    const budget = campaignCommissionBudgetAccount(commission.campaign_id, commission.currency);
    if (commission.status === "pending") {
      plan.reversals.push({ id: commission.id, from: "pending", reversalEventId: event.event_id, debt: 0 });
      plan.entries.push(
        entry(
          "commission-cancel",
          `commission-cancel:${commission.id}`,
          commission.id,
          `${event.type} ${event.event_id}`,
          creatorCommissionPendingAccount(commission.creator_id, commission.currency),
          budget,
          commission.amount,
          input.now,
        ),
      );
      budgets.set(commission.campaign_id, (budgets.get(commission.campaign_id) ?? 0) + commission.amount);
      plan.outcomes.push({ eventId: event.event_id, outcome: "reversed", commissionId: commission.id, debt: 0 });
      return;
    }
    const balanceKey = `${commission.creator_id}\u0000${commission.currency}`;
    const { takenNow, debt } = clawback(commission.amount, available.get(balanceKey) ?? commission.creator_available);
    available.set(balanceKey, (available.get(balanceKey) ?? commission.creator_available) - takenNow);
    plan.reversals.push({ id: commission.id, from: "available", reversalEventId: event.event_id, debt });
    if (takenNow > 0) {
      plan.entries.push(
        entry(
          "commission-clawback",
          `commission-clawback:${commission.id}`,
          commission.id,
          `${event.type} ${event.event_id}`,
          creatorAvailableAccount(commission.creator_id, commission.currency),
          budget,
          takenNow,
          input.now,
        ),
      );
      budgets.set(commission.campaign_id, (budgets.get(commission.campaign_id) ?? 0) + takenNow);
    }
    plan.outcomes.push({ eventId: event.event_id, outcome: "reversed", commissionId: commission.id, debt });
  }

  function undoMadeHere(made: NewCommission, usageKeys: readonly string[], event: DueConversionRow): void {
    plan.commissions = plan.commissions.filter((commission) => commission.id !== made.id);
    plan.usage = plan.usage.filter((increment) => increment.commissionId !== made.id);
    plan.entries = plan.entries.filter((planned) => planned.ref !== made.id);
    madeHere.delete(eventKeyOf(made.advertiserId, made.eventId));
    budgets.set(made.campaignId, (budgets.get(made.campaignId) ?? 0) + made.amount);
    for (const key of usageKeys) usage.set(key, (usage.get(key) ?? 0) - made.amount);
    plan.outcomes = plan.outcomes.map((outcome) =>
      outcome.outcome === "commission" && outcome.commissionId === made.id
        ? { eventId: outcome.eventId, outcome: "none", reason: `reversed by ${event.event_id} before its commission was made` }
        : outcome,
    );
    plan.outcomes.push({
      eventId: event.event_id,
      outcome: "none",
      reason: "the event it names was reversed before its commission was made",
    });
  }
}

/** The entries that release pending commissions to their creators' available balance. */
export function releaseEntries(due: readonly { id: string; creator_id: string; currency: string; amount: number }[], now: number) {
  return due.map((commission) =>
    entry(
      "commission-release",
      `commission-release:${commission.id}`,
      commission.id,
      "Commission validated",
      creatorCommissionPendingAccount(commission.creator_id, commission.currency),
      creatorAvailableAccount(commission.creator_id, commission.currency),
      commission.amount,
      now,
    ),
  );
}

export type DebtRow = {
  id: string;
  campaign_id: string;
  creator_id: string;
  currency: string;
  debt: number;
  debt_recovered: number;
  creator_available: number;
};

/**
 * Debts repaid from what the creator has available now, oldest commission first per creator and currency; each
 * repayment goes back to the budget of the commission that was reversed.
 */
export function planDebtRecovery(debts: readonly DebtRow[], now: number) {
  const available = new Map<string, number>();
  const recoveries: { id: string; recoveredBefore: number; amount: number }[] = [];
  const entries: PlannedEntry[] = [];
  for (const debt of debts) {
    const key = `${debt.creator_id}\u0000${debt.currency}`;
    const left = available.get(key) ?? debt.creator_available;
    const amount = Math.min(left, debt.debt - debt.debt_recovered);
    if (amount <= 0) continue;
    available.set(key, left - amount);
    recoveries.push({ id: debt.id, recoveredBefore: debt.debt_recovered, amount });
    entries.push(
      entry(
        "commission-clawback",
        `commission-debt:${debt.id}:${debt.debt_recovered}`,
        debt.id,
        "Reversed commission repaid from later earnings",
        creatorAvailableAccount(debt.creator_id, debt.currency),
        campaignCommissionBudgetAccount(debt.campaign_id, debt.currency),
        amount,
        now,
      ),
    );
  }
  return { recoveries, entries };
}
