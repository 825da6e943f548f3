import type { Clock } from "../../clock.ts";
import { findRewardCampaign, markFundedStatement, type RewardCampaign } from "../../db/reward-campaigns.ts";
import { campaignWeekCount } from "../../contracts/campaign-weeks.ts";
import { advertiserDepositsAccount, advertiserFundingAccount, campaignBonusPoolAccount, campaignPoolAccount } from "./accounts.ts";
import { journalEntryStatements, postJournalEntry, runLedgerBatch, type JournalLine } from "./journal.ts";
import type { Database } from "../../database.ts";

/**
 * Money coming in: an advertiser pays in (deposit), then funds a campaign's pools from what it paid in. A campaign
 * goes live only once funded (docs/rewards-states.md). Both movements are idempotent by key.
 */
export class CampaignNotFoundError extends Error {
  override name = "CampaignNotFoundError";
}

/** An advertiser's payment into Chorus: from the outside world into its funding account. */
export function depositAdvertiserFunds(
  db: Database,
  clock: Clock,
  input: { advertiserId: string; currency: string; amount: number; idempotencyKey: string; memo?: string },
): Promise<{ posted: boolean }> {
  return postJournalEntry(db, {
    idempotencyKey: input.idempotencyKey,
    kind: "deposit",
    memo: input.memo ?? `Deposit by advertiser ${input.advertiserId}`,
    lines: [
      { account: advertiserDepositsAccount(input.advertiserId, input.currency), amount: -input.amount },
      { account: advertiserFundingAccount(input.advertiserId, input.currency), amount: input.amount },
    ],
    createdAt: clock.now(),
  });
}

/** What funding a campaign takes: its weekly pool for each campaign week, plus the bonus pool. */
export function campaignFundingLines(
  campaign: Pick<RewardCampaign, "id" | "advertiserId" | "rewardCurrency" | "weeklyPool" | "bonusPool" | "startsAt" | "endsAt">,
): JournalLine[] {
  const weeks = campaignWeekCount(campaign);
  const currency = campaign.rewardCurrency;
  const total = campaign.weeklyPool * weeks + campaign.bonusPool;
  return [
    { account: advertiserFundingAccount(campaign.advertiserId, currency), amount: -total },
    ...Array.from({ length: weeks }, (_, index) => ({
      account: campaignPoolAccount(campaign.id, currency, index + 1),
      amount: campaign.weeklyPool,
    })),
    { account: campaignBonusPoolAccount(campaign.id, currency), amount: campaign.bonusPool },
  ];
}

/**
 * Funds a campaign's pools from its advertiser's funding account and marks it funded, in one batch. Refused with
 * InsufficientFundsError (nothing written) when the advertiser has not paid in enough. Funding twice is harmless.
 */
export async function fundCampaign(db: Database, clock: Clock, campaignId: string): Promise<{ funded: boolean; amount: number }> {
  const campaign = await findRewardCampaign(db, campaignId);
  if (campaign === null) throw new CampaignNotFoundError(`No campaign ${campaignId}`);
  const now = clock.now();
  const lines = campaignFundingLines(campaign);
  const amount = -(lines[0]?.amount ?? 0);
  const entry =
    amount === 0
      ? []
      : journalEntryStatements(db, {
          idempotencyKey: `campaign-funding:${campaign.id}`,
          kind: "campaign-funding",
          memo: `Pools of campaign ${campaign.id}`,
          lines,
          createdAt: now,
        });
  const results = await runLedgerBatch(db, [...entry, markFundedStatement(db, campaign.id, now)]);
  return { funded: (results.at(-1)?.meta.changes ?? 0) > 0, amount };
}
