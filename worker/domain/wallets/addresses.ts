import { ed25519 } from "@noble/curves/ed25519.js";
import { base58 } from "@scure/base";
import { getAddress, isAddress } from "viem/utils";
import type { WalletType } from "../../contracts/withdrawal-rules.ts";

/**
 * The address rules of each wallet type (docs/decisions/014-wallets.md):
 * - EVM: `0x` and 40 hexadecimal characters. A mixed-case address must carry a correct EIP-55 checksum (a typo
 *   in it is caught); an all-lowercase (or all-uppercase) one has none and is accepted. Stored checksummed,
 *   compared in lower case. The zero address, which nobody owns, is refused.
 * - Solana: a base58 string decoding to exactly 32 bytes that are a point of the ed25519 curve (and not one of its
 *   few small-order points): only such an address has a private key that can sign the proof of ownership. A
 *   program-derived address is off the curve and refused here rather than failing at verification. Stored and
 *   compared as given (base58 is case-sensitive).
 */

export type NormalizedAddress = {
  /** As shown and paid to. */
  address: string;
  /** As compared for duplicates. */
  addressKey: string;
};

export type AddressCheck = { ok: true; value: NormalizedAddress } | { ok: false; problem: string };

const SOLANA_ADDRESS_BYTES = 32;
const BASE58_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]+$/;
const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

function looksLikeEvm(text: string): boolean {
  return /^0x[0-9a-fA-F]+$/i.test(text);
}

export function checkEvmAddress(input: string): AddressCheck {
  const text = input.trim();
  if (text === "") return { ok: false, problem: "Enter the address." };
  if (/^[0-9a-fA-F]{40}$/.test(text)) return { ok: false, problem: "An EVM address starts with 0x: add it in front." };
  if (!text.startsWith("0x") && BASE58_ALPHABET.test(text) && text.length >= 32 && text.length <= 44) {
    return { ok: false, problem: "This looks like a Solana address. Choose “Solana address” as the type, or enter an EVM address (0x…)." };
  }
  if (!text.startsWith("0x")) return { ok: false, problem: "An EVM address starts with 0x, followed by 40 hexadecimal characters." };
  const body = text.slice(2);
  const stray = /[^0-9a-fA-F]/.exec(body);
  if (stray !== null) {
    return { ok: false, problem: `“${stray[0]}” is not a hexadecimal character: an EVM address uses only 0–9 and a–f after 0x.` };
  }
  if (body.length !== 40) {
    return {
      ok: false,
      problem: `An EVM address has 40 hexadecimal characters after 0x; this one has ${body.length}. Check that you copied all of it.`,
    };
  }
  if (!EVM_SHAPE.test(text) || !isAddress(text, { strict: false })) {
    return { ok: false, problem: "An EVM address is 0x followed by 40 hexadecimal characters." };
  }
  const checksummed = getAddress(text);
  const hasChecksum = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (hasChecksum && checksummed !== text) {
    return {
      ok: false,
      problem:
        "The upper- and lower-case letters of this address do not match its EIP-55 checksum, so it probably has a typo. Copy it again from your wallet.",
    };
  }
  if (/^0x0{40}$/.test(text)) return { ok: false, problem: "This is the zero address, which nobody owns: anything sent to it is lost." };
  return { ok: true, value: { address: checksummed, addressKey: checksummed.toLowerCase() } };
}

export function checkSolanaAddress(input: string): AddressCheck {
  const text = input.trim();
  if (text === "") return { ok: false, problem: "Enter the address." };
  if (looksLikeEvm(text) && text.length === 42) {
    return { ok: false, problem: "This looks like an EVM address. Choose “EVM address” as the type, or enter a Solana address." };
  }
  if (!BASE58_ALPHABET.test(text)) {
    const stray = [...text].find((character) => !BASE58_ALPHABET.test(character)) ?? "";
    return {
      ok: false,
      problem: `“${stray}” is not a base58 character: a Solana address uses letters and digits except 0, O, I and l.`,
    };
  }
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    return { ok: false, problem: "This is not a valid base58 string. Copy the address again from your wallet." };
  }
  if (bytes.length !== SOLANA_ADDRESS_BYTES) {
    return {
      ok: false,
      problem: `A Solana address is 32 bytes (32 to 44 base58 characters); this one decodes to ${bytes.length} bytes. Check that you copied all of it.`,
    };
  }
  if (!isSigningKey(bytes)) {
    return {
      ok: false,
      problem:
        "This address is not a wallet's own key (it is off the ed25519 curve, like a program-derived or token account address), so it cannot sign the proof of ownership. Enter your wallet's address.",
    };
  }
  return { ok: true, value: { address: text, addressKey: text } };
}

/** Whether 32 bytes are an ed25519 public key that can sign: a canonical point of the curve, not of small order. */
function isSigningKey(bytes: Uint8Array): boolean {
  try {
    return !ed25519.Point.fromBytes(bytes, false).isSmallOrder();
  } catch {
    return false;
  }
}

export function checkAddress(type: WalletType, input: string): AddressCheck {
  return type === "evm" ? checkEvmAddress(input) : checkSolanaAddress(input);
}
