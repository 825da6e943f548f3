import { ed25519 } from "@noble/curves/ed25519.js";
import { base58, base64 } from "@scure/base";
import fc from "fast-check";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { addWalletBodySchema, walletTypeInfos } from "../../worker/contracts/wallets.ts";
import { checkAddress, checkEvmAddress, checkSolanaAddress } from "../../worker/domain/wallets/addresses.ts";
import { checkMessage, evmSignInMessage, parseSolanaSignInMessage, solanaSignInMessage } from "../../worker/domain/wallets/messages.ts";
import { checkEvmSignature, checkSolanaSignature, solanaSignatureCandidates } from "../../worker/domain/wallets/signatures.ts";
import { currencyProblem } from "../../worker/domain/wallets/wallets.ts";
import { WALLET_CURRENCIES } from "../../worker/contracts/withdrawal-rules.ts";

function problemOf(check: ReturnType<typeof checkAddress>): string {
  if (check.ok) throw new Error(`expected a problem, got ${check.value.address}`);
  return check.problem;
}

/** EIP-55's own examples: checksummed, all capitals, all lower case. */
const EIP55_EXAMPLES = [
  "0x52908400098527886E0F7030069857D2E4169EE7",
  "0x8617E340B3D01FA5F11F306F4090FD50E238070D",
  "0xde709f2102306220921060314715629080e2fb77",
  "0x27b1fdb04752bbc536007a920d24acb045561c26",
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
  "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
  "0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
];

describe("EVM addresses", () => {
  it("accepts EIP-55's examples and stores each checksummed, compared in lower case", () => {
    for (const example of EIP55_EXAMPLES) {
      const check = checkEvmAddress(example);
      expect(check.ok, example).toBe(true);
      if (check.ok) {
        expect(check.value.addressKey).toBe(example.toLowerCase());
        expect(check.value.address.toLowerCase()).toBe(example.toLowerCase());
      }
    }
    expect(checkEvmAddress("0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359")).toEqual({
      ok: true,
      value: { address: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359", addressKey: "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359" },
    });
    expect(checkEvmAddress("  0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed \n").ok).toBe(true);
  });

  it("refuses a mixed-case address with one letter's case flipped, naming the checksum", () => {
    expect(problemOf(checkEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"))).toContain("EIP-55 checksum");
    expect(problemOf(checkEvmAddress("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"))).toContain("typo");
  });

  it("refuses any flip of a letter's case in a checksummed address (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(), (bytes, pick) => {
        const hex = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
        const check = checkEvmAddress(hex);
        if (!check.ok) return /^0x0{40}$/.test(hex);
        const address = check.value.address;
        const positions = [...address].flatMap((character, index) => (index > 1 && /[a-fA-F]/.test(character) ? [index] : []));
        if (positions.length === 0) return true;
        const index = positions[pick % positions.length] ?? 2;
        const character = address.charAt(index);
        const flipped = character === character.toUpperCase() ? character.toLowerCase() : character.toUpperCase();
        const wrong = address.slice(0, index) + flipped + address.slice(index + 1);
        // A flip that leaves the whole body in one case leaves no checksum to be wrong.
        const body = wrong.slice(2);
        if (body === body.toLowerCase() || body === body.toUpperCase()) return checkEvmAddress(wrong).ok;
        return !checkEvmAddress(wrong).ok;
      }),
    );
  });

  it("says what is wrong with addresses of the wrong shape", () => {
    expect(problemOf(checkEvmAddress(""))).toBe("Enter the address.");
    expect(problemOf(checkEvmAddress("52908400098527886E0F7030069857D2E4169EE7"))).toContain("starts with 0x");
    expect(problemOf(checkEvmAddress("0x52908400098527886E0F7030069857D2E4169EE"))).toContain("this one has 39");
    expect(problemOf(checkEvmAddress("0x52908400098527886E0F7030069857D2E4169EE77"))).toContain("this one has 41");
    expect(problemOf(checkEvmAddress("0x52908400098527886E0F7030069857D2E4169EZ7"))).toContain("“Z” is not a hexadecimal character");
    expect(problemOf(checkEvmAddress(`0x${"0".repeat(40)}`))).toContain("zero address");
    expect(problemOf(checkEvmAddress("7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV"))).toContain("looks like a Solana address");
  });
});

