import type { Capabilities } from "../capabilities.ts";
import type { ApiKey } from "../contracts/api-keys.ts";
import { memberQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { apiKeysQuery } from "../db/api-keys.ts";
import { runBatch } from "../db/query.ts";
import { presentApiKey } from "../domain/advertisers/api-keys.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";

/** What `/advertiser/{advertiserId}/api-keys` renders: the account and its keys (never a secret). */
export type AdvertiserApiKeysPage = { account: { id: string; name: string }; keys: ApiKey[] };

/** `/advertiser/{advertiserId}/api-keys`, for members only (anyone else gets the account's 404), in one round trip. */
export async function advertiserApiKeysPage(
  { db, timings }: Pick<Capabilities, "db" | "timings">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserApiKeysPage> {
  const [member, account, keys] = await timings.measure("q-advertiser-api-keys", () =>
    runBatch(db, [memberQuery(db, advertiserId, userId), advertiserQuery(db, advertiserId), apiKeysQuery(db, advertiserId)]),
  );
  // What a non-member's read finds is dropped before anything is answered.
  if (member === null || account === null) throw advertiserNotFound();
  return { account: { id: account.id, name: account.name }, keys: keys.map(presentApiKey) };
}
