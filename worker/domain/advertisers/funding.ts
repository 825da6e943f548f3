import type { Capabilities } from "../../capabilities.ts";
import type { DepositRail } from "../../clients/deposit-rail.ts";
import type { Clock } from "../../clock.ts";
import {
  formatMoney,
  fundingCurrencies,
  type AdvertiserDepositView,
  type AdvertiserFunds,
  type CampaignFunding,
  type DepositInput,
  type FundCampaignResult,
} from "../../contracts/advertiser-funding.ts";
import { decimalsOf } from "../../contracts/currencies.ts";
import { AppError } from "../../contracts/errors.ts";
import {
  depositsOfAdvertiserQuery,
  findDepositByKey,
  insertDeposit,
  listPendingDeposits,
  markDepositCreditedStatement,
  markDepositFailedStatement,
  type AdvertiserDeposit,
} from "../../db/advertiser-deposits.ts";
import { memberQuery } from "../../db/advertiser-members.ts";
import { accountBalances, ownerBalancesQuery } from "../../db/ledger.ts";
import { runBatch, type Query } from "../../db/query.ts";
import type { RewardCampaign } from "../../db/reward-campaigns.ts";
import { requireAccountCampaign } from "../campaigns/invitations.ts";
import { advertiserFundingAccount, type LedgerAccountKind } from "../ledger/accounts.ts";
import { campaignFundingLines, depositAdvertiserFunds, fundCampaign } from "../ledger/funding.ts";
import { InsufficientFundsError } from "../ledger/journal.ts";
import { advertiserNotFound, requireMembership } from "./membership.ts";
import type { Database } from "../../database.ts";
import { wakeChangedCampaign } from "../rewards/campaign-wake.ts";

/** The ledger key of a deposit's credit: a deposit is credited once, however many runs see it completed. */
export const depositLedgerKey = (depositId: string) => `advertiser-deposit:${depositId}`;

function view(deposit: AdvertiserDeposit): AdvertiserDepositView {
  return {
    id: deposit.id,
    amount: deposit.amount,
    currency: deposit.currency,
    status: deposit.status,
    failureReason: deposit.failureReason,
    createdAt: deposit.createdAt,
    completedAt: deposit.completedAt,
  };
}

/**
 * `POST /v1/advertiser/{advertiserId}/deposits`: a member pays money in through the deposit rail. The deposit is
 * recorded `pending` first (keyed by the caller's Idempotency-Key: the same key answers the same deposit), then
 * handed to the rail under its own id; when the rail cannot be reached it stays pending and the scheduler hands it
 * over. The money reaches the account's funding only when the rail completes it (`settleDeposits`).
 */
export async function requestDeposit(
  caps: Pick<Capabilities, "db" | "clock" | "depositRail">,
  userId: string,
  advertiserId: string,
  input: DepositInput,
  idempotencyKey: string,
): Promise<{ deposit: AdvertiserDepositView; replayed: boolean }> {
  const { db, clock, depositRail } = caps;
  await requireMembership(caps, userId, advertiserId);
  const existing = await findDepositByKey(db, advertiserId, idempotencyKey);
  if (existing !== null) {
    if (existing.amount !== input.amount || existing.currency !== input.currency) {
      throw new AppError(409, "idempotency_key_reused", "This Idempotency-Key was already used for a different deposit.", [
        { loc: ["header", "Idempotency-Key"], msg: "already used with another amount or currency" },
      ]);
    }
    return { deposit: view(existing), replayed: true };
  }
  const deposit: AdvertiserDeposit = {
    id: `dep_${crypto.randomUUID()}`,
    advertiserId,
    idempotencyKey,
    amount: input.amount,
    currency: input.currency,
    status: "pending",
    failureReason: null,
    requestedBy: userId,
    createdAt: clock.now(),
    completedAt: null,
    creditedAt: null,
  };
  if (!(await insertDeposit(db, deposit))) {
    // A concurrent request with the same key won: answer its deposit.
    const winner = await findDepositByKey(db, advertiserId, idempotencyKey);
    if (winner !== null) return { deposit: view(winner), replayed: true };
  }
  try {
    await depositRail.createDeposit({ depositId: deposit.id, amount: deposit.amount, currency: deposit.currency });
  } catch (error) {
    // Pending stays pending: the scheduler asks the rail again (the deposit id makes it idempotent).
    console.warn(`Deposit ${deposit.id}: not handed to the rail yet`, error);
  }
  return { deposit: view(deposit), replayed: false };
}

