import type { Capabilities } from "../capabilities.ts";
import type { AdvertiserFundsPage } from "../contracts/advertiser-funding.ts";
import { depositsOfAdvertiserQuery } from "../db/advertiser-deposits.ts";
import { memberQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { runBatch } from "../db/query.ts";
import { fundingBalancesQuery, fundsFrom } from "../domain/advertisers/funding.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";

/** `/advertiser/{advertiserId}/funds`, for members only (anyone else gets the account's 404), in one round trip. */
export async function advertiserFundsPage(
  { db, timings }: Pick<Capabilities, "db" | "timings">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserFundsPage> {
  const [member, account, deposits, available] = await timings.measure("q-advertiser-funds", () =>
    runBatch(db, [
      memberQuery(db, advertiserId, userId),
      advertiserQuery(db, advertiserId),
      depositsOfAdvertiserQuery(db, advertiserId),
      fundingBalancesQuery(db, advertiserId),
    ]),
  );
  // What a non-member's read finds is dropped before anything is answered.
  if (member === null || account === null) throw advertiserNotFound();
  return { account: { id: account.id, name: account.name }, funds: fundsFrom(deposits, available) };
}
