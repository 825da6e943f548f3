import { z } from "zod";
import type { StatementGuard } from "./ledger.ts";
import { allRows, firstRow, queryAll, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * Commissions (migration 0056, docs/decisions/045-commissions.md): the rules per campaign and event type, the
 * campaign's validation window and budget notice, the commissions themselves with their state, the caps' usage, and
 * the events the scheduler's intake still has to look at. Money is in the ledger; nothing here moves it.
 */

const ruleRowSchema = z.object({
  campaign_id: z.string(),
  event_type: z.string(),
  fixed_amount: z.number().int().nullable(),
  share_bps: z.number().int().nullable(),
  min_value: z.number().int().nullable(),
  creator_weekly_cap: z.number().int().nullable(),
  campaign_cap: z.number().int().nullable(),
});
export type CommissionRuleRow = z.infer<typeof ruleRowSchema>;

const programRowSchema = z.object({
  id: z.string(),
  reward_currency: z.string(),
  validation_days: z.number().int(),
  budget_short_count: z.number().int(),
  budget_short_at: z.number().int().nullable(),
  budget: z.number().int(),
});
export type CommissionProgramRow = z.infer<typeof programRowSchema>;

const budgetAccountId = (campaign: string, currency: string) => `'campaign-commission-budget:' || ${campaign} || ':' || ${currency}`;

/** A campaign of the account with its window, budget notice and budget balance; null when it is not the account's. */
export function commissionProgramQuery(db: Database, advertiserId: string, campaignId: string): Query<CommissionProgramRow | null> {
  return firstRow(
    db
      .prepare(
        `SELECT c.id, c.reward_currency, COALESCE(p.validation_days, 0) AS validation_days,
           COALESCE(p.budget_short_count, 0) AS budget_short_count, p.budget_short_at, COALESCE(b.balance, 0) AS budget
         FROM campaigns c
         LEFT JOIN commission_programs p ON p.campaign_id = c.id
         LEFT JOIN ledger_balances b ON b.account_id = ${budgetAccountId("c.id", "c.reward_currency")} AND b.currency = c.reward_currency
         WHERE c.id = ? AND c.advertiser_id = ?`,
      )
      .bind(campaignId, advertiserId),
    programRowSchema,
  );
}

export function commissionRulesQuery(db: Database, campaignId: string): Query<CommissionRuleRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT campaign_id, event_type, fixed_amount, share_bps, min_value, creator_weekly_cap, campaign_cap
         FROM commission_rules WHERE campaign_id = ? ORDER BY event_type`,
      )
      .bind(campaignId),
    ruleRowSchema,
  );
}

/** A commission rule as it is stored (docs/decisions/045-commissions.md), amounts in the campaign currency's smallest unit. */
export type CommissionRule = {
  eventType: string;
  /** A fixed amount per event, or null when the rule pays a share. */
  fixedAmount: number | null;
  /** A share of the event's value in basis points (1–10,000), or null when the rule pays a fixed amount. */
  shareBps: number | null;
  /** The least value (in the campaign's currency) an event must have to earn anything. */
  minValue: number | null;
  creatorWeeklyCap: number | null;
  campaignCap: number | null;
};

/** The campaign's window and its whole set of rules, replaced (the batch of the caller runs them together). */
export function saveCommissionSettingsStatements(
  db: Database,
  campaignId: string,
  validationDays: number,
  rules: readonly CommissionRule[],
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO commission_programs (campaign_id, validation_days, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (campaign_id) DO UPDATE SET validation_days = excluded.validation_days, updated_at = excluded.updated_at`,
      )
      .bind(campaignId, validationDays, now),
    db.prepare(`DELETE FROM commission_rules WHERE campaign_id = ?`).bind(campaignId),
    db
      .prepare(
        `INSERT INTO commission_rules (campaign_id, event_type, fixed_amount, share_bps, min_value, creator_weekly_cap, campaign_cap, updated_at)
         SELECT ?1, json_extract(value, '$.eventType'), json_extract(value, '$.fixedAmount'), json_extract(value, '$.shareBps'),
           json_extract(value, '$.minValue'), json_extract(value, '$.creatorWeeklyCap'), json_extract(value, '$.campaignCap'), ?2
         FROM json_each(?3)`,
      )
      .bind(campaignId, now, JSON.stringify(rules)),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The intake: events waiting for their commission, the terms that apply, what the caps have used.

const dueEventSchema = z.object({
  advertiser_id: z.string(),
  event_id: z.string(),
  type: z.string(),
  value: z.number().int().nullable(),
  currency: z.string().nullable(),
  campaign_id: z.string().nullable(),
  creator_id: z.string().nullable(),
  reverses_event_id: z.string().nullable(),
  received_at: z.number().int(),
});
export type DueConversionRow = z.infer<typeof dueEventSchema>;