describe("Solana addresses", () => {
  it("accepts real ed25519 public keys in base58, stored as given", () => {
    for (let index = 0; index < 20; index += 1) {
      const address = base58.encode(ed25519.keygen().publicKey);
      expect(checkSolanaAddress(` ${address} `)).toEqual({ ok: true, value: { address, addressKey: address } });
    }
  });

  it("refuses characters base58 does not use, naming the first", () => {
    const address = base58.encode(ed25519.keygen().publicKey);
    expect(problemOf(checkSolanaAddress(`${address.slice(0, 10)}0${address.slice(11)}`))).toContain("“0” is not a base58 character");
    expect(problemOf(checkSolanaAddress(`${address.slice(0, 10)}l${address.slice(11)}`))).toContain("“l”");
    expect(problemOf(checkSolanaAddress("abc def"))).toContain("“ ”");
  });

  it("refuses strings that decode to anything but 32 bytes", () => {
    expect(problemOf(checkSolanaAddress(base58.encode(new Uint8Array(31).fill(9))))).toContain("decodes to 31 bytes");
    expect(problemOf(checkSolanaAddress(base58.encode(new Uint8Array(33).fill(9))))).toContain("decodes to 33 bytes");
  });

  it("refuses 32 bytes that are off the curve or of small order: no key can sign for them", () => {
    let offCurve: Uint8Array | null = null;
    for (let seed = 1; seed < 256 && offCurve === null; seed += 1) {
      const bytes = new Uint8Array(32).fill(seed);
      if (!ed25519.utils.isValidPublicKey(bytes, false)) offCurve = bytes;
    }
    expect(offCurve).not.toBeNull();
    expect(problemOf(checkSolanaAddress(base58.encode(offCurve ?? new Uint8Array())))).toContain("cannot sign");
    // The identity point (y = 1) is on the curve but of small order.
    const identity = new Uint8Array(32);
    identity[0] = 1;
    expect(problemOf(checkSolanaAddress(base58.encode(identity)))).toContain("cannot sign");
  });

  it("points a pasted EVM address to the other type", () => {
    expect(problemOf(checkSolanaAddress("0x52908400098527886E0F7030069857D2E4169EE7"))).toContain("looks like an EVM address");
  });
});

describe("the wallet types", () => {
  it("offer only reward currencies, and each type's example address is valid", () => {
    expect(WALLET_CURRENCIES).toEqual({ evm: ["USDC", "USDT"], solana: ["USDC", "USDT"] });
    for (const info of walletTypeInfos) expect(checkAddress(info.type, info.addressExample).ok, info.addressExample).toBe(true);
  });

  it("say which currencies a type can receive", () => {
    expect(currencyProblem("evm", "USDC")).toBeNull();
    expect(currencyProblem("solana", "USDT")).toBeNull();
    expect(currencyProblem("solana", "USD")).toBe("A Solana address cannot receive USD: choose USDC or USDT.");
    expect(currencyProblem("evm", "XYZ")).toBe("XYZ is not a currency Chorus pays rewards in. An EVM address can receive USDC or USDT.");
  });

  it("read the currency in any case and trim the address", () => {
    expect(addWalletBodySchema.parse({ type: "evm", address: " 0xabc ", currency: "usdc" })).toEqual({
      type: "evm",
      address: "0xabc",
      currency: "USDC",
    });
    expect(addWalletBodySchema.safeParse({ type: "btc", address: "x", currency: "USDC" }).error?.issues[0]?.message).toBe(
      "must be one of: evm, solana",
    );
  });
});

const fields = {
  domain: "aurora.localhost:8787",
  uri: "http://aurora.localhost:8787",
  nonce: "0123456789abcdef0123456789abcdef",
  issuedAt: Date.UTC(2026, 10, 23, 12, 0, 0),
  expiresAt: Date.UTC(2026, 10, 23, 12, 10, 0),
};

