import { env } from "cloudflare:test";
import { DAY, systemClock } from "../../../worker/clock.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { buildAdvertiser, buildCampaign } from "../../../fixtures/factories.ts";
import { apiCallsFrom, signInThroughX, tokensOf } from "./browser.ts";
import { uniqueHandle } from "./rewards.ts";

/** What the posting tests share: a creator who granted X write access, a campaign they joined, a 1×1 PNG. */

export const TINY_PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (character) => character.charCodeAt(0),
);

export type PostingCreator = { userId: string; handle: string; call(path: string, init?: RequestInit): Promise<Response> };

/** Signs a new creator in through the X emulator, grants write access there too, and calls the API with their bearer. */
export async function creatorWithWriteAccess(prefix: string): Promise<PostingCreator> {
  const handle = uniqueHandle(prefix);
  const { browser } = await signInThroughX(handle);
  const start = await browser.fetch("/auth/twitter/write/login?page_path=/popup/signed-in&modal_to_open=post-editor");
  const authorize = new URL(start.headers.get("location") ?? "");
  authorize.searchParams.set("emulator_login", handle);
  await browser.follow(await browser.fetch(authorize.toString()));
  const call = apiCallsFrom(browser, (await tokensOf(browser)).accessToken);
  const { userId } = (await (await call("/auth/profile")).json()) as { userId: string };
  return { userId, handle, call };
}

/** An active campaign (ids start with `key`) that the creator joined a day ago. */
export async function joinedCampaign(key: string, creator: PostingCreator): Promise<string> {
  const now = systemClock.now();
  const advertiser = buildAdvertiser(key, now);
  const campaign = buildCampaign(key, advertiser, "active", now);
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertCampaignStatement(env.DB, campaign),
    ...joinCampaignStatements(env.DB, campaign.id, creator.userId, now - DAY),
  ]);
  return campaign.id;
}