/** The oldest events still to look at, by the partial index on what is due. */
export function listEventsDueForCommission(db: Database, limit: number): Promise<DueConversionRow[]> {
  return queryAll(
    db
      .prepare(
        `SELECT advertiser_id, event_id, type, value, currency, campaign_id, COALESCE(inviter_user_id, matched_user_id) AS creator_id,
           reverses_event_id, received_at
         FROM conversion_events WHERE commission_state = 'due' ORDER BY received_at LIMIT ?`,
      )
      .bind(limit),
    dueEventSchema,
  );
}

const termsRowSchema = ruleRowSchema.extend({
  reward_currency: z.string(),
  starts_at: z.number().int(),
  validation_days: z.number().int(),
  budget: z.number().int(),
});
export type CommissionTermsRow = z.infer<typeof termsRowSchema>;

/** The rules of the given campaigns, with each campaign's currency, start, window and budget balance. */
export function commissionTermsQuery(db: Database, campaignIds: readonly string[]): Query<CommissionTermsRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT r.campaign_id, r.event_type, r.fixed_amount, r.share_bps, r.min_value, r.creator_weekly_cap, r.campaign_cap,
           c.reward_currency, c.starts_at, COALESCE(p.validation_days, 0) AS validation_days, COALESCE(b.balance, 0) AS budget
         FROM commission_rules r
         JOIN campaigns c ON c.id = r.campaign_id
         LEFT JOIN commission_programs p ON p.campaign_id = r.campaign_id
         LEFT JOIN ledger_balances b ON b.account_id = ${budgetAccountId("c.id", "c.reward_currency")} AND b.currency = c.reward_currency
         WHERE r.campaign_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(JSON.stringify(campaignIds)),
    termsRowSchema,
  );
}

const usageRowSchema = z.object({
  campaign_id: z.string(),
  event_type: z.string(),
  creator_id: z.string(),
  week: z.number().int(),
  amount: z.number().int(),
});
export type CommissionUsageRow = z.infer<typeof usageRowSchema>;

/** A cap's usage row: a creator's campaign week, or the campaign's total (creator '' and week 0). */
export type UsageKey = { campaignId: string; eventType: string; creatorId: string; week: number };

/** The usage rows of the given keys; a key without a row has used nothing. */
export function commissionUsageQuery(db: Database, keys: readonly UsageKey[]): Query<CommissionUsageRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT u.campaign_id, u.event_type, u.creator_id, u.week, u.amount
         FROM json_each(?) AS k
         JOIN commission_usage u ON u.campaign_id = json_extract(k.value, '$.campaignId') AND u.event_type = json_extract(k.value, '$.eventType')
           AND u.creator_id = json_extract(k.value, '$.creatorId') AND u.week = json_extract(k.value, '$.week')`,
      )
      .bind(JSON.stringify(keys)),
    usageRowSchema,
  );
}

const commissionStateSchema = z.object({
  id: z.string(),
  advertiser_id: z.string(),
  event_id: z.string(),
  campaign_id: z.string(),
  creator_id: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: z.enum(["pending", "available", "reversed"]),
  creator_available: z.number().int(),
});
export type CommissionStateRow = z.infer<typeof commissionStateSchema>;

const creatorAvailable = (alias: string) =>
  `COALESCE((SELECT b.balance FROM ledger_balances b
     WHERE b.account_id = 'creator-available:' || ${alias}.creator_id || ':' || ${alias}.currency AND b.currency = ${alias}.currency), 0)`;

/** The commissions of an account's events (the ones a batch of refunds names), with each creator's available balance. */
export function commissionsOfEventsQuery(
  db: Database,
  events: readonly { advertiserId: string; eventId: string }[],
): Query<CommissionStateRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT c.id, c.advertiser_id, c.event_id, c.campaign_id, c.creator_id, c.currency, c.amount, c.status, ${creatorAvailable("c")} AS creator_available
         FROM json_each(?) AS k
         JOIN commissions c ON c.advertiser_id = json_extract(k.value, '$.advertiserId') AND c.event_id = json_extract(k.value, '$.eventId')`,
      )
      .bind(JSON.stringify(events)),
    commissionStateSchema,
  );
}

export type NewCommission = {
  id: string;
  advertiserId: string;
  eventId: string;
  campaignId: string;
  creatorId: string;
  eventType: string;
  currency: string;
  amount: number;
  createdAt: number;
  availableAt: number;
};

