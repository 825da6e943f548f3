/**
 * The ledger's accounts (docs/decisions/008-ledger-and-rewards.md). An account is an owner's money of one kind in one
 * currency; a campaign's weekly pools are one account per campaign week. Ids are built from those parts, so every
 * posting knows the ids it needs without reading the database first.
 */
export const ledgerAccountKinds = [
  /** The advertiser's side of the outside world: its balance is minus what the advertiser paid in. */
  "advertiser-deposits",
  /** Money an advertiser has paid in and not yet put into a campaign. */
  "advertiser-funding",
  /** A campaign week's reward pool (period = the week, from 1). */
  "campaign-pool",
  /** The campaign's bonus pool, shared by the bonus posts of every week. */
  "campaign-bonus-pool",
  /** A creator's rewards, free to withdraw. */
  "creator-available",
  /** A creator's money held by withdrawals in flight. */
  "creator-withdrawal-hold",
  /** What has left for a creator's wallets. */
  "creator-paid-out",
  /** What an advertiser put into a campaign's commissions and has not reserved for one yet (migration 0055). */
  "campaign-commission-budget",
  /** A creator's commissions within their validation window: reserved from a budget, not yet free to withdraw. */
  "creator-commission-pending",
  /** Pool rewards of a campaign's posts held for the advertiser's review (migration 0066). */
  "campaign-reward-hold",
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

/** The only kind whose balance may be negative (see the trigger ledger_lines_keep_balance, migration 0036). */
export const contraAccountKind: LedgerAccountKind = "advertiser-deposits";

export type LedgerAccount = { id: string; ownerId: string; kind: LedgerAccountKind; currency: string; period: number };

function account(ownerId: string, kind: LedgerAccountKind, currency: string, period = 0): LedgerAccount {
  const suffix = period === 0 ? "" : `:w${period}`;
  return { id: `${kind}:${ownerId}${suffix}:${currency}`, ownerId, kind, currency, period };
}

export const advertiserDepositsAccount = (advertiserId: string, currency: string) => account(advertiserId, "advertiser-deposits", currency);
export const advertiserFundingAccount = (advertiserId: string, currency: string) => account(advertiserId, "advertiser-funding", currency);
export const campaignPoolAccount = (campaignId: string, currency: string, week: number) => {
  if (!Number.isInteger(week) || week < 1) throw new RangeError(`A campaign week is a whole number from 1, got ${week}`);
  return account(campaignId, "campaign-pool", currency, week);
};
export const campaignBonusPoolAccount = (campaignId: string, currency: string) => account(campaignId, "campaign-bonus-pool", currency);
export const creatorAvailableAccount = (userId: string, currency: string) => account(userId, "creator-available", currency);
export const creatorWithdrawalHoldAccount = (userId: string, currency: string) => account(userId, "creator-withdrawal-hold", currency);
export const creatorPaidOutAccount = (userId: string, currency: string) => account(userId, "creator-paid-out", currency);
export const campaignCommissionBudgetAccount = (campaignId: string, currency: string) =>
  account(campaignId, "campaign-commission-budget", currency);
export const creatorCommissionPendingAccount = (userId: string, currency: string) =>
  account(userId, "creator-commission-pending", currency);
export const campaignRewardHoldAccount = (campaignId: string, currency: string) => account(campaignId, "campaign-reward-hold", currency);
