import { z } from "zod";

/** Stored conversion events as the tests read them back (the product writes them: worker/db/conversions.ts). */
export type ConversionRow = {
  advertiserId: string;
  eventId: string;
  type: string;
  walletAddress: string;
  chain: "evm" | "solana";
  value: number | null;
  currency: string | null;
  occurredAt: number;
  metadata: string | null;
  receivedAt: number;
  matchedUserId: string | null;
  matchedWalletId: string | null;
  campaignId: string | null;
  inviterUserId: string | null;
};

const conversionRowSchema = z
  .object({
    advertiser_id: z.string(),
    event_id: z.string(),
    type: z.string(),
    wallet_address: z.string(),
    chain: z.enum(["evm", "solana"]),
    value: z.number().int().nullable(),
    currency: z.string().nullable(),
    occurred_at: z.number().int(),
    metadata: z.string().nullable(),
    received_at: z.number().int(),
    matched_user_id: z.string().nullable(),
    matched_wallet_id: z.string().nullable(),
    campaign_id: z.string().nullable(),
    inviter_user_id: z.string().nullable(),
  })
  .transform((row): ConversionRow => ({
    advertiserId: row.advertiser_id,
    eventId: row.event_id,
    type: row.type,
    walletAddress: row.wallet_address,
    chain: row.chain,
    value: row.value,
    currency: row.currency,
    occurredAt: row.occurred_at,
    metadata: row.metadata,
    receivedAt: row.received_at,
    matchedUserId: row.matched_user_id,
    matchedWalletId: row.matched_wallet_id,
    campaignId: row.campaign_id,
    inviterUserId: row.inviter_user_id,
  }));

/** The account's events, newest first. */
export async function listConversions(db: D1Database, advertiserId: string, limit = 1000): Promise<ConversionRow[]> {
  const rows = await db
    .prepare(
      `SELECT advertiser_id, event_id, type, wallet_address, chain, value, currency, occurred_at, metadata, received_at, matched_user_id,
           matched_wallet_id, campaign_id, inviter_user_id
         FROM conversion_events WHERE advertiser_id = ? ORDER BY occurred_at DESC, event_id LIMIT ?`,
    )
    .bind(advertiserId, limit)
    .all();
  return conversionRowSchema.array().parse(rows.results);
}
