import type { Capabilities } from "../../capabilities.ts";
import { formatMoney } from "../../contracts/advertiser-funding.ts";
import type {
  CommissionBudgetInput,
  CommissionRuleView,
  CommissionSettings,
  ParsedCommissionSettings,
} from "../../contracts/commissions.ts";
import type { EarningConversionType } from "../../contracts/conversions.ts";
import { decimalsOf } from "../../contracts/currencies.ts";
import { AppError } from "../../contracts/errors.ts";
import {
  clearBudgetShortStatement,
  commissionProgramQuery,
  commissionRulesQuery,
  saveCommissionSettingsStatements,
  type CommissionRuleRow,
} from "../../db/commissions.ts";
import { ownerBalancesQuery } from "../../db/ledger.ts";
import { runBatch } from "../../db/query.ts";
import { campaignNotFound, campaignSettingsUseCases } from "../advertisers/campaign-settings.ts";
import { requireMembership } from "../advertisers/membership.ts";
import { advertiserFundingAccount, campaignCommissionBudgetAccount } from "../ledger/accounts.ts";
import { InsufficientFundsError, journalEntryStatements, runLedgerBatch } from "../ledger/journal.ts";

/**
 * The advertiser's side of commissions (docs/decisions/045-commissions.md): a campaign's rules and validation
 * window, and its commission budget, funded from the account's funds through the ledger like the pools.
 */

type Deps = Pick<Capabilities, "db" | "clock">;

function ruleView(row: CommissionRuleRow): CommissionRuleView {
  return {
    eventType: row.event_type as EarningConversionType,
    kind: row.fixed_amount === null ? "share" : "fixed",
    fixedAmount: row.fixed_amount,
    shareBps: row.share_bps,
    minValue: row.min_value,
    creatorWeeklyCap: row.creator_weekly_cap,
    campaignCap: row.campaign_cap,
  };
}

async function settingsOf(caps: Deps, advertiserId: string, campaignId: string): Promise<CommissionSettings | null> {
  const [program, rules] = await runBatch(caps.db, [
    commissionProgramQuery(caps.db, advertiserId, campaignId),
    commissionRulesQuery(caps.db, campaignId),
  ]);
  if (program === null) return null;
  return {
    campaignId: program.id,
    currency: program.reward_currency,
    decimals: decimalsOf(program.reward_currency),
    validationDays: program.validation_days,
    rules: rules.map(ruleView),
    budget: program.budget,
    budgetShortCount: program.budget_short_count,
    budgetShortAt: program.budget_short_at,
  };
}

/**
 * `…/campaigns/{campaignId}/commissions`: the validation window and the whole set of rules, a save replacing the old
 * ones. Rules apply to conversions the intake has not looked at yet; commissions already made keep their amount and
 * window.
 */
export const commissionSettings = campaignSettingsUseCases<CommissionSettings, ParsedCommissionSettings>({
  read: settingsOf,
  async write(caps, advertiserId, campaignId, input) {
    const [program] = await runBatch(caps.db, [commissionProgramQuery(caps.db, advertiserId, campaignId)]);
    if (program === null) return null;
    await caps.db.batch(
      saveCommissionSettingsStatements(
        caps.db,
        campaignId,
        input.validationDays,
        input.rules.map((rule) => ({
          eventType: rule.eventType,
          fixedAmount: rule.kind === "fixed" ? rule.fixedAmount : null,
          shareBps: rule.kind === "share" ? rule.shareBps : null,
          minValue: rule.minValue,
          creatorWeeklyCap: rule.creatorWeeklyCap,
          campaignCap: rule.campaignCap,
        })),
        caps.clock.now(),
      ),
    );
    return settingsOf(caps, advertiserId, campaignId);
  },
});

/**
 * `POST …/commissions/budget` with an Idempotency-Key: moves the amount from the account's funds (its campaign
 * currency) into the campaign's commission budget, once per key. Refused with what is missing when the funds are short.
 */
export async function fundCommissionBudget(
  caps: Deps,
  userId: string,
  advertiserId: string,
  campaignId: string,
  input: CommissionBudgetInput,
  idempotencyKey: string,
): Promise<CommissionSettings> {
  await requireMembership(caps, userId, advertiserId);
  const [program, funds] = await runBatch(caps.db, [
    commissionProgramQuery(caps.db, advertiserId, campaignId),
    ownerBalancesQuery(caps.db, advertiserId, "advertiser-funding"),
  ]);
  if (program === null) throw campaignNotFound();
  const currency = program.reward_currency;
  const short = (missing: number) =>
    new AppError(409, "insufficient_funds", `You need ${formatMoney(missing, currency)} more in this account's funds. Add funds first.`, [
      { loc: ["body", "amount"], msg: `is ${formatMoney(missing, currency)} more than the account's ${currency} funds` },
    ]);
  const available = funds.get(currency) ?? 0;
  const now = caps.clock.now();
  const entry = journalEntryStatements(caps.db, {
    idempotencyKey: `commission-funding:${campaignId}:${idempotencyKey}`,
    kind: "commission-funding",
    memo: `Commission budget of campaign ${campaignId}`,
    lines: [
      { account: advertiserFundingAccount(advertiserId, currency), amount: -input.amount },
      { account: campaignCommissionBudgetAccount(campaignId, currency), amount: input.amount },
    ],
    createdAt: now,
  });
  try {
    await runLedgerBatch(caps.db, [...entry, clearBudgetShortStatement(caps.db, campaignId, now)]);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    throw short(Math.max(input.amount - available, 1));
  }
  const settings = await settingsOf(caps, advertiserId, campaignId);
  if (settings === null) throw campaignNotFound();
  return settings;
}
