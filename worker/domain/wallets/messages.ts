import { createSiweMessage, parseSiweMessage, validateSiweMessage } from "viem/siwe";
import { isAddressEqual } from "viem/utils";
import { AppError } from "../../contracts/errors.ts";
import { WALLET_STATEMENT } from "../../contracts/wallets.ts";
import type { WalletType } from "../../contracts/withdrawal-rules.ts";

/**
 * The one-time message a person signs to prove they own an address (docs/decisions/014-wallets.md):
 * - EVM: EIP-4361, Sign-In with Ethereum, made by viem's `createSiweMessage` (chain id 1; any EVM chain's key is
 *   the same key) and read back with `parseSiweMessage` / `validateSiweMessage`.
 * - Solana: Sign-In with Solana, EIP-4361's layout with "Solana account" and chain id `mainnet`, as Phantom and
 *   the Solana wallet standard write it; made and read back here (it is text: the cryptography is elsewhere).
 * The domain is the host the person is on and the URI its origin, so a wallet that knows the format can warn when a
 * page asks for a message of another site.
 */

export type MessageFields = {
  /** The request's host (with its port, if any). */
  domain: string;
  /** The request's origin. */
  uri: string;
  address: string;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
};

/** What a message read back must say. */
export type ExpectedMessage = { domain: string; address: string; nonce: string; now: number };

export type MessageCheck = { ok: true } | { ok: false; problem: string };

const SOLANA_CHAIN_ID = "mainnet";

export function evmSignInMessage(fields: MessageFields): string {
  try {
    return createSiweMessage({
      address: fields.address as `0x${string}`,
      chainId: 1,
      domain: fields.domain,
      uri: fields.uri,
      version: "1",
      statement: WALLET_STATEMENT,
      nonce: fields.nonce,
      issuedAt: new Date(fields.issuedAt),
      expirationTime: new Date(fields.expiresAt),
    });
  } catch {
    throw unsupportedHost(fields.domain);
  }
}

export function solanaSignInMessage(fields: MessageFields): string {
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(fields.domain)) throw unsupportedHost(fields.domain);
  return [
    `${fields.domain} wants you to sign in with your Solana account:`,
    fields.address,
    "",
    WALLET_STATEMENT,
    "",
    `URI: ${fields.uri}`,
    "Version: 1",
    `Chain ID: ${SOLANA_CHAIN_ID}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${new Date(fields.issuedAt).toISOString()}`,
    `Expiration Time: ${new Date(fields.expiresAt).toISOString()}`,
  ].join("\n");
}

export function signInMessage(type: WalletType, fields: MessageFields): string {
  return type === "evm" ? evmSignInMessage(fields) : solanaSignInMessage(fields);
}

function unsupportedHost(domain: string): AppError {
  return new AppError(
    400,
    "unsupported_host",
    `A message to sign cannot name the host “${domain}”. Open Chorus at its usual address and try again.`,
  );
}

const SOLANA_MESSAGE =
  /^(?<domain>[^\s]+) wants you to sign in with your Solana account:\n(?<address>[1-9A-HJ-NP-Za-km-z]{32,44})\n\n(?<statement>[^\n]*)\n\nURI: (?<uri>[^\n]+)\nVersion: (?<version>[^\n]+)\nChain ID: (?<chainId>[^\n]+)\nNonce: (?<nonce>[A-Za-z0-9]+)\nIssued At: (?<issuedAt>[^\n]+)\nExpiration Time: (?<expirationTime>[^\n]+)$/;

export type SolanaMessageFields = {
  domain: string;
  address: string;
  statement: string;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: number;
  expiresAt: number;
};

/** A Sign-In with Solana message read back into its fields; null when it is not one of ours. */
export function parseSolanaSignInMessage(message: string): SolanaMessageFields | null {
  const groups = SOLANA_MESSAGE.exec(message)?.groups;
  if (groups === undefined) return null;
  const issuedAt = Date.parse(groups.issuedAt ?? "");
  const expiresAt = Date.parse(groups.expirationTime ?? "");
  if (Number.isNaN(issuedAt) || Number.isNaN(expiresAt)) return null;
  return {
    domain: groups.domain ?? "",
    address: groups.address ?? "",
    statement: groups.statement ?? "",
    uri: groups.uri ?? "",
    version: groups.version ?? "",
    chainId: groups.chainId ?? "",
    nonce: groups.nonce ?? "",
    issuedAt,
    expiresAt,
  };
}

function wrongDomain(domain: string | undefined): MessageCheck {
  return {
    ok: false,
    problem: `This message was made for ${domain ?? "another site"}: complete the verification there, or start again here.`,
  };
}

const expired: MessageCheck = { ok: false, problem: "This message has expired. Start verification again and sign the new message." };
const notOurs: MessageCheck = { ok: false, problem: "This is not the message Chorus made for this wallet. Start verification again." };

/** Reads a stored EIP-4361 message back and checks that it names this site, this wallet, this nonce, and is current. */
export function checkEvmMessage(message: string, expected: ExpectedMessage): MessageCheck {
  const fields = parseSiweMessage(message);
  if (fields.domain !== expected.domain) return wrongDomain(fields.domain);
  if (fields.address === undefined || !isAddressEqual(fields.address, expected.address as `0x${string}`)) return notOurs;
  if (fields.nonce !== expected.nonce || fields.statement !== WALLET_STATEMENT || fields.chainId !== 1) return notOurs;
  if (fields.expirationTime === undefined || expected.now >= fields.expirationTime.getTime()) return expired;
  const valid = validateSiweMessage({
    message: fields,
    address: expected.address as `0x${string}`,
    domain: expected.domain,
    nonce: expected.nonce,
    time: new Date(expected.now),
  });
  return valid ? { ok: true } : notOurs;
}

/** The same checks for a stored Sign-In with Solana message. */
export function checkSolanaMessage(message: string, expected: ExpectedMessage): MessageCheck {
  const fields = parseSolanaSignInMessage(message);
  if (fields === null) return notOurs;
  if (fields.domain !== expected.domain) return wrongDomain(fields.domain);
  if (fields.address !== expected.address || fields.nonce !== expected.nonce) return notOurs;
  if (fields.statement !== WALLET_STATEMENT || fields.version !== "1" || fields.chainId !== SOLANA_CHAIN_ID) return notOurs;
  if (expected.now >= fields.expiresAt) return expired;
  return { ok: true };
}

export function checkMessage(type: WalletType, message: string, expected: ExpectedMessage): MessageCheck {
  return type === "evm" ? checkEvmMessage(message, expected) : checkSolanaMessage(message, expected);
}
