import { ed25519 } from "@noble/curves/ed25519.js";
import { base58, base64 } from "@scure/base";
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { parseSiweMessage } from "viem/siwe";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { AppError } from "../../../worker/contracts/errors.ts";
import {
  WALLET_CHALLENGE_TTL_MS,
  WALLET_STATEMENT,
  walletChallengeSchema,
  walletListSchema,
  walletSchema,
  walletTypesSchema,
  type Wallet,
  type WalletChallenge,
} from "../../../worker/contracts/wallets.ts";
import { findWallet } from "../../../worker/db/wallets.ts";
import { parseSolanaSignInMessage } from "../../../worker/domain/wallets/messages.ts";
import { completeVerification, startVerification } from "../../../worker/domain/wallets/wallets.ts";
import { fromThisFile } from "../support/client-address.ts";
import { fetchWorker } from "../support/fetch.ts";
import { call, expectError, fieldsOf } from "../support/http.ts";
import { newPerson, type Person } from "../support/people.ts";

/*
 * Wallets with proof of ownership, through the worker's HTTP API, signed with real keys: EVM accounts from
 * viem/accounts, Solana keys from @noble/curves' ed25519. Where the HTTP path cannot move time (an expired message),
 * the use cases run with a fixed clock against the same database.
 */

const now = Date.now();
const site = { domain: "127.0.0.1:8787", uri: "http://127.0.0.1:8787" };

async function add(creator: Person, type: string, address: string, currency = "USDC"): Promise<Wallet> {
  const response = await call("POST", "/v1/wallet", creator.bearer, { type, address, currency });
  expect(response.status, await response.clone().text()).toBe(201);
  return walletSchema.parse(await response.json());
}

async function list(creator: Person, query = ""): Promise<Wallet[]> {
  const response = await call("GET", `/v1/wallet${query}`, creator.bearer);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return walletListSchema.parse(await response.json()).data;
}

async function start(creator: Person, walletId: string): Promise<WalletChallenge> {
  const response = await call("POST", "/v1/wallet/start-verification", creator.bearer, { walletId });
  expect(response.status, await response.clone().text()).toBe(200);
  return walletChallengeSchema.parse(await response.json());
}

function complete(creator: Person | null, body: { walletId: string; nonce?: string; signature: string }) {
  return call("POST", "/v1/wallet/complete-verification", creator?.bearer ?? null, body);
}

function evmKey() {
  return privateKeyToAccount(generatePrivateKey());
}

function solanaKey() {
  const { secretKey, publicKey } = ed25519.keygen();
  return {
    address: base58.encode(publicKey),
    sign: (message: string) => ed25519.sign(new TextEncoder().encode(message), secretKey),
  };
}

/** A withdrawal row as the withdrawals module would write it (only the columns this test needs to be real). */
async function insertWithdrawal(creator: Person, walletId: string, status: string): Promise<string> {
  const id = `wd_${crypto.randomUUID()}`;
  await env.DB.prepare(
    `INSERT INTO withdrawals (id, user_id, wallet_id, currency, amount, status, second_factor, idempotency_key, created_at, expires_at, updated_at)
     VALUES (?, ?, ?, 'USDC', 1000000, ?, 'email', ?, ?, ?, ?)`,
  )
    .bind(id, creator.userId, walletId, status, id, now, now + 15 * 60 * 1000, now)
    .run();
  return id;
}

let ada: Person;
let otto: Person;

beforeAll(async () => {
  ada = await newPerson("ada");
  otto = await newPerson("otto");
});

describe("GET /v1/wallet/type", () => {
  it("answers the two types with their labels, address hints and the currencies each can receive", async () => {
    const response = await call("GET", "/v1/wallet/type", ada.bearer);
    expect(response.status).toBe(200);
    const { data } = walletTypesSchema.parse(await response.json());
    expect(data.map((type) => [type.type, type.label, type.currencies])).toEqual([
      ["evm", "EVM address", ["USDC", "USDT"]],
      ["solana", "Solana address", ["USDC", "USDT"]],
    ]);
    for (const type of data) expect(type.addressHint.length).toBeGreaterThan(10);
  });

  it("refuses a request without a token (401)", async () => {
    await expectError(await call("GET", "/v1/wallet/type", null), 401, "unauthenticated");
  });
});

