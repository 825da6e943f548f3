import type { Capabilities } from "../capabilities.ts";
import { REVIEW_HISTORY_SHOWN, REVIEW_QUEUE_SHOWN, type ReviewQueue } from "../contracts/risk-review.ts";
import { memberQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { runBatch } from "../db/query.ts";
import { decidedReviewsQuery, heldReviewsQuery } from "../db/risk-reviews.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";
import { itemView } from "../domain/risk/review.ts";

/** What `/advertiser/{advertiserId}/reviews` renders: the account, its held items and its latest decisions. */
export type AdvertiserReviewsPage = { account: { id: string; name: string }; queue: ReviewQueue };

/** `/advertiser/{advertiserId}/reviews`, for members only (anyone else gets the account's 404), in one round trip. */
export async function advertiserReviewsPage(
  { db, timings }: Pick<Capabilities, "db" | "timings">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserReviewsPage> {
  const [member, account, held, history] = await timings.measure("q-advertiser-reviews", () =>
    runBatch(db, [
      memberQuery(db, advertiserId, userId),
      advertiserQuery(db, advertiserId),
      heldReviewsQuery(db, advertiserId, REVIEW_QUEUE_SHOWN),
      decidedReviewsQuery(db, advertiserId, REVIEW_HISTORY_SHOWN),
    ]),
  );
  // What a non-member's read finds is dropped before anything is answered.
  if (member === null || account === null) throw advertiserNotFound();
  return { account: { id: account.id, name: account.name }, queue: { held: held.map(itemView), history: history.map(itemView) } };
}
