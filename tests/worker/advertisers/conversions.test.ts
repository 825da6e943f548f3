import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, type CreatedApiKey } from "../../../worker/contracts/api-keys.ts";
import { ingestResultSchema, MAX_EVENTS_PER_BATCH } from "../../../worker/contracts/conversions.ts";
import { upsertAttributionStatement } from "../../../worker/db/attribution.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { listConversions } from "../../support/conversions.ts";
import { insertInvitationStatement } from "../../../worker/db/invitations.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { insertWallet } from "../../../worker/db/wallets.ts";
import { buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { fetchWorker } from "../support/fetch.ts";
import { call, expectError } from "../support/http.ts";
import { advertiserWithOwner } from "../support/people.ts";

/*
 * API keys and conversion ingestion through the worker's HTTP API (docs/decisions/018-conversion-ingestion.md):
 * members manage keys; advertisers' systems send events with api-key / api-secret; events are matched to verified
 * wallets and through their users' attribution to this account's campaigns.
 */

const now = Date.now();
const INGEST = "/v1/conversion/event/ingest";

type Member = { userId: string; bearer: string; advertiserId: string };

let counter = 0;
function next(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

async function newAccountWithMember(): Promise<Member> {
  const { advertiserId, owner } = await advertiserWithOwner("conv");
  return { userId: owner.userId, bearer: owner.bearer, advertiserId };
}

async function createKey(member: Member, label = "Backend"): Promise<CreatedApiKey> {
  const response = await call("POST", `/v1/advertiser/${member.advertiserId}/api-keys`, member.bearer, { label });
  expect(response.status, await response.clone().text()).toBe(201);
  return createdApiKeySchema.parse(await response.json());
}

function ingest(key: { keyId: string; secret: string } | null, body: unknown, raw?: string): Promise<Response> {
  return fetchWorker(INGEST, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key === null ? {} : { "api-key": key.keyId, "api-secret": key.secret }) },
    body: raw ?? JSON.stringify(body),
  });
}

async function ok(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return ingestResultSchema.parse(await response.json());
}

function evmAddress(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

function event(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventId: next("evt-"),
    type: "deposit",
    walletAddress: evmAddress(),
    chain: "evm",
    value: 1_000_000,
    currency: "USDC",
    occurredAt: new Date(now).toISOString(),
    ...overrides,
  };
}

describe("API keys", () => {
  let member: Member;
  let stranger: Member;
  beforeAll(async () => {
    member = await newAccountWithMember();
    stranger = await newAccountWithMember();
  });

  it("creates a key whose secret is shown once, lists keys without secrets, and revokes", async () => {
    const created = await createKey(member, "Production");
    expect(created.keyId).toMatch(/^ck_/);
    expect(created.secret).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);

    const listed = await call("GET", `/v1/advertiser/${member.advertiserId}/api-keys`, member.bearer);
    expect(listed.status).toBe(200);
    const text = await listed.clone().text();
    expect(text).not.toContain(created.secret);
    const { data } = apiKeyListSchema.parse(await listed.json());
    const entry = data.find((key) => key.id === created.id);
    expect(entry).toMatchObject({ keyId: created.keyId, label: "Production", lastUsedAt: null, revokedAt: null });

    const revoked = await call("DELETE", `/v1/advertiser/${member.advertiserId}/api-keys/${created.id}`, member.bearer);
    expect(revoked.status).toBe(200);
    expect(apiKeySchema.parse(await revoked.json()).revokedAt).not.toBeNull();
  });

  it("refuses an empty label", async () => {
    const body = await expectError(await call("POST", `/v1/advertiser/${member.advertiserId}/api-keys`, member.bearer, { label: "" }), 400);
    expect(body.detail?.map((field) => field.loc.join("."))).toEqual(["body.label"]);
  });

  it("answers 404 to a member of another account and 401 without a bearer", async () => {
    const created = await createKey(member);
    const base = `/v1/advertiser/${member.advertiserId}/api-keys`;
    await expectError(await call("GET", base, stranger.bearer), 404);
    await expectError(await call("POST", base, stranger.bearer, { label: "Mine" }), 404);
    await expectError(await call("DELETE", `${base}/${created.id}`, stranger.bearer), 404);
    // Their own account does not reach this account's key either.
    await expectError(await call("DELETE", `/v1/advertiser/${stranger.advertiserId}/api-keys/${created.id}`, stranger.bearer), 404);
    await expectError(await call("GET", base, null), 401);
  });
});