describe("POST /v1/wallet", () => {
  it("adds an EVM address given in lower case, stored with its EIP-55 checksum, unverified", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const response = await call("POST", "/v1/wallet", creator.bearer, {
      type: "evm",
      address: account.address.toLowerCase(),
      currency: "usdc",
    });
    expect(response.status).toBe(201);
    const wallet = walletSchema.parse(await response.json());
    expect(wallet).toMatchObject({ type: "evm", address: account.address, currency: "USDC", verified: false, verifiedAt: null });
    expect(wallet.id).toMatch(/^wal_/);
    expect(wallet.createdAt).toBeGreaterThanOrEqual(now);
  });

  it("adds a checksummed EVM address and a Solana address", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const solana = solanaKey();
    expect((await add(creator, "evm", account.address, "USDT")).address).toBe(account.address);
    expect((await add(creator, "solana", solana.address)).address).toBe(solana.address);
  });

  it("refuses a mixed-case EVM address whose checksum is wrong, saying so and naming the field", async () => {
    const address = evmKey().address;
    // Flip the case of one letter: still an address, but no longer its checksum.
    const index = [...address].findIndex((character, position) => position > 1 && /[a-fA-F]/.test(character));
    const character = address.charAt(index);
    const wrong =
      address.slice(0, index) +
      (character === character.toUpperCase() ? character.toLowerCase() : character.toUpperCase()) +
      address.slice(index + 1);
    const response = await call("POST", "/v1/wallet", ada.bearer, { type: "evm", address: wrong, currency: "USDC" });
    const body = await expectError(response, 400, "invalid_address");
    expect(body.detail).toEqual([{ loc: ["body", "address"], msg: expect.stringContaining("checksum") }]);
    expect(body.message).toContain("checksum");
  });

  it("refuses EVM addresses that are not hexadecimal or of the wrong length", async () => {
    const notHex = await call("POST", "/v1/wallet", ada.bearer, { type: "evm", address: `0x${"g".repeat(40)}`, currency: "USDC" });
    expect(await fieldsOf(notHex)).toEqual(["body.address"]);
    const short = await call("POST", "/v1/wallet", ada.bearer, { type: "evm", address: `0x${"a".repeat(39)}`, currency: "USDC" });
    const body = await expectError(short, 400, "invalid_address");
    expect(body.message).toContain("this one has 39");
  });

  it("refuses a Solana address that is not base58, decodes to the wrong length, or cannot sign", async () => {
    const notBase58 = await call("POST", "/v1/wallet", ada.bearer, { type: "solana", address: "0OIl".repeat(11), currency: "USDC" });
    const notBase58Body = await expectError(notBase58, 400, "invalid_address");
    expect(notBase58Body.detail?.[0]?.loc).toEqual(["body", "address"]);
    expect(notBase58Body.message).toContain("not a base58 character");

    const shortKey = base58.encode(new Uint8Array(31).fill(7));
    const wrongLength = await expectError(
      await call("POST", "/v1/wallet", ada.bearer, { type: "solana", address: shortKey, currency: "USDC" }),
      400,
    );
    expect(wrongLength.detail).toEqual([{ loc: ["body", "address"], msg: expect.stringContaining("decodes to 31 bytes") }]);

    const offCurve = base58.encode(offCurveBytes());
    const program = await expectError(
      await call("POST", "/v1/wallet", ada.bearer, { type: "solana", address: offCurve, currency: "USDC" }),
      400,
    );
    expect(program.message).toContain("cannot sign");
  });

  it("refuses an unknown type, and a currency the type cannot receive, naming each field", async () => {
    const unknownType = await call("POST", "/v1/wallet", ada.bearer, { type: "bitcoin", address: "bc1q", currency: "USDC" });
    expect(await fieldsOf(unknownType)).toEqual(["body.type"]);

    const address = evmKey().address;
    const fiat = await expectError(
      await call("POST", "/v1/wallet", ada.bearer, { type: "evm", address, currency: "EUR" }),
      400,
      "unsupported_currency",
    );
    expect(fiat.detail).toEqual([{ loc: ["body", "currency"], msg: "An EVM address cannot receive EUR: choose USDC or USDT." }]);

    const unknown = await expectError(
      await call("POST", "/v1/wallet", ada.bearer, { type: "solana", address: solanaKey().address, currency: "DOGE" }),
      400,
    );
    expect(unknown.detail?.map((field) => field.loc.join("."))).toEqual(["body.currency"]);
    expect(unknown.message).toContain("DOGE is not a currency Chorus pays rewards in");

    const both = await call("POST", "/v1/wallet", ada.bearer, { type: "evm", address: "nope", currency: "EUR" });
    expect(await fieldsOf(both)).toEqual(["body.address", "body.currency"]);

    const missing = await call("POST", "/v1/wallet", ada.bearer, {});
    expect((await fieldsOf(missing)).sort()).toEqual(["body.address", "body.currency", "body.type"]);

    const notJson = await fetchWorker("/v1/wallet", { method: "POST", headers: { Authorization: ada.bearer }, body: "type=evm" });
    expect(await fieldsOf(notJson)).toEqual(["body"]);
  });

  it("refuses the same address for the same currency twice (409, naming the field), in any letter case", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    await add(creator, "evm", account.address);
    const again = await expectError(
      await call("POST", "/v1/wallet", creator.bearer, { type: "evm", address: account.address.toLowerCase(), currency: "USDC" }),
      409,
    );
    expect(again).toMatchObject({ code: "duplicate_wallet", detail: [{ loc: ["body", "address"] }] });
    expect(again.message).toBe("You already added this EVM address for USDC.");
    // Another currency, or another creator, is another wallet.
    await add(creator, "evm", account.address, "USDT");
    await add(await newPerson("wallet"), "evm", account.address);
    expect(await list(creator)).toHaveLength(2);
  });

  it("refuses a request without a token (401)", async () => {
    await expectError(await call("POST", "/v1/wallet", null, { type: "evm", address: evmKey().address, currency: "USDC" }), 401);
  });
});

