import { DAY, HOUR, type Clock } from "../../worker/clock.ts";
import type { ValidConversionEvent } from "../../worker/contracts/conversions.ts";
import { listApiKeys } from "../../worker/db/api-keys.ts";
import { upsertAttributionStatement } from "../../worker/db/attribution.ts";
import { storeConversionBatch, withoutCredit } from "../../worker/db/conversions.ts";
import { insertChallenge, insertWallet, listWallets, spendChallengeAndVerify } from "../../worker/db/wallets.ts";
import { findAccount, setVerifiedEmail } from "../../worker/db/users.ts";
import { createApiKey } from "../../worker/domain/advertisers/api-keys.ts";

/**
 * What the advertiser reports of `npm start` show (docs/decisions/021-advertiser-reports.md): an API key per demo
 * advertiser, made by the production use case (its secret exists only in what this returns, on the run that made
 * it), verified wallets for three demo creators with the campaign they signed up through, and a few days of
 * conversions per advertiser — some from those wallets (matched), some from unknown addresses (unmatched). Fixed ids
 * and event ids: a second run adds nothing.
 */

export const DEMO_KEY_LABEL = "Demo key";

export type CreatedDemoKey = { advertiserSlug: string; keyId: string; secret: string };

/**
 * Demo creators' verified wallets (fixed addresses and ids in the form `addWallet` makes, so the API takes them) and
 * the campaign each came through (utm_campaign).
 */
export const demoWallets = [
  {
    id: "wal_de000000-0000-4000-8000-0000000000a1",
    userId: "user-ada_creates",
    email: "ada_creates@creators.example",
    address: "0xA11CE00000000000000000000000000000000001",
    campaignId: "campaign-aurora-launch",
  },
  {
    id: "wal_de000000-0000-4000-8000-0000000000b2",
    userId: "user-bytebard",
    email: "bytebard@creators.example",
    address: "0xB0B0000000000000000000000000000000000002",
    campaignId: "campaign-nimbus-backup",
  },
  {
    id: "wal_de000000-0000-4000-8000-0000000000c3",
    userId: "user-chloe_codes",
    email: "chloe_codes@creators.example",
    address: "0xC10E000000000000000000000000000000000003",
    campaignId: "campaign-aurora-summer",
  },
] as const;

const demoAccounts = [
  { slug: "aurora", advertiserId: "advertiser-aurora", ownerId: "user-aurora_team" },
  { slug: "nimbus", advertiserId: "advertiser-nimbus", ownerId: "user-nimbus_team" },
  { slug: "lumen", advertiserId: "advertiser-lumen", ownerId: "user-lumen_team" },
] as const;

async function seedDemoKeys(db: D1Database, clock: Clock): Promise<CreatedDemoKey[]> {
  const created: CreatedDemoKey[] = [];
  for (const account of demoAccounts) {
    const keys = await listApiKeys(db, account.advertiserId);
    if (keys.some((key) => key.label === DEMO_KEY_LABEL)) continue;
    const key = await createApiKey({ db, clock }, account.advertiserId, account.ownerId, { label: DEMO_KEY_LABEL });
    created.push({ advertiserSlug: account.slug, keyId: key.keyId, secret: key.secret });
  }
  return created;
}

/**
 * Adds and verifies each demo wallet through the wallets' writers, as a signed challenge would. A creator who already
 * holds the address (seeded before, perhaps under another id) keeps that wallet.
 */
async function seedDemoWallets(db: D1Database, now: number): Promise<void> {
  for (const demo of demoWallets) {
    const held = (await listWallets(db, demo.userId)).find((wallet) => wallet.address.toLowerCase() === demo.address.toLowerCase());
    if (held?.verifiedAt != null) continue;
    const walletId = held?.id ?? demo.id;
    if (held === undefined) {
      await insertWallet(db, {
        id: walletId,
        userId: demo.userId,
        type: "evm",
        address: demo.address,
        addressKey: demo.address.toLowerCase(),
        currency: "USDC",
        createdAt: now - 20 * DAY,
      });
    }
    // A nonce as the API makes and accepts them: letters and digits.
    const nonce = `demo${walletId.replace(/[^0-9a-f]/g, "")}${now}`.slice(0, 64);
    await insertChallenge(db, { nonce, walletId, userId: demo.userId, message: "Demo wallet", expiresAt: now + HOUR, createdAt: now });
    await spendChallengeAndVerify(db, { nonce, walletId, userId: demo.userId }, now);
  }
  // A withdrawal needs a second factor: each wallet holder has a verified e-mail (its codes land in the local outbox).
  for (const demo of demoWallets) {
    const account = await findAccount(db, demo.userId);
    if (account !== null && account.verified_email === null) await setVerifiedEmail(db, demo.userId, demo.email, now - 20 * DAY);
  }
  await db.batch(
    demoWallets.map((wallet) => upsertAttributionStatement(db, wallet.userId, { utm_campaign: wallet.campaignId }, now - 20 * DAY)),
  );
}

/** Six days of events per account: matched ones from the demo wallets, unmatched ones from addresses nobody verified. */
export function demoConversionEvents(slug: string, now: number): ValidConversionEvent[] {
  const today = Math.floor(now / DAY) * DAY;
  const events: ValidConversionEvent[] = [];
  for (let daysAgo = 6; daysAgo >= 1; daysAgo -= 1) {
    const addresses = [
      ...demoWallets.filter((_, index) => (daysAgo + index) % 2 === 0).map((wallet) => wallet.address),
      `0x${String(daysAgo).padStart(2, "0")}${slug.length.toString(16).padStart(2, "0")}${"de".repeat(18)}`,
    ];
    addresses.forEach((address, index) => {
      events.push({
        eventId: `demo-${slug}-${daysAgo}-${index}`,
        type: index % 2 === 0 ? "signup" : "purchase",
        walletAddress: address,
        addressKey: address.toLowerCase(),
        chain: "evm",
        value: index % 2 === 0 ? null : 25_000_000,
        currency: index % 2 === 0 ? null : "USDC",
        occurredAt: today - daysAgo * DAY + (9 + index) * HOUR,
        metadata: null,
        clickId: null,
        customerId: null,
        orderId: null,
        reversesEventId: null,
      });
    });
  }
  return events;
}

/** Keys, wallets and conversions; returns the keys made by this run (none on a second run). */
export async function seedDemoConversions(db: D1Database, clock: Clock): Promise<CreatedDemoKey[]> {
  const now = clock.now();
  const created = await seedDemoKeys(db, clock);
  await seedDemoWallets(db, now);
  for (const account of demoAccounts)
    await storeConversionBatch(db, account.advertiserId, demoConversionEvents(account.slug, now).map(withoutCredit), now);
  return created;
}
