import type { Capabilities } from "../../capabilities.ts";
import type { AdvertiserFundsPage } from "../../contracts/advertiser-funding.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import { advertiserFunds } from "../advertisers/funding.ts";
import { advertiserNotFound } from "../advertisers/membership.ts";

/** `/advertiser/{advertiserId}/funds`, for members only (anyone else gets the account's 404). */
export async function advertiserFundsPage(
  caps: Pick<Capabilities, "db">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserFundsPage> {
  const funds = await advertiserFunds(caps, userId, advertiserId);
  const account = await findAdvertiser(caps.db, advertiserId);
  if (account === null) throw advertiserNotFound();
  return { account: { id: account.id, name: account.name }, funds };
}
