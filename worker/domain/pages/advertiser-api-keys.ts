import type { Capabilities } from "../../capabilities.ts";
import type { ApiKey } from "../../contracts/api-keys.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import { accountApiKeys } from "../advertisers/api-keys.ts";
import { advertiserNotFound, requireMembership } from "../advertisers/membership.ts";

/** What `/advertiser/{advertiserId}/api-keys` renders: the account and its keys (never a secret). */
export type AdvertiserApiKeysPage = { account: { id: string; name: string }; keys: ApiKey[] };

/** `/advertiser/{advertiserId}/api-keys`, for members only (anyone else gets the account's 404). */
export async function advertiserApiKeysPage(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserApiKeysPage> {
  await requireMembership(caps, userId, advertiserId);
  const [account, keys] = await Promise.all([findAdvertiser(caps.db, advertiserId), accountApiKeys(caps, advertiserId)]);
  if (account === null) throw advertiserNotFound();
  return { account: { id: account.id, name: account.name }, keys };
}