describe("the messages to sign", () => {
  it("EVM: EIP-4361 text that reads back as this site's, this address's and this nonce's until it expires", () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const message = evmSignInMessage({ ...fields, address: account.address });
    expect(message).toBe(
      [
        "aurora.localhost:8787 wants you to sign in with your Ethereum account:",
        account.address,
        "",
        "Prove that you own this wallet to receive Chorus withdrawals.",
        "",
        "URI: http://aurora.localhost:8787",
        "Version: 1",
        "Chain ID: 1",
        `Nonce: ${fields.nonce}`,
        "Issued At: 2026-11-23T12:00:00.000Z",
        "Expiration Time: 2026-11-23T12:10:00.000Z",
      ].join("\n"),
    );
    const expected = { domain: fields.domain, address: account.address, nonce: fields.nonce, now: fields.issuedAt + 1000 };
    expect(checkMessage("evm", message, expected)).toEqual({ ok: true });
    expect(checkMessage("evm", message, { ...expected, domain: "nimbus.localhost:8787" })).toMatchObject({ ok: false });
    expect(checkMessage("evm", message, { ...expected, nonce: "ffffffffffffffff" })).toMatchObject({ ok: false });
    expect(checkMessage("evm", message, { ...expected, now: fields.expiresAt })).toMatchObject({
      ok: false,
      problem: expect.stringContaining("expired"),
    });
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    expect(checkMessage("evm", message, { ...expected, address: stranger })).toMatchObject({ ok: false });
  });

  it("Solana: the same layout with “Solana account” and chain id mainnet, read back the same way", () => {
    const address = base58.encode(ed25519.keygen().publicKey);
    const message = solanaSignInMessage({ ...fields, address });
    expect(message.split("\n")).toEqual([
      "aurora.localhost:8787 wants you to sign in with your Solana account:",
      address,
      "",
      "Prove that you own this wallet to receive Chorus withdrawals.",
      "",
      "URI: http://aurora.localhost:8787",
      "Version: 1",
      "Chain ID: mainnet",
      `Nonce: ${fields.nonce}`,
      "Issued At: 2026-11-23T12:00:00.000Z",
      "Expiration Time: 2026-11-23T12:10:00.000Z",
    ]);
    expect(parseSolanaSignInMessage(message)).toMatchObject({ address, expiresAt: fields.expiresAt, issuedAt: fields.issuedAt });
    expect(parseSolanaSignInMessage(message.replace("Solana account", "Ethereum account"))).toBeNull();
    const expected = { domain: fields.domain, address, nonce: fields.nonce, now: fields.issuedAt };
    expect(checkMessage("solana", message, expected)).toEqual({ ok: true });
    expect(checkMessage("solana", message, { ...expected, now: fields.expiresAt })).toMatchObject({ ok: false });
    expect(checkMessage("solana", message, { ...expected, domain: "127.0.0.1:8787" })).toMatchObject({
      ok: false,
      problem: expect.stringContaining("made for aurora.localhost:8787"),
    });
  });
});

describe("signatures", () => {
  it("EVM: a personal_sign signature of the message by the address's key, and no other", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const signature = await account.signMessage({ message: "hello" });
    expect(await checkEvmSignature(account.address, "hello", signature)).toEqual({ ok: true });
    expect(await checkEvmSignature(account.address, "hello", signature.toUpperCase().replace("0X", "0x"))).toEqual({ ok: true });
    expect(await checkEvmSignature(account.address, "hello!", signature)).toMatchObject({ ok: false, malformed: false });
    expect(await checkEvmSignature(account.address, "hello", "0xdeadbeef")).toMatchObject({ ok: false, malformed: true });
    expect(await checkEvmSignature(account.address, "hello", `0x${"00".repeat(65)}`)).toMatchObject({ ok: false, malformed: false });
  });

  it("Solana: the 64 bytes in base58 or base64 (padded or not), by the address's key only", () => {
    const { secretKey, publicKey } = ed25519.keygen();
    const address = base58.encode(publicKey);
    const signature = ed25519.sign(new TextEncoder().encode("hello"), secretKey);
    for (const text of [base58.encode(signature), base64.encode(signature), base64.encode(signature).replace(/=+$/, "")]) {
      expect(checkSolanaSignature(address, "hello", text), text).toEqual({ ok: true });
    }
    expect(solanaSignatureCandidates(base58.encode(signature))).toHaveLength(1);
    expect(checkSolanaSignature(address, "hullo", base58.encode(signature))).toMatchObject({ ok: false, malformed: false });
    expect(checkSolanaSignature(base58.encode(ed25519.keygen().publicKey), "hello", base58.encode(signature))).toMatchObject({ ok: false });
    expect(checkSolanaSignature(address, "hello", "not a signature")).toMatchObject({ ok: false, malformed: true });
  });
});