/** New pending commissions, stamped with the batch's change id (a commission already made for an event stays). */
export function insertCommissionsStatement(db: Database, commissions: readonly NewCommission[], changeId: string) {
  return db
    .prepare(
      `INSERT INTO commissions (id, advertiser_id, event_id, campaign_id, creator_id, event_type, currency, amount, status, created_at,
         available_at, change_id)
       SELECT json_extract(value, '$.id'), json_extract(value, '$.advertiserId'), json_extract(value, '$.eventId'),
         json_extract(value, '$.campaignId'), json_extract(value, '$.creatorId'), json_extract(value, '$.eventType'),
         json_extract(value, '$.currency'), json_extract(value, '$.amount'), 'pending', json_extract(value, '$.createdAt'),
         json_extract(value, '$.availableAt'), ?
       FROM json_each(?) WHERE true
       ON CONFLICT DO NOTHING`,
    )
    .bind(changeId, JSON.stringify(commissions));
}

export type UsageIncrement = UsageKey & { commissionId: string; amount: number; cap: number | null };

/**
 * Adds what this batch's new commissions use of their caps (only for commissions the batch itself made), then refuses
 * the batch if a row went past its cap: the row is set to -1, which its CHECK refuses, so the whole batch fails.
 */
export function addCommissionUsageStatements(db: Database, increments: readonly UsageIncrement[], changeId: string): D1PreparedStatement[] {
  const payload = JSON.stringify(increments);
  return [
    db
      .prepare(
        `INSERT INTO commission_usage (campaign_id, event_type, creator_id, week, amount)
         SELECT json_extract(k.value, '$.campaignId'), json_extract(k.value, '$.eventType'), json_extract(k.value, '$.creatorId'),
           json_extract(k.value, '$.week'), SUM(json_extract(k.value, '$.amount'))
         FROM json_each(?1) AS k
         WHERE EXISTS (SELECT 1 FROM commissions c WHERE c.id = json_extract(k.value, '$.commissionId') AND c.change_id = ?2)
         GROUP BY 1, 2, 3, 4
         ON CONFLICT (campaign_id, event_type, creator_id, week) DO UPDATE SET amount = amount + excluded.amount`,
      )
      .bind(payload, changeId),
    db
      .prepare(
        `UPDATE commission_usage SET amount = -1
         FROM (SELECT json_extract(value, '$.campaignId') AS campaign_id, json_extract(value, '$.eventType') AS event_type,
                 json_extract(value, '$.creatorId') AS creator_id, json_extract(value, '$.week') AS week, json_extract(value, '$.cap') AS cap
               FROM json_each(?1) WHERE json_extract(value, '$.cap') IS NOT NULL) AS k
         WHERE commission_usage.campaign_id = k.campaign_id AND commission_usage.event_type = k.event_type
           AND commission_usage.creator_id = k.creator_id AND commission_usage.week = k.week AND commission_usage.amount > k.cap`,
      )
      .bind(payload),
  ];
}

export type CommissionReversal = {
  id: string;
  from: "pending" | "available";
  reversalEventId: string;
  debt: number;
};

/** Reverses commissions still in the state the plan read them in, stamping the batch's change id. */
export function reverseCommissionsStatement(db: Database, reversals: readonly CommissionReversal[], changeId: string, now: number) {
  return db
    .prepare(
      `UPDATE commissions SET status = 'reversed', reversed_at = ?1, reversal_event_id = k.reversal_event_id, debt = k.debt, change_id = ?2
       FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.from') AS status,
               json_extract(value, '$.reversalEventId') AS reversal_event_id, json_extract(value, '$.debt') AS debt
             FROM json_each(?3)) AS k
       WHERE commissions.id = k.id AND commissions.status = k.status`,
    )
    .bind(now, changeId, JSON.stringify(reversals));
}

/** Conversions that found their campaign's budget too small: counted for the console's notice. */
export function noteBudgetShortStatement(db: Database, shortages: readonly { campaignId: string; count: number }[], now: number) {
  return db
    .prepare(
      `INSERT INTO commission_programs (campaign_id, budget_short_count, budget_short_at, updated_at)
       SELECT json_extract(value, '$.campaignId'), json_extract(value, '$.count'), ?1, ?1 FROM json_each(?2) WHERE true
       ON CONFLICT (campaign_id) DO UPDATE SET budget_short_count = budget_short_count + excluded.budget_short_count,
         budget_short_at = excluded.budget_short_at`,
    )
    .bind(now, JSON.stringify(shortages));
}

/** Funding the budget again starts the notice's count over. */
export function clearBudgetShortStatement(db: Database, campaignId: string, now: number) {
  return db
    .prepare(`UPDATE commission_programs SET budget_short_count = 0, budget_short_at = NULL, updated_at = ? WHERE campaign_id = ?`)
    .bind(now, campaignId);
}