export type DepositSettlementReport = { credited: number; failed: number; handedOver: number; pending: number };
export const emptyDepositSettlementReport: DepositSettlementReport = { credited: 0, failed: 0, handedOver: 0, pending: 0 };

/**
 * The scheduler's deposit step: asks the rail about each pending deposit; a completed one is credited to the
 * account's funding in the ledger under the deposit's key (so twice is once) and marked; a failed one is marked; one
 * the rail never received is handed over again.
 */
export async function settleDeposits(
  deps: { db: Database; clock: Clock; depositRail: DepositRail },
  limit = 50,
): Promise<DepositSettlementReport> {
  const { db, clock, depositRail } = deps;
  const report = { ...emptyDepositSettlementReport };
  for (const deposit of await listPendingDeposits(db, limit)) {
    const found = await depositRail.findDeposit(deposit.id);
    if (found === null) {
      await depositRail.createDeposit({ depositId: deposit.id, amount: deposit.amount, currency: deposit.currency });
      report.handedOver += 1;
      continue;
    }
    if (found.status === "pending") {
      report.pending += 1;
      continue;
    }
    if (found.status === "failed" || found.amount !== deposit.amount || found.currency !== deposit.currency) {
      await db.batch([markDepositFailedStatement(db, deposit.id, "the deposit rail did not complete this deposit")]);
      report.failed += 1;
      continue;
    }
    await depositAdvertiserFunds(db, clock, {
      advertiserId: deposit.advertiserId,
      currency: deposit.currency,
      amount: deposit.amount,
      idempotencyKey: depositLedgerKey(deposit.id),
      memo: `Deposit ${deposit.id} of advertiser ${deposit.advertiserId}`,
    });
    await db.batch([markDepositCreditedStatement(db, deposit.id, found.settledAt ?? clock.now(), clock.now())]);
    report.credited += 1;
  }
  return report;
}

async function availableFunding(db: Database, advertiserId: string, currencies: readonly string[]): Promise<Map<string, number>> {
  const accounts = currencies.map((currency) => ({ currency, id: advertiserFundingAccount(advertiserId, currency).id }));
  const balances = await accountBalances(
    db,
    accounts.map((account) => account.id),
  );
  return new Map(accounts.map((account) => [account.currency, balances.get(account.id) ?? 0]));
}

/** The account's available funding per currency (the balances of its funding accounts), as one read of a batch. */
export function fundingBalancesQuery(db: Database, advertiserId: string): Query<Map<string, number>> {
  return ownerBalancesQuery(db, advertiserId, "advertiser-funding" satisfies LedgerAccountKind);
}

/** `GET /v1/advertiser/{advertiserId}/funds`: available funding per currency, and the deposits. */
export async function advertiserFunds({ db }: Pick<Capabilities, "db">, userId: string, advertiserId: string): Promise<AdvertiserFunds> {
  // One round trip: what a non-member's read finds is dropped before anything is answered.
  const [member, deposits, available] = await runBatch(db, [
    memberQuery(db, advertiserId, userId),
    depositsOfAdvertiserQuery(db, advertiserId),
    fundingBalancesQuery(db, advertiserId),
  ]);
  if (member === null) throw advertiserNotFound();
  return fundsFrom(deposits, available);
}

