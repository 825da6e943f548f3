import type { Capabilities } from "../../capabilities.ts";
import { CREATOR_COMMISSIONS_SHOWN, type CreatorCommissions } from "../../contracts/commissions.ts";
import { decimalsOf } from "../../contracts/currencies.ts";
import { creatorCommissionsQuery } from "../../db/commissions.ts";
import { runBatch } from "../../db/query.ts";
import { creatorReviewNotes } from "../risk/review.ts";

/** `GET /v1/commissions`: the signed-in creator's latest commissions with their status (docs/decisions/045-commissions.md). */
export async function creatorCommissions(caps: Pick<Capabilities, "db">, userId: string): Promise<CreatorCommissions> {
  const [rows] = await runBatch(caps.db, [creatorCommissionsQuery(caps.db, userId, CREATOR_COMMISSIONS_SHOWN)]);
  const reviews = await creatorReviewNotes(
    caps.db,
    userId,
    rows.map((row) => row.id),
  );
  return {
    commissions: rows.map((row) => ({
      id: row.id,
      campaignId: row.campaign_id,
      campaignTitle: row.campaign_title,
      eventType: row.event_type,
      currency: row.currency,
      decimals: decimalsOf(row.currency),
      amount: row.amount,
      status: row.status,
      createdAt: row.created_at,
      availableAt: row.available_at,
      reversedAt: row.reversed_at,
      debt: row.debt,
      debtRecovered: row.debt_recovered,
      review: reviews.get(row.id) ?? null,
    })),
  };
}