describe("GET /v1/wallet", () => {
  it("lists the creator's own wallets, oldest first, optionally of one currency", async () => {
    const creator = await newPerson("wallet");
    const first = await add(creator, "evm", evmKey().address, "USDC");
    const second = await add(creator, "solana", solanaKey().address, "USDT");
    await add(otto, "evm", evmKey().address, "USDC");

    expect((await list(creator)).map((wallet) => wallet.id)).toEqual([first.id, second.id]);
    expect((await list(creator, "?currency=USDT")).map((wallet) => wallet.id)).toEqual([second.id]);
    expect((await list(creator, "?currency=usdc")).map((wallet) => wallet.id)).toEqual([first.id]);
    expect((await list(creator, "?currency=")).length).toBe(2);
    expect(await list(creator, "?currency=EUR")).toEqual([]);
  });

  it("refuses a currency that is not a currency code, naming it", async () => {
    expect(await fieldsOf(await call("GET", "/v1/wallet?currency=US-D", ada.bearer))).toEqual(["query.currency"]);
  });

  it("refuses a request without a token (401)", async () => {
    await expectError(await call("GET", "/v1/wallet", null), 401);
  });
});

describe("DELETE /v1/wallet/{walletId}", () => {
  it("removes the wallet (204): it leaves the list, its row stays, and the address can be added again", async () => {
    const creator = await newPerson("wallet");
    const address = evmKey().address;
    const wallet = await add(creator, "evm", address);
    const response = await call("DELETE", `/v1/wallet/${wallet.id}`, creator.bearer);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(await list(creator)).toEqual([]);

    const row = await findWallet(env.DB, creator.userId, wallet.id);
    expect(row).toMatchObject({ id: wallet.id, userId: creator.userId, address, verifiedAt: null, removedAt: expect.any(Number) });

    await expectError(await call("DELETE", `/v1/wallet/${wallet.id}`, creator.bearer), 404, "not_found");
    const again = await add(creator, "evm", address);
    expect(again.id).not.toBe(wallet.id);
  });

  it("answers 404 for someone else's wallet and an unknown one, and leaves theirs in place", async () => {
    const theirs = await add(otto, "solana", solanaKey().address);
    await expectError(await call("DELETE", `/v1/wallet/${theirs.id}`, ada.bearer), 404, "not_found");
    await expectError(await call("DELETE", `/v1/wallet/wal_${crypto.randomUUID()}`, ada.bearer), 404, "not_found");
    expect((await list(otto)).map((wallet) => wallet.id)).toContain(theirs.id);
    expect(await fieldsOf(await call("DELETE", "/v1/wallet/not-an-id", ada.bearer))).toEqual(["path.walletId"]);
  });

  it("refuses (409) while a withdrawal to the wallet is verifying or pending, and removes it once it is settled", async () => {
    const creator = await newPerson("wallet");
    const wallet = await add(creator, "evm", evmKey().address);
    const withdrawalId = await insertWithdrawal(creator, wallet.id, "verifying");

    const refused = await expectError(await call("DELETE", `/v1/wallet/${wallet.id}`, creator.bearer), 409, "withdrawal_in_flight");
    expect(refused.message).toBe(
      "This wallet cannot be removed while a withdrawal to it is in progress. Cancel it or wait until it is completed, then remove the wallet.",
    );
    await env.DB.prepare(`UPDATE withdrawals SET status = 'pending' WHERE id = ?`).bind(withdrawalId).run();
    await expectError(await call("DELETE", `/v1/wallet/${wallet.id}`, creator.bearer), 409, "withdrawal_in_flight");
    expect(await list(creator)).toHaveLength(1);

    await env.DB.prepare(`UPDATE withdrawals SET status = 'completed' WHERE id = ?`).bind(withdrawalId).run();
    await insertWithdrawal(creator, wallet.id, "failed");
    expect((await call("DELETE", `/v1/wallet/${wallet.id}`, creator.bearer)).status).toBe(204);
  });

  it("refuses a request without a token (401)", async () => {
    await expectError(await call("DELETE", `/v1/wallet/wal_${crypto.randomUUID()}`, null), 401);
  });
});