/** The intake has looked at these events. */
export function markEventsLookedAtStatement(db: Database, events: readonly { advertiserId: string; eventId: string }[]) {
  return db
    .prepare(
      `UPDATE conversion_events SET commission_state = 'done'
       WHERE commission_state = 'due' AND (advertiser_id, event_id) IN (
         SELECT json_extract(value, '$.advertiserId'), json_extract(value, '$.eventId') FROM json_each(?))`,
    )
    .bind(JSON.stringify(events));
}

// ---------------------------------------------------------------------------------------------------------------
// Release when the window ends, and debts recovered from later earnings.

const dueCommissionSchema = z.object({ id: z.string(), creator_id: z.string(), currency: z.string(), amount: z.number().int() });
export type DueCommissionRow = z.infer<typeof dueCommissionSchema>;

/**
 * Pending commissions whose window has ended and whose risk review approved them (docs/decisions/047), oldest first,
 * by the partial index on what is releasable.
 */
export function listCommissionsDueForRelease(db: Database, now: number, limit: number): Promise<DueCommissionRow[]> {
  return queryAll(
    db
      .prepare(
        `SELECT id, creator_id, currency, amount FROM commissions
         WHERE status = 'pending' AND review_state = 'approved' AND available_at <= ? ORDER BY available_at LIMIT ?`,
      )
      .bind(now, limit),
    dueCommissionSchema,
  );
}

export function releaseCommissionsStatement(db: Database, ids: readonly string[], changeId: string, now: number) {
  return db
    .prepare(
      `UPDATE commissions SET status = 'available', released_at = ?1, change_id = ?2
       WHERE status = 'pending' AND review_state = 'approved' AND id IN (SELECT value FROM json_each(?3))`,
    )
    .bind(now, changeId, JSON.stringify(ids));
}

const debtRowSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  creator_id: z.string(),
  currency: z.string(),
  debt: z.number().int(),
  debt_recovered: z.number().int(),
  creator_available: z.number().int(),
});
export type CommissionDebtRow = z.infer<typeof debtRowSchema>;

/** Reversed commissions whose debt is not yet recovered, by the partial index on them, with the creator's balance. */
export function listCommissionDebts(db: Database, limit: number): Promise<CommissionDebtRow[]> {
  return queryAll(
    db
      .prepare(
        `SELECT c.id, c.campaign_id, c.creator_id, c.currency, c.debt, c.debt_recovered, ${creatorAvailable("c")} AS creator_available
         FROM commissions c WHERE c.debt > c.debt_recovered ORDER BY c.creator_id, c.id LIMIT ?`,
      )
      .bind(limit),
    debtRowSchema,
  );
}

export type DebtRecovery = { id: string; recoveredBefore: number; amount: number };

export function recoverDebtsStatement(db: Database, recoveries: readonly DebtRecovery[], changeId: string) {
  return db
    .prepare(
      `UPDATE commissions SET debt_recovered = debt_recovered + k.amount, change_id = ?1
       FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.recoveredBefore') AS before,
               json_extract(value, '$.amount') AS amount FROM json_each(?2)) AS k
       WHERE commissions.id = k.id AND commissions.debt_recovered = k.before`,
    )
    .bind(changeId, JSON.stringify(recoveries));
}

// ---------------------------------------------------------------------------------------------------------------
// What the creator sees.

const creatorCommissionSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  campaign_title: z.string(),
  event_type: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: z.enum(["pending", "available", "reversed"]),
  created_at: z.number().int(),
  available_at: z.number().int(),
  reversed_at: z.number().int().nullable(),
  debt: z.number().int(),
  debt_recovered: z.number().int(),
});
export type CreatorCommissionRow = z.infer<typeof creatorCommissionSchema>;

/** A creator's latest commissions, newest first, by the index on creator and time. */
export function creatorCommissionsQuery(db: Database, creatorId: string, limit: number): Query<CreatorCommissionRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT c.id, c.campaign_id, k.title AS campaign_title, c.event_type, c.currency, c.amount, c.status, c.created_at, c.available_at,
           c.reversed_at, c.debt, c.debt_recovered
         FROM commissions c JOIN campaigns k ON k.id = c.campaign_id
         WHERE c.creator_id = ? ORDER BY c.created_at DESC LIMIT ?`,
      )
      .bind(creatorId, limit),
    creatorCommissionSchema,
  );
}

/** The guard of a batch's ledger entries: only for commissions this batch changed (`ref` = the commission's id). */
export function changedCommissionGuard(changeId: string): StatementGuard {
  return {
    sql: `EXISTS (SELECT 1 FROM commissions c WHERE c.id = json_extract(entry.value, '$.ref') AND c.change_id = ?)`,
    params: [changeId],
  };
}
