import { env } from "cloudflare:test";
import { expect } from "vitest";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { createdApiKeySchema, type CreatedApiKey } from "../../../worker/contracts/api-keys.ts";
import type { CommissionSettingsInput } from "../../../worker/contracts/commissions.ts";
import { recentNotificationsSchema, type Notification } from "../../../worker/contracts/notifications.ts";
import { CLICK_ID, referralLinkSchema } from "../../../worker/contracts/referrals.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { depositAdvertiserFunds } from "../../../worker/domain/ledger/funding.ts";
import { fixedClock } from "../../support/clock.ts";
import { fetchWorker } from "./fetch.ts";
import { bearerFor } from "./sessions.ts";
import { uniqueClientAddress } from "./client-address.ts";

/**
 * The world of the referral, commission and risk-review worker tests (issue 28, docs/decisions/043, 045 and 047): an
 * advertiser with an owner and an API key, an active campaign whose links lead to a shop, a creator who joined it,
 * and for commissions their referral link and one click through it. Built through the product's own statements and
 * endpoints; what each test expects is written out in the test.
 */

/** 1 USDC in the ledger's units (six decimals). */
export const USDC = 1_000_000;

let counter = 0;
/** `prefix` with a number no other id of this test file has. */
export const nextId = (prefix: string) => `${prefix}${(counter += 1)}`;

/** An advertiser with an owner and an API key, a campaign of theirs and a creator who joined it. */
export type AccountWorld = {
  advertiserId: string;
  memberId: string;
  campaignId: string;
  campaignTitle: string;
  creatorId: string;
  creatorBearer: string;
  memberBearer: string;
  key: CreatedApiKey;
};

export type AccountWorldOptions = {
  /** Starts every id of the world (`{prefix}-adv-1`, `{prefix}_creator_3`…), so each test file's rows are told apart. */
  prefix: string;
  /** Where the campaign's referral links lead (`https://shop.example/` unless said); null for nowhere. */
  destinationUrl?: string | null;
  status?: "active" | "evaluated";
};

export async function accountWorld(options: AccountWorldOptions): Promise<AccountWorld> {
  const { prefix, destinationUrl = "https://shop.example/", status = "active" } = options;
  const now = Date.now();
  const advertiser = buildAdvertiser(nextId(`${prefix}-adv-`), now);
  const member = buildUser(nextId(`${prefix}_member_`), now);
  const creator = buildUser(nextId(`${prefix}_creator_`), now);
  const campaign = buildCampaign(nextId(`${prefix}-camp-`), advertiser, status, now);
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    ...insertUserStatements(env.DB, member, ["creator"]),
    ...insertUserStatements(env.DB, creator, ["creator"]),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: member.id, role: "owner", invitedBy: null, createdAt: now }),
    insertCampaignStatement(env.DB, campaign),
    env.DB.prepare(`UPDATE campaigns SET destination_url = ? WHERE id = ?`).bind(destinationUrl, campaign.id),
    ...joinCampaignStatements(env.DB, campaign.id, creator.id, now),
  ]);
  const memberBearer = await bearerFor(member.id);
  const created = await fetchWorker(`/v1/advertiser/${advertiser.id}/api-keys`, {
    method: "POST",
    headers: { Authorization: memberBearer, "Content-Type": "application/json" },
    body: JSON.stringify({ label: "Shop" }),
  });
  expect(created.status).toBe(201);
  return {
    advertiserId: advertiser.id,
    memberId: member.id,
    campaignId: campaign.id,
    campaignTitle: campaign.title,
    creatorId: creator.id,
    creatorBearer: await bearerFor(creator.id),
    memberBearer,
    key: createdApiKeySchema.parse(await created.json()),
  };
}

/** The account world with the creator's referral link and one click through it. */
export type CommissionWorld = AccountWorld & { clickId: string };

export type CommissionWorldOptions = {
  prefix: string;
  /** A `risk_settings` row for the campaign; without one the defaults apply (a threshold of 70, a 48-hour window). */
  review?: { threshold: number; windowHours: number };
  /** A verified EVM wallet of the creator's (for self-referrals). */
  creatorWallet?: string;
};

