import { ed25519 } from "@noble/curves/ed25519.js";
import { base58, base64, base64nopad, base64url, base64urlnopad } from "@scure/base";
import { recoverMessageAddress, verifyMessage } from "viem/utils";
import type { WalletType } from "../../contracts/withdrawal-rules.ts";

/**
 * Signature checks, by well-kept libraries only (docs/decisions/014-wallets.md):
 * - EVM: an EIP-191 `personal_sign` signature of the message's text (what MetaMask and every EVM wallet make),
 *   checked by viem's `verifyMessage` (secp256k1 recovery with @noble/curves). `0x` and 130 hexadecimal characters
 *   (or 128, EIP-2098's compact form); the `0x` may be left out. Only keys (externally owned accounts): a
 *   smart-contract wallet (ERC-1271) would need a call to a chain node.
 * - Solana: an ed25519 signature of the message's UTF-8 bytes (what `signMessage` of Phantom, Solflare, Backpack
 *   and the wallet standard make), checked by @noble/curves' `ed25519.verify` in its strict RFC 8032 mode. The 64
 *   bytes in base58 or in base64 (standard or URL alphabet, padded or not): every reading that gives 64 bytes is
 *   tried, so a string valid in both alphabets is still read right.
 */

export type SignatureCheck = { ok: true } | { ok: false; malformed: boolean; problem: string };

const EVM_SIGNATURE = /^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;
const ED25519_SIGNATURE_BYTES = 64;

export async function checkEvmSignature(address: string, message: string, signatureText: string): Promise<SignatureCheck> {
  const trimmed = signatureText.trim();
  const signature = /^0x/i.test(trimmed) ? `0x${trimmed.slice(2)}` : `0x${trimmed}`;
  if (!EVM_SIGNATURE.test(signature)) {
    return {
      ok: false,
      malformed: true,
      problem: "An EVM signature is 0x followed by 130 hexadecimal characters. Copy the whole signature your wallet made.",
    };
  }
  const hex = signature as `0x${string}`;
  // A signature that cannot be recovered at all (a bad recovery byte, say) is simply not this address's.
  const valid = await verifyMessage({ address: address as `0x${string}`, message, signature: hex }).catch(() => false);
  if (valid) return { ok: true };
  const signer: string | null = await recoverMessageAddress({ message, signature: hex }).catch(() => null);
  return {
    ok: false,
    malformed: false,
    problem:
      signer === null
        ? "This signature is not valid. Sign the exact message shown, with the wallet of this address."
        : `This signature was made by ${signer}, not by this wallet's address. Sign the exact message shown, with the account ${address}.`,
  };
}

/** Every reading of the text as 64 bytes: base58, then each base64 variant. */
export function solanaSignatureCandidates(signatureText: string): Uint8Array[] {
  const text = signatureText.trim();
  const candidates: Uint8Array[] = [];
  for (const coder of [base58, base64, base64nopad, base64url, base64urlnopad]) {
    try {
      const bytes = coder.decode(text);
      if (bytes.length === ED25519_SIGNATURE_BYTES && !candidates.some((known) => sameBytes(known, bytes))) candidates.push(bytes);
    } catch {
      // Not this encoding.
    }
  }
  return candidates;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

export function checkSolanaSignature(address: string, message: string, signatureText: string): SignatureCheck {
  const candidates = solanaSignatureCandidates(signatureText);
  if (candidates.length === 0) {
    return {
      ok: false,
      malformed: true,
      problem: "A Solana signature is 64 bytes, written in base58 (about 88 characters) or base64 (88 characters ending in ==).",
    };
  }
  let publicKey: Uint8Array;
  try {
    publicKey = base58.decode(address);
  } catch {
    return { ok: false, malformed: false, problem: "This wallet's address cannot be read. Remove it and add it again." };
  }
  const bytes = new TextEncoder().encode(message);
  const valid = candidates.some((signature) => {
    try {
      return ed25519.verify(signature, bytes, publicKey, { zip215: false });
    } catch {
      return false;
    }
  });
  return valid
    ? { ok: true }
    : {
        ok: false,
        malformed: false,
        problem: `This signature does not match. Sign the exact message shown, with the wallet of address ${address}.`,
      };
}

export function checkSignature(type: WalletType, address: string, message: string, signatureText: string): Promise<SignatureCheck> {
  return type === "evm"
    ? checkEvmSignature(address, message, signatureText)
    : Promise.resolve(checkSolanaSignature(address, message, signatureText));
}