/**
 * The account's funds from its deposits (`depositsOfAdvertiserQuery`) and its funding per currency: every currency
 * it can fund in or has deposited in, and any other currency it holds funding in.
 */
export function fundsFrom(deposits: readonly AdvertiserDeposit[], available: ReadonlyMap<string, number>): AdvertiserFunds {
  const currencies = [...new Set([...fundingCurrencies, ...deposits.map((deposit) => deposit.currency)])];
  const used = new Set(deposits.map((deposit) => deposit.currency));
  return {
    balances: currencies
      .filter((currency) => (available.get(currency) ?? 0) !== 0 || used.has(currency))
      .map((currency) => ({ currency, decimals: decimalsOf(currency), available: available.get(currency) ?? 0 })),
    deposits: deposits.map(view),
  };
}

/** What funding the campaign takes and whether the account can pay it (for the campaign's pages). */
export async function campaignFunding(
  caps: Pick<Capabilities, "db">,
  userId: string,
  advertiserId: string,
  campaignId: string,
): Promise<CampaignFunding> {
  const campaign = await requireAccountCampaign(caps, userId, advertiserId, campaignId);
  const currency = campaign.rewardCurrency;
  return campaignFundingFrom(campaign, (await availableFunding(caps.db, advertiserId, [currency])).get(currency) ?? 0);
}

/** The campaign's funding, given what the account has available in the campaign's currency. */
export function campaignFundingFrom(campaign: RewardCampaign, available: number): CampaignFunding {
  const needed = -(campaignFundingLines(campaign)[0]?.amount ?? 0);
  const missing = campaign.fundedAt === null ? Math.max(0, needed - available) : 0;
  return { currency: campaign.rewardCurrency, needed, fundedAt: campaign.fundedAt, available, missing };
}

function shortBy(missing: number, currency: string): AppError {
  return new AppError(
    409,
    "insufficient_funds",
    `You need ${formatMoney(missing, currency)} more to fund this campaign. Add funds to the account first.`,
    [{ loc: ["path", "campaignId"], msg: `the account's ${currency} funding is ${formatMoney(missing, currency)} short` }],
  );
}

/**
 * `POST /v1/advertiser/{advertiserId}/campaigns/{campaignId}/fund`: moves the campaign's weekly pool × weeks plus
 * its bonus pool from the account's funding into the campaign's pools, once (`fundCampaign`). Refused with what is
 * missing when the account's funding is short; nothing moves then.
 */
export async function fundAccountCampaign(
  caps: Pick<Capabilities, "db" | "clock" | "campaignObjects">,
  userId: string,
  advertiserId: string,
  campaignId: string,
): Promise<FundCampaignResult> {
  const campaign = await requireAccountCampaign(caps, userId, advertiserId, campaignId);
  const currency = campaign.rewardCurrency;
  const needed = -(campaignFundingLines(campaign)[0]?.amount ?? 0);
  if (campaign.fundedAt !== null) return { campaignId: campaign.id, currency, amount: needed, funded: false };
  if (campaign.status === "evaluating" || campaign.status === "evaluated") {
    throw new AppError(409, "campaign_closed", "This campaign has ended, so it cannot be funded any more.");
  }
  const available = (await availableFunding(caps.db, advertiserId, [currency])).get(currency) ?? 0;
  if (available < needed) throw shortBy(needed - available, currency);
  try {
    const result = await fundCampaign(caps.db, caps.clock, campaign.id);
    if (result.funded) await wakeChangedCampaign(caps, campaign.id);
    return { campaignId: campaign.id, currency, amount: result.amount, funded: result.funded };
  } catch (error) {
    if (!(error instanceof InsufficientFundsError)) throw error;
    // Another campaign took the money meanwhile.
    const now = (await availableFunding(caps.db, advertiserId, [currency])).get(currency) ?? 0;
    throw shortBy(Math.max(needed - now, 1), currency);
  }
}