export async function commissionWorld(options: CommissionWorldOptions): Promise<CommissionWorld> {
  const { prefix, review, creatorWallet } = options;
  const w = await accountWorld({ prefix });
  const now = Date.now();
  const settings = [
    ...(review === undefined
      ? []
      : [
          env.DB.prepare(
            `INSERT INTO risk_settings (campaign_id, review_threshold, review_window_hours, updated_at) VALUES (?, ?, ?, ?)`,
          ).bind(w.campaignId, review.threshold, review.windowHours, now),
        ]),
    ...(creatorWallet === undefined
      ? []
      : [
          env.DB.prepare(
            `INSERT INTO wallets (id, user_id, type, address, address_key, currency, verified_at, created_at) VALUES (?, ?, 'evm', ?, ?, 'USDC', ?, ?)`,
          ).bind(nextId(`${prefix}-wallet-`), w.creatorId, creatorWallet, creatorWallet, now, now),
        ]),
  ];
  if (settings.length > 0) await env.DB.batch(settings);
  const link = referralLinkSchema.parse(
    await (await fetchWorker(`/v1/campaign/${w.campaignId}/referral-link`, { headers: { Authorization: w.creatorBearer } })).json(),
  );
  const visit = await fetchWorker(`/r/${link.code}`, {
    headers: { "cf-connecting-ip": uniqueClientAddress(), "User-Agent": "Mozilla/5.0 (Test Phone)" },
  });
  expect(visit.status).toBe(302);
  const clickId = new URL(visit.headers.get("location") ?? "").searchParams.get("chorus_click_id") ?? "";
  expect(clickId).toMatch(CLICK_ID);
  return { ...w, clickId };
}

export const commissionsPath = (w: Pick<CommissionWorld, "advertiserId" | "campaignId">) =>
  `/v1/advertiser/${w.advertiserId}/campaigns/${w.campaignId}/commissions`;

/** `PUT …/commissions` as the account's owner. */
export function saveCommissionSettings(w: CommissionWorld, body: CommissionSettingsInput | Record<string, unknown>) {
  return fetchWorker(commissionsPath(w), {
    method: "PUT",
    headers: { Authorization: w.memberBearer, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** `POST …/commissions/budget` as the account's owner, under the idempotency key `key`. */
export function fundCommissionBudget(w: CommissionWorld, amount: number, key = nextId("budget-")) {
  return fetchWorker(`${commissionsPath(w)}/budget`, {
    method: "POST",
    headers: { Authorization: w.memberBearer, "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify({ amount }),
  });
}

/** Saves the settings, pays `budget` USDC into the account (the deposit rail's completion, through the ledger) and funds the budget from it. */
export async function fundCommissions(w: CommissionWorld, settings: CommissionSettingsInput, budget: number): Promise<void> {
  expect((await saveCommissionSettings(w, settings)).status).toBe(200);
  await depositAdvertiserFunds(env.DB, fixedClock(Date.now()), {
    advertiserId: w.advertiserId,
    currency: "USDC",
    amount: budget,
    idempotencyKey: nextId("deposit-"),
  });
  expect((await fundCommissionBudget(w, budget)).status).toBe(200);
}

/**
 * What the user's bell lists of review decisions (docs/decisions/051), read through `GET /v1/notification/recent`,
 * without the id and time the server makes, in the order of their text (a bulk decision's share one time).
 */
export async function reviewDecisionNotificationsOf(bearer: string): Promise<Omit<Notification, "id" | "createdAt">[]> {
  const response = await fetchWorker("/v1/notification/recent", { headers: { Authorization: bearer } });
  expect(response.status).toBe(200);
  return recentNotificationsSchema
    .parse(await response.json())
    .data.filter((notification) => notification.eventType === "review-approved" || notification.eventType === "review-rejected")
    .map(({ id: _id, createdAt: _createdAt, ...rest }) => rest)
    .sort((a, b) => `${a.title} ${a.body}`.localeCompare(`${b.title} ${b.body}`));
}
