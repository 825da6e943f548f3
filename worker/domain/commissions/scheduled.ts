import type { Clock } from "../../clock.ts";
import {
  addCommissionUsageStatements,
  changedCommissionGuard,
  commissionsOfEventsQuery,
  commissionTermsQuery,
  commissionUsageQuery,
  insertCommissionsStatement,
  listCommissionDebts,
  listCommissionsDueForRelease,
  listEventsDueForCommission,
  markEventsLookedAtStatement,
  noteBudgetShortStatement,
  recoverDebtsStatement,
  releaseCommissionsStatement,
  reverseCommissionsStatement,
  type CommissionTermsRow,
  type UsageKey,
} from "../../db/commissions.ts";
import { insertAccountsStatement, insertEntriesStatement } from "../../db/ledger.ts";
import { runBatch } from "../../db/query.ts";
import type { Database } from "../../database.ts";
import { runLedgerBatch } from "../ledger/journal.ts";
import {
  eventKeyOf,
  planDebtRecovery,
  planIntake,
  releaseEntries,
  usageKeyOf,
  usageKeysFor,
  type CampaignTerms,
  type EventOutcome,
  type PlannedEntry,
} from "./plan.ts";

/**
 * The scheduler's commission steps (docs/decisions/045-commissions.md), each reading only what is due through a
 * partial index and writing one batch: the intake turns conversions into pending commissions and applies refunds and
 * chargebacks; the release makes commissions whose window ended available; the recovery repays debts from what the
 * creators have available. Every state change stamps the batch's change id and the batch's ledger entries are
 * written only for rows it changed, so two runs at once, or a run after a crash, never move money twice.
 */

export type CommissionLimits = { intake: number; release: number; debts: number };
export const defaultCommissionLimits: CommissionLimits = { intake: 500, release: 500, debts: 200 };

export type CommissionReport = {
  lookedAt: number;
  made: number;
  reversed: number;
  budgetShort: number;
  released: number;
  recovered: number;
};
export const emptyCommissionReport: CommissionReport = { lookedAt: 0, made: 0, reversed: 0, budgetShort: 0, released: 0, recovered: 0 };

const newChangeId = () => `chg_${crypto.randomUUID()}`;

function entryStatements(db: Database, entries: readonly PlannedEntry[], changeId: string): D1PreparedStatement[] {
  if (entries.length === 0) return [];
  return [
    insertAccountsStatement(
      db,
      entries.flatMap((entry) => entry.accounts),
      entries[0]?.createdAt ?? 0,
    ),
    insertEntriesStatement(db, entries, changedCommissionGuard(changeId)),
  ];
}

function termsByCampaign(rows: readonly CommissionTermsRow[]): Map<string, CampaignTerms> {
  const terms = new Map<string, CampaignTerms>();
  for (const row of rows) {
    const campaign = terms.get(row.campaign_id) ?? {
      campaignId: row.campaign_id,
      currency: row.reward_currency,
      startsAt: row.starts_at,
      validationDays: row.validation_days,
      budget: row.budget,
      rules: new Map(),
    };
    (campaign.rules as Map<string, unknown>).set(row.event_type, {
      eventType: row.event_type,
      fixedAmount: row.fixed_amount,
      shareBps: row.share_bps,
      minValue: row.min_value,
      creatorWeeklyCap: row.creator_weekly_cap,
      campaignCap: row.campaign_cap,
    });
    terms.set(row.campaign_id, campaign);
  }
  return terms;
}

