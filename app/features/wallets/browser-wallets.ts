import type { WalletType } from "@contracts/withdrawal-rules.ts";

/**
 * The wallets a browser extension injects into the page, used to sign the proof-of-ownership message there: an
 * EIP-1193 provider (`window.ethereum`: MetaMask, Rabby, Coinbase Wallet…) for EVM addresses, and a Solana provider
 * (`window.phantom.solana` or `window.solana`: Phantom, Solflare, Backpack…) for Solana addresses. Only wallet calls:
 * the signature is checked on the server, so no cryptography runs here.
 */

type Eip1193Provider = {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
  isMetaMask?: boolean;
};

type SolanaPublicKey = { toString(): string };
type SolanaProvider = {
  connect(): Promise<{ publicKey?: SolanaPublicKey } | undefined>;
  signMessage(message: Uint8Array, display?: "utf8" | "hex"): Promise<{ signature: Uint8Array } | Uint8Array>;
  publicKey?: SolanaPublicKey | null;
  isPhantom?: boolean;
};

export type InjectedWallet = {
  /** What the button says: "Sign with MetaMask". */
  name: string;
  /** Signs the message with the given address; resolves to the signature as the server reads it. */
  sign(address: string, message: string): Promise<string>;
};

/** A failure of the browser wallet, worded for a person. */
export class BrowserWalletError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BrowserWalletError";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (typeof value === "object" || typeof value === "function") && value !== null;
}

function isEip1193(value: unknown): value is Eip1193Provider {
  return isRecord(value) && typeof value.request === "function";
}

function isSolanaProvider(value: unknown): value is SolanaProvider {
  return isRecord(value) && typeof value.signMessage === "function" && typeof value.connect === "function";
}

function utf8Hex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The wallet's own words for a refusal, or ours when it has none; a rejection by the person is said plainly. */
function explain(error: unknown): BrowserWalletError {
  if (error instanceof BrowserWalletError) return error;
  const code = isRecord(error) ? error.code : undefined;
  if (code === 4001 || code === "ACTION_REJECTED") {
    return new BrowserWalletError(
      "You declined the request in your wallet. Try again, or sign the message elsewhere and paste the signature.",
    );
  }
  const message = isRecord(error) && typeof error.message === "string" && error.message !== "" ? error.message : null;
  return new BrowserWalletError(
    message === null
      ? "Your wallet could not sign the message. Try again, or sign it elsewhere and paste the signature."
      : `Your wallet says: ${message}`,
  );
}

function evmWallet(provider: Eip1193Provider): InjectedWallet {
  return {
    name: provider.isMetaMask ? "MetaMask" : "your browser wallet",
    async sign(address, message) {
      try {
        const accounts = await provider.request({ method: "eth_requestAccounts" });
        const list = Array.isArray(accounts) ? accounts.filter((account): account is string => typeof account === "string") : [];
        if (!list.some((account) => account.toLowerCase() === address.toLowerCase())) {
          throw new BrowserWalletError(
            list.length === 0
              ? `Your wallet shared no account. Unlock it, choose the account ${address} and try again.`
              : `Your wallet is connected with ${list[0] ?? ""}, not with ${address}. Switch to that account in your wallet and try again.`,
          );
        }
        const signature = await provider.request({ method: "personal_sign", params: [utf8Hex(message), address] });
        if (typeof signature !== "string") throw new BrowserWalletError("Your wallet answered without a signature. Try again.");
        return signature;
      } catch (error) {
        throw explain(error);
      }
    },
  };
}

function solanaWallet(provider: SolanaProvider): InjectedWallet {
  return {
    name: provider.isPhantom ? "Phantom" : "your Solana wallet",
    async sign(address, message) {
      try {
        const connected = await provider.connect();
        const publicKey = (connected?.publicKey ?? provider.publicKey)?.toString() ?? "";
        if (publicKey !== address) {
          throw new BrowserWalletError(
            publicKey === ""
              ? `Your wallet shared no account. Unlock it, choose the account ${address} and try again.`
              : `Your wallet is connected with ${publicKey}, not with ${address}. Switch to that account in your wallet and try again.`,
          );
        }
        const signed = await provider.signMessage(new TextEncoder().encode(message), "utf8");
        const signature = signed instanceof Uint8Array ? signed : signed.signature;
        if (!(signature instanceof Uint8Array)) throw new BrowserWalletError("Your wallet answered without a signature. Try again.");
        return toBase64(signature);
      } catch (error) {
        throw explain(error);
      }
    },
  };
}

/** The injected wallet that can sign for this type of address, or null (then the message is signed elsewhere). */
export function injectedWalletFor(type: WalletType): InjectedWallet | null {
  if (typeof window === "undefined") return null;
  const scope = window as unknown as Record<string, unknown>;
  if (type === "evm") return isEip1193(scope.ethereum) ? evmWallet(scope.ethereum) : null;
  const phantom = isRecord(scope.phantom) ? scope.phantom.solana : undefined;
  if (isSolanaProvider(phantom)) return solanaWallet(phantom);
  return isSolanaProvider(scope.solana) ? solanaWallet(scope.solana) : null;
}