describe("conversion ingestion", () => {
  let member: Member;
  let key: CreatedApiKey;
  beforeAll(async () => {
    member = await newAccountWithMember();
    key = await createKey(member);
  });

  it("refuses missing headers, an unknown key and a wrong secret with the same 401", async () => {
    const missing = await expectError(await ingest(null, event()), 401, "invalid_api_key");
    const unknown = await expectError(await ingest({ keyId: "ck_nope", secret: key.secret }, event()), 401, "invalid_api_key");
    const wrong = await expectError(await ingest({ keyId: key.keyId, secret: `${key.secret}x` }, event()), 401, "invalid_api_key");
    expect(unknown.message).toBe(wrong.message);
    expect(missing.message).toBe(wrong.message);
    const onlyKey = await fetchWorker(INGEST, { method: "POST", headers: { "api-key": key.keyId }, body: JSON.stringify(event()) });
    await expectError(onlyKey, 401, "invalid_api_key");
  });

  it("stores one event, says a repeat is a duplicate, and stores nothing twice", async () => {
    const single = event({ metadata: { order: "A-1" } });
    const first = await ok(await ingest(key, single));
    expect(first).toMatchObject({ received: 1, accepted: 1, duplicates: 0, matched: 0, unmatched: 1, rejected: [] });
    expect(first.results).toEqual([
      {
        index: 0,
        eventId: single.eventId,
        status: "accepted",
        attribution: { via: null, campaignId: null, creatorId: null, reason: "no click id, known customer id or verified wallet" },
      },
    ]);
    const again = await ok(await ingest(key, single));
    expect(again).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(again.results[0]).toMatchObject({ status: "duplicate", reason: "this event id was received before" });
    const inBatch = await ok(await ingest(key, { events: [single, event()] }));
    expect(inBatch).toMatchObject({ received: 2, accepted: 1, duplicates: 1 });
    const stored = (await listConversions(env.DB, member.advertiserId)).filter((row) => row.eventId === single.eventId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      type: "deposit",
      value: 1_000_000,
      currency: "USDC",
      metadata: JSON.stringify({ order: "A-1" }),
      occurredAt: now,
    });
  });

  it("counts the same event id twice in one batch once", async () => {
    const twice = event();
    const result = await ok(await ingest(key, { events: [twice, twice] }));
    expect(result).toMatchObject({ accepted: 1, duplicates: 1 });
    expect(result.results.map((item) => item.status)).toEqual(["accepted", "duplicate"]);
  });

  it("names the field and the index of a bad event; a batch with no valid event is a 400 and stores nothing", async () => {
    const bad = await expectError(
      await ingest(key, { events: [event({ walletAddress: "0x123" }), event({ chain: "bitcoin", value: -1 })] }),
      400,
      "invalid_request",
    );
    const locs = (bad.detail ?? []).map((field) => field.loc.join("."));
    expect(locs).toContain("body.events.0.walletAddress");
    expect(locs).toContain("body.events.1.chain");
    expect(locs).toContain("body.events.1.value");
    const single = await expectError(await ingest(key, event({ occurredAt: "yesterday", value: 5, currency: undefined })), 400);
    expect((single.detail ?? []).map((field) => field.loc.join("."))).toEqual(expect.arrayContaining(["body.occurredAt", "body.currency"]));
    await expectError(await ingest(key, null, "{not json"), 400);
    await expectError(await ingest(key, [event()]), 400);
  });

  it("stores the valid events of a partly invalid batch and returns the others with their index", async () => {
    const good = [
      event(),
      event({ chain: "solana", walletAddress: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", value: undefined, currency: undefined }),
    ];
    const result = await ok(
      await ingest(key, { events: [good[0], event({ eventId: "" }), good[1], event({ metadata: { blob: "x".repeat(3000) } })] }),
    );
    expect(result).toMatchObject({ received: 4, accepted: 2, duplicates: 0 });
    expect(result.rejected.map((item) => item.index)).toEqual([1, 3]);
    expect(result.rejected[0]?.detail[0]?.loc).toEqual(["body", "events", 1, "eventId"]);
    expect(result.rejected[1]?.detail[0]?.loc).toEqual(["body", "events", 3, "metadata"]);
    expect(result.results.map((item) => item.index)).toEqual([0, 2]);
  });

  it("refuses hostile fields with a 400 naming index and field, and stores the batch's valid events", async () => {
    let deep: unknown = "purchase";
    for (let level = 0; level < 5_000; level += 1) deep = [deep];
    const valid = event();
    const result = await ok(
      await ingest(key, { events: [event({ eventId: "\u0000x" }), valid, event({ type: deep }), event({ chain: deep })] }),
    );
    expect(result).toMatchObject({ received: 4, accepted: 1 });
    expect(result.rejected.map((item) => [item.index, item.eventId, item.detail.map((field) => field.loc.join("."))])).toEqual([
      [0, null, ["body.events.0.eventId"]],
      [2, expect.any(String), ["body.events.2.type"]],
      [3, expect.any(String), ["body.events.3.chain"]],
    ]);
    expect((await listConversions(env.DB, member.advertiserId)).some((row) => row.eventId === valid.eventId)).toBe(true);
    const alone = await expectError(await ingest(key, event({ eventId: "\u0000x" })), 400, "invalid_request");
    expect(alone.detail).toEqual([{ loc: ["body", "eventId"], msg: "must be 1 to 200 characters without control characters" }]);
  });

  it("answers a 200 KB bad field with a short error", async () => {
    const raw = JSON.stringify(event({ type: Array.from({ length: 100_000 }, () => 7) }));
    expect(raw.length).toBeGreaterThan(200_000);
    const response = await ingest(key, null, raw);
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text.length).toBeLessThan(1_000);
    expect(JSON.parse(text)).toMatchObject({ detail: [{ loc: ["body", "type"] }] });
  });

  it("refuses more than 100 events and an empty batch", async () => {
    const tooMany = Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => event());
    const body = await expectError(await ingest(key, { events: tooMany }), 400);
    expect(body.detail?.[0]?.loc).toEqual(["body", "events"]);
    await expectError(await ingest(key, { events: [] }), 400);
  });

  it("refuses a body over the cap with 413", async () => {
    const raw = JSON.stringify({ events: [event({ metadata: { blob: "x".repeat(300 * 1024) } })] });
    await expectError(await ingest(key, null, raw), 413, "body_too_large");
  });

  it("accepts epoch milliseconds and takes a full batch of 100", async () => {
    const result = await ok(await ingest(key, { events: Array.from({ length: 100 }, () => event({ occurredAt: now - 1000 })) }));
    expect(result).toMatchObject({ received: 100, accepted: 100, unmatched: 100 });
  });

  it("marks the key used", async () => {
    const listed = apiKeyListSchema.parse(
      await (await call("GET", `/v1/advertiser/${member.advertiserId}/api-keys`, member.bearer)).json(),
    );
    expect(listed.data.find((entry) => entry.id === key.id)).toMatchObject({ lastUsedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it("does not count against the per-session write budget (300 a minute): it has its own per key", async () => {
    const statuses = new Set<number>();
    for (let round = 0; round < 16; round += 1) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => ingest(key, event())));
      for (const answer of answers) statuses.add(answer.status);
    }
    expect([...statuses]).toEqual([200]);
  });

  it("refuses a revoked key", async () => {
    const other = await createKey(member, "Soon revoked");
    await ok(await ingest(other, event()));
    expect((await call("DELETE", `/v1/advertiser/${member.advertiserId}/api-keys/${other.id}`, member.bearer)).status).toBe(200);
    await expectError(await ingest(other, event()), 401, "invalid_api_key");
  });

  it("matches a verified wallet to its user, the invitation's campaign and inviter; unverified and other accounts' campaigns do not count", async () => {
    const campaign = buildCampaign(next("conv-camp-"), { id: member.advertiserId }, "active", now);
    const otherAccount = await newAccountWithMember();
    const foreignCampaign = buildCampaign(next("conv-foreign-"), { id: otherAccount.advertiserId }, "active", now);
    const inviter = buildUser(next("conv_inviter_"), now);
    const creator = buildUser(next("conv_creator_"), now);
    const utmCreator = buildUser(next("conv_utm_"), now);
    const foreignCreator = buildUser(next("conv_foreign_"), now);
    const invitationId = next("conv-invitation-");
    await env.DB.batch([
      insertCampaignStatement(env.DB, campaign),
      insertCampaignStatement(env.DB, foreignCampaign),
      ...insertUserStatements(env.DB, inviter, ["creator"]),
      ...insertUserStatements(env.DB, creator, ["creator"]),
      ...insertUserStatements(env.DB, utmCreator, ["creator"]),
      ...insertUserStatements(env.DB, foreignCreator, ["creator"]),
      insertInvitationStatement(env.DB, {
        id: invitationId,
        publicToken: next("conv-token-"),
        campaignId: campaign.id,
        inviterUserId: inviter.id,
        inviterAdvertiserId: null,
        createdAt: now,
        expiresAt: null,
      }),
      upsertAttributionStatement(env.DB, creator.id, { invite_id: invitationId }, now),
      upsertAttributionStatement(env.DB, utmCreator.id, { utm_campaign: campaign.id }, now),
      upsertAttributionStatement(env.DB, foreignCreator.id, { utm_campaign: foreignCampaign.id }, now),
    ]);
    const addWallet = async (userId: string, verified: boolean, type: "evm" | "solana" = "evm", address = evmAddress()) => {
      const id = next("conv-wallet-");
      const checksummed = type === "evm" ? address.toUpperCase().replace(/^0X/, "0x") : address;
      await insertWallet(env.DB, {
        id,
        userId,
        type,
        address: checksummed,
        addressKey: type === "evm" ? address.toLowerCase() : address,
        currency: "USDC",
        createdAt: now,
      });
      if (verified) await env.DB.prepare(`UPDATE wallets SET verified_at = ? WHERE id = ?`).bind(now, id).run();
      return { id, address: checksummed };
    };
    const invited = await addWallet(creator.id, true);
    const byUtm = await addWallet(utmCreator.id, true, "solana", "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin");
    const foreign = await addWallet(foreignCreator.id, true);
    const unverified = await addWallet(creator.id, false);

    const events = [
      event({ walletAddress: invited.address.toLowerCase() }),
      event({ walletAddress: byUtm.address, chain: "solana" }),
      event({ walletAddress: foreign.address }),
      event({ walletAddress: unverified.address }),
      event(),
    ];
    const result = await ok(await ingest(key, { events }));
    expect(result).toMatchObject({ accepted: 5, matched: 3, unmatched: 2 });

    const stored = new Map((await listConversions(env.DB, member.advertiserId)).map((row) => [row.eventId, row]));
    expect(stored.get(String(events[0]?.eventId))).toMatchObject({
      matchedUserId: creator.id,
      matchedWalletId: invited.id,
      campaignId: campaign.id,
      inviterUserId: inviter.id,
    });
    expect(stored.get(String(events[1]?.eventId))).toMatchObject({
      matchedUserId: utmCreator.id,
      campaignId: campaign.id,
      inviterUserId: null,
    });
    expect(stored.get(String(events[2]?.eventId))).toMatchObject({
      matchedUserId: foreignCreator.id,
      campaignId: null,
      inviterUserId: null,
    });
    expect(stored.get(String(events[3]?.eventId))).toMatchObject({ matchedUserId: null, campaignId: null });
    expect(stored.get(String(events[4]?.eventId))).toMatchObject({ matchedUserId: null });
  });
});