describe("verification of an EVM wallet (Sign-In with Ethereum)", () => {
  it("gives an EIP-4361 message for this site, verifies the account's signature once, and refuses a replay", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const wallet = await add(creator, "evm", account.address);
    const challenge = await start(creator, wallet.id);

    expect(challenge.walletId).toBe(wallet.id);
    expect(challenge.nonce).toMatch(/^[0-9a-f]{32}$/);
    const fields = parseSiweMessage(challenge.message);
    expect(fields).toMatchObject({
      domain: "127.0.0.1:8787",
      uri: "http://127.0.0.1:8787",
      address: account.address,
      chainId: 1,
      version: "1",
      nonce: challenge.nonce,
      statement: WALLET_STATEMENT,
    });
    expect(challenge.message.startsWith("127.0.0.1:8787 wants you to sign in with your Ethereum account:\n")).toBe(true);
    expect(fields.expirationTime?.getTime()).toBe(challenge.expiresAt);
    expect(challenge.expiresAt - (fields.issuedAt?.getTime() ?? 0)).toBe(WALLET_CHALLENGE_TTL_MS);

    const signature = await account.signMessage({ message: challenge.message });
    const response = await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature });
    expect(response.status).toBe(200);
    const verified = walletSchema.parse(await response.json());
    expect(verified).toMatchObject({ id: wallet.id, verified: true, verifiedAt: expect.any(Number) });
    expect((await list(creator))[0]).toMatchObject({ id: wallet.id, verified: true, verifiedAt: verified.verifiedAt });
    expect((await findWallet(env.DB, creator.userId, wallet.id))?.verifiedAt).toBe(verified.verifiedAt);

    const replay = await expectError(
      await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature }),
      409,
      "challenge_used",
    );
    expect(replay.message).toContain("Start verification again");
    await expectError(
      await call("POST", "/v1/wallet/start-verification", creator.bearer, { walletId: wallet.id }),
      409,
      "already_verified",
    );
  });

  it("uses the wallet's latest message when no nonce is sent, and accepts a signature without 0x", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const wallet = await add(creator, "evm", account.address.toLowerCase(), "USDT");
    await start(creator, wallet.id);
    const latest = await start(creator, wallet.id);
    const signature = await account.signMessage({ message: latest.message });
    const response = await complete(creator, { walletId: wallet.id, signature: signature.slice(2) });
    expect(response.status).toBe(200);
    expect(walletSchema.parse(await response.json()).verified).toBe(true);
  });

  it("refuses another account's signature, saying who signed, and keeps the message usable", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const stranger = evmKey();
    const wallet = await add(creator, "evm", account.address);
    const challenge = await start(creator, wallet.id);

    const wrong = await complete(creator, {
      walletId: wallet.id,
      nonce: challenge.nonce,
      signature: await stranger.signMessage({ message: challenge.message }),
    });
    const body = await expectError(wrong, 400, "signature_mismatch");
    expect(body.detail).toEqual([{ loc: ["body", "signature"], msg: expect.stringContaining(`made by ${stranger.address}`) }]);

    const otherMessage = await account.signMessage({ message: challenge.message.replace("Chain ID: 1", "Chain ID: 10") });
    await expectError(
      await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature: otherMessage }),
      400,
      "signature_mismatch",
    );

    const malformed = await expectError(
      await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature: "0x1234" }),
      400,
      "invalid_signature",
    );
    expect(malformed.detail?.[0]?.loc).toEqual(["body", "signature"]);
    expect(await fieldsOf(await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature: "" }))).toEqual([
      "body.signature",
    ]);

    // The right signature still works after the wrong ones.
    const signature = await account.signMessage({ message: challenge.message });
    expect((await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature })).status).toBe(200);
  });

  it("accepts the message only back on the site it names", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const wallet = await add(creator, "evm", account.address);
    const challenge = await start(creator, wallet.id);
    const signature = await account.signMessage({ message: challenge.message });
    const elsewhere = await exports.default.fetch(
      fromThisFile(
        new Request("http://localhost:8787/v1/wallet/complete-verification", {
          method: "POST",
          headers: { Authorization: creator.bearer, "Content-Type": "application/json" },
          body: JSON.stringify({ walletId: wallet.id, nonce: challenge.nonce, signature }),
        }),
      ),
    );
    const body = await expectError(elsewhere, 400, "message_mismatch");
    expect(body.message).toContain("made for 127.0.0.1:8787");
    expect((await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature })).status).toBe(200);
  });
});