/** Conversions waiting for the intake become commissions, or reverse one, or earn nothing (with the reason). */
export async function takeInConversions(
  db: Database,
  clock: Clock,
  limit = defaultCommissionLimits.intake,
): Promise<{ report: CommissionReport; outcomes: EventOutcome[] }> {
  const events = await listEventsDueForCommission(db, limit);
  if (events.length === 0) return { report: emptyCommissionReport, outcomes: [] };
  const now = clock.now();
  const earning = events.filter((event) => event.reverses_event_id === null && event.campaign_id !== null && event.creator_id !== null);
  const reversed = events.flatMap((event) =>
    event.reverses_event_id === null ? [] : [{ advertiserId: event.advertiser_id, eventId: event.reverses_event_id }],
  );
  const campaignIds = [...new Set(earning.map((event) => event.campaign_id ?? ""))];
  const [termRows, commissionRows] = await runBatch(db, [commissionTermsQuery(db, campaignIds), commissionsOfEventsQuery(db, reversed)]);
  const terms = termsByCampaign(termRows);
  const usageKeys = new Map<string, UsageKey>();
  for (const event of earning) {
    const campaign = terms.get(event.campaign_id ?? "");
    if (campaign === undefined || event.creator_id === null) continue;
    const keys = usageKeysFor(campaign, event.type, event.creator_id, event.received_at);
    usageKeys.set(usageKeyOf(keys.creatorWeek), keys.creatorWeek);
    usageKeys.set(usageKeyOf(keys.campaign), keys.campaign);
  }
  const [usageRows] = usageKeys.size === 0 ? [[]] : await runBatch(db, [commissionUsageQuery(db, [...usageKeys.values()])]);

  const plan = planIntake({
    events,
    terms,
    usage: new Map(
      usageRows.map((row) => [
        usageKeyOf({ campaignId: row.campaign_id, eventType: row.event_type, creatorId: row.creator_id, week: row.week }),
        row.amount,
      ]),
    ),
    commissions: new Map(commissionRows.map((row) => [eventKeyOf(row.advertiser_id, row.event_id), row])),
    now,
    newCommissionId: () => `com_${crypto.randomUUID()}`,
  });

  const changeId = newChangeId();
  const shortages = [...plan.budgetShort].map(([campaignId, count]) => ({ campaignId, count }));
  await runLedgerBatch(db, [
    ...(plan.commissions.length === 0 ? [] : [insertCommissionsStatement(db, plan.commissions, changeId)]),
    ...(plan.reversals.length === 0 ? [] : [reverseCommissionsStatement(db, plan.reversals, changeId, now)]),
    ...entryStatements(db, plan.entries, changeId),
    ...(plan.usage.length === 0 ? [] : addCommissionUsageStatements(db, plan.usage, changeId)),
    ...(shortages.length === 0 ? [] : [noteBudgetShortStatement(db, shortages, now)]),
    markEventsLookedAtStatement(
      db,
      events.map((event) => ({ advertiserId: event.advertiser_id, eventId: event.event_id })),
    ),
  ]);
  return {
    report: {
      ...emptyCommissionReport,
      lookedAt: events.length,
      made: plan.commissions.length,
      reversed: plan.reversals.length,
      budgetShort: shortages.reduce((sum, shortage) => sum + shortage.count, 0),
    },
    outcomes: plan.outcomes,
  };
}

/** Pending commissions whose validation window has ended become available to their creators. */
export async function releaseDueCommissions(db: Database, clock: Clock, limit = defaultCommissionLimits.release): Promise<number> {
  const now = clock.now();
  const due = await listCommissionsDueForRelease(db, now, limit);
  if (due.length === 0) return 0;
  const changeId = newChangeId();
  const results = await runLedgerBatch(db, [
    releaseCommissionsStatement(
      db,
      due.map((commission) => commission.id),
      changeId,
      now,
    ),
    ...entryStatements(db, releaseEntries(due, now), changeId),
  ]);
  return results[0]?.meta.changes ?? 0;
}

/** Debts of reversed commissions repaid from what their creators have available now. */
export async function recoverCommissionDebts(db: Database, clock: Clock, limit = defaultCommissionLimits.debts): Promise<number> {
  const debts = await listCommissionDebts(db, limit);
  if (debts.length === 0) return 0;
  const plan = planDebtRecovery(debts, clock.now());
  if (plan.recoveries.length === 0) return 0;
  const changeId = newChangeId();
  await runLedgerBatch(db, [recoverDebtsStatement(db, plan.recoveries, changeId), ...entryStatements(db, plan.entries, changeId)]);
  return plan.recoveries.reduce((sum, recovery) => sum + recovery.amount, 0);
}