describe("verification of a Solana wallet (Sign-In with Solana)", () => {
  it("gives the Solana message and verifies an ed25519 signature sent in base58", async () => {
    const creator = await newPerson("wallet");
    const key = solanaKey();
    const wallet = await add(creator, "solana", key.address);
    const challenge = await start(creator, wallet.id);
    expect(challenge.message.split("\n").slice(0, 4)).toEqual([
      "127.0.0.1:8787 wants you to sign in with your Solana account:",
      key.address,
      "",
      WALLET_STATEMENT,
    ]);
    expect(parseSolanaSignInMessage(challenge.message)).toMatchObject({
      domain: "127.0.0.1:8787",
      address: key.address,
      uri: "http://127.0.0.1:8787",
      version: "1",
      chainId: "mainnet",
      nonce: challenge.nonce,
      expiresAt: challenge.expiresAt,
    });

    const response = await complete(creator, {
      walletId: wallet.id,
      nonce: challenge.nonce,
      signature: base58.encode(key.sign(challenge.message)),
    });
    expect(response.status).toBe(200);
    expect(walletSchema.parse(await response.json())).toMatchObject({ verified: true, verifiedAt: expect.any(Number) });
  });

  it("accepts the signature in base64 too, and refuses a replay", async () => {
    const creator = await newPerson("wallet");
    const key = solanaKey();
    const wallet = await add(creator, "solana", key.address, "USDT");
    const challenge = await start(creator, wallet.id);
    const signature = base64.encode(key.sign(challenge.message));
    expect((await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature })).status).toBe(200);
    await expectError(await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature }), 409, "challenge_used");
  });

  it("refuses another key's signature, and a signature that is not 64 bytes", async () => {
    const creator = await newPerson("wallet");
    const key = solanaKey();
    const wallet = await add(creator, "solana", key.address);
    const challenge = await start(creator, wallet.id);
    const wrong = await complete(creator, {
      walletId: wallet.id,
      nonce: challenge.nonce,
      signature: base58.encode(solanaKey().sign(challenge.message)),
    });
    const body = await expectError(wrong, 400, "signature_mismatch");
    expect(body.detail?.[0]?.loc).toEqual(["body", "signature"]);
    expect(body.message).toContain(key.address);
    const short = await complete(creator, {
      walletId: wallet.id,
      nonce: challenge.nonce,
      signature: base58.encode(new Uint8Array(63).fill(1)),
    });
    await expectError(short, 400, "invalid_signature");
  });
});

describe("what verification refuses", () => {
  it("answers 404 for someone else's wallet, at start and at completion", async () => {
    const account = evmKey();
    const theirs = await add(otto, "evm", account.address);
    await expectError(await call("POST", "/v1/wallet/start-verification", ada.bearer, { walletId: theirs.id }), 404, "not_found");
    const challenge = await start(otto, theirs.id);
    const signature = await account.signMessage({ message: challenge.message });
    await expectError(await complete(ada, { walletId: theirs.id, nonce: challenge.nonce, signature }), 404, "not_found");
    // Otto's own message is still there for Otto.
    expect((await complete(otto, { walletId: theirs.id, nonce: challenge.nonce, signature })).status).toBe(200);
  });

  it("refuses a completion with no message started (409), an unknown nonce (400 naming it) and bad ids (400)", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const wallet = await add(creator, "evm", account.address);
    const signature = await account.signMessage({ message: "anything" });
    await expectError(await complete(creator, { walletId: wallet.id, signature }), 409, "no_challenge");
    await start(creator, wallet.id);
    const unknown = await expectError(
      await complete(creator, { walletId: wallet.id, nonce: "abcdef0123456789", signature }),
      400,
      "unknown_nonce",
    );
    expect(unknown.detail?.[0]?.loc).toEqual(["body", "nonce"]);
    expect(await fieldsOf(await complete(creator, { walletId: "wallet-1", signature }))).toEqual(["body.walletId"]);
    expect(await fieldsOf(await call("POST", "/v1/wallet/start-verification", creator.bearer, {}))).toEqual(["body.walletId"]);
  });

  it("refuses a nonce made for another wallet of the same address", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const usdc = await add(creator, "evm", account.address, "USDC");
    const usdt = await add(creator, "evm", account.address, "USDT");
    const challenge = await start(creator, usdc.id);
    const signature = await account.signMessage({ message: challenge.message });
    await expectError(await complete(creator, { walletId: usdt.id, nonce: challenge.nonce, signature }), 400, "unknown_nonce");
  });

  it("refuses an expired message (410) with a message saying to start again", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const wallet = await add(creator, "evm", account.address);
    // Started eleven minutes ago: the HTTP path runs on the real clock, so the use case starts it in the past.
    const challenge = await startVerification(
      { db: env.DB, clock: fixedClock(Date.now() - 11 * 60 * 1000) },
      creator.userId,
      wallet.id,
      site,
    );
    const signature = await account.signMessage({ message: challenge.message });
    const body = await expectError(
      await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature }),
      410,
      "challenge_expired",
    );
    expect(body.message).toBe(
      "This message expired: messages are valid for 10 minutes. Start verification again to get a new message to sign.",
    );
    expect((await list(creator))[0]?.verified).toBe(false);
  });

  it("accepts a signature until the last moment of the ten minutes, and not at the tenth minute (fixed clock)", async () => {
    const creator = await newPerson("wallet");
    const account = evmKey();
    const wallet = await add(creator, "evm", account.address);
    const clock = fixedClock(Date.now());
    const deps = { db: env.DB, clock };
    const late = await startVerification(deps, creator.userId, wallet.id, site);
    const lateSignature = await account.signMessage({ message: late.message });
    clock.advance(WALLET_CHALLENGE_TTL_MS);
    const refused = await completeVerification(
      deps,
      creator.userId,
      { walletId: wallet.id, nonce: late.nonce, signature: lateSignature },
      site,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 410, code: "challenge_expired" });

    const justInTime = await startVerification(deps, creator.userId, wallet.id, site);
    clock.advance(WALLET_CHALLENGE_TTL_MS - 1);
    const signature = await account.signMessage({ message: justInTime.message });
    const verified = await completeVerification(deps, creator.userId, { walletId: wallet.id, nonce: justInTime.nonce, signature }, site);
    expect(verified).toMatchObject({ verified: true, verifiedAt: clock.now() });
  });

  it("refuses to verify a wallet removed after its message was made", async () => {
    const creator = await newPerson("wallet");
    const key = solanaKey();
    const wallet = await add(creator, "solana", key.address);
    const challenge = await start(creator, wallet.id);
    expect((await call("DELETE", `/v1/wallet/${wallet.id}`, creator.bearer)).status).toBe(204);
    await expectError(
      await complete(creator, { walletId: wallet.id, nonce: challenge.nonce, signature: base58.encode(key.sign(challenge.message)) }),
      404,
    );
  });

  it("refuses without a token (401)", async () => {
    await expectError(await call("POST", "/v1/wallet/start-verification", null, { walletId: `wal_${crypto.randomUUID()}` }), 401);
    await expectError(await complete(null, { walletId: `wal_${crypto.randomUUID()}`, signature: "0x" }), 401);
  });
});

describe("findWallet (for withdrawals)", () => {
  it("finds the creator's own wallet, removed ones included, and answers null for someone else's", async () => {
    const wallet = await add(ada, "evm", evmKey().address);
    expect(await findWallet(env.DB, ada.userId, wallet.id)).toEqual({
      id: wallet.id,
      userId: ada.userId,
      type: "evm",
      address: wallet.address,
      currency: "USDC",
      verifiedAt: null,
      removedAt: null,
      createdAt: wallet.createdAt,
    });
    expect(await findWallet(env.DB, otto.userId, wallet.id)).toBeNull();
    expect(await findWallet(env.DB, ada.userId, `wal_${crypto.randomUUID()}`)).toBeNull();
  });
});

/** 32 bytes that are no point of the ed25519 curve (as a program-derived address is). */
function offCurveBytes(): Uint8Array {
  for (let seed = 1; seed < 256; seed += 1) {
    const bytes = new Uint8Array(32).fill(seed);
    if (!ed25519.utils.isValidPublicKey(bytes, false)) return bytes;
  }
  throw new Error("no off-curve bytes found");
}
