import { z } from "zod/mini";
import { WALLET_CURRENCIES, WALLET_TYPES } from "./withdrawal-rules.ts";

/**
 * Wallets: where withdrawals go (PRODUCT.md "Money", docs/decisions/014-wallets.md). The shapes both sides see:
 * the API's answers, the bodies it accepts, and the vocabulary of wallet types. Pure: no cryptography here (the
 * browser imports this file); the address rules and signature checks are in worker/domain/wallets/.
 */

export const walletTypeSchema = z.enum(WALLET_TYPES, { error: "must be one of: evm, solana" });

/** How long a message to sign stays valid. */
export const WALLET_CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** The words a person signs: the same for both types (EIP-4361's statement, and its Solana equivalent's). */
export const WALLET_STATEMENT = "Prove that you own this wallet to receive Chorus withdrawals.";

/** One type of wallet as `GET /v1/wallet/type` describes it. */
export const walletTypeInfoSchema = z.object({
  type: walletTypeSchema,
  label: z.string(),
  /** What an address of this type looks like, in words. */
  addressHint: z.string(),
  /** An example to show as a placeholder. */
  addressExample: z.string(),
  currencies: z.array(z.string()),
});
export type WalletTypeInfo = z.infer<typeof walletTypeInfoSchema>;

export const walletTypesSchema = z.object({ data: z.array(walletTypeInfoSchema) });
export type WalletTypes = z.infer<typeof walletTypesSchema>;

export const walletTypeInfos: readonly WalletTypeInfo[] = [
  {
    type: "evm",
    label: "EVM address",
    addressHint: "0x followed by 40 hexadecimal characters, as your wallet shows it (Ethereum, Base, Arbitrum, Polygon…).",
    addressExample: "0x52908400098527886E0F7030069857D2E4169EE7",
    currencies: [...WALLET_CURRENCIES.evm],
  },
  {
    type: "solana",
    label: "Solana address",
    addressHint: "32 to 44 base58 characters (letters and digits without 0, O, I and l), as your Solana wallet shows it.",
    addressExample: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
    currencies: [...WALLET_CURRENCIES.solana],
  },
];

/** Ids are made by `addWallet`: `wal_` and a UUID. */
export const walletIdSchema = z
  .string({ error: "is required" })
  .check(z.regex(/^wal_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "must be a wallet id (wal_ and a UUID)"));

/** A currency code as a person may type it: letters, any case (stored in capitals). */
const currencyCodeSchema = z.pipe(
  z.string({ error: "is required" }).check(z.trim(), z.regex(/^[A-Za-z]{2,12}$/, "must be a currency code such as USDC")),
  z.transform((code) => code.toUpperCase()),
);

/** One wallet as the API returns it. Times are UTC milliseconds. */
export const walletSchema = z.object({
  id: z.string(),
  type: walletTypeSchema,
  /** As stored: EIP-55 checksummed for EVM, base58 as given for Solana. */
  address: z.string(),
  currency: z.string(),
  /** Only a verified wallet receives withdrawals. */
  verified: z.boolean(),
  verifiedAt: z.nullable(z.number().check(z.int())),
  createdAt: z.number().check(z.int()),
});
export type Wallet = z.infer<typeof walletSchema>;

/** `GET /v1/wallet?currency=`: the user's wallets that are not removed, oldest first. */
export const walletListSchema = z.object({ data: z.array(walletSchema) });
export type WalletList = z.infer<typeof walletListSchema>;

export const walletListQuerySchema = z.object({
  currency: z.pipe(
    z.transform((value) => (value === "" ? undefined : value)),
    z.optional(currencyCodeSchema),
  ),
});

/** `POST /v1/wallet`. */
export const addWalletBodySchema = z.object({
  type: walletTypeSchema,
  address: z
    .string({ error: "is required" })
    .check(z.trim(), z.minLength(1, "is required"), z.maxLength(200, "is too long to be an address")),
  currency: currencyCodeSchema,
});
export type AddWalletBody = z.input<typeof addWalletBodySchema>;

/** `POST /v1/wallet/start-verification`. */
export const startVerificationBodySchema = z.object({ walletId: walletIdSchema });
export type StartVerificationBody = z.input<typeof startVerificationBodySchema>;

/** The one-time message to sign: EIP-4361 (Sign-In with Ethereum) for EVM, Sign-In with Solana for Solana. */
export const walletChallengeSchema = z.object({
  walletId: z.string(),
  message: z.string(),
  nonce: z.string(),
  expiresAt: z.number().check(z.int()),
});
export type WalletChallenge = z.infer<typeof walletChallengeSchema>;

/**
 * `POST /v1/wallet/complete-verification`. Without `nonce`, the wallet's latest message is meant. The signature:
 * EVM 0x and hexadecimal (personal_sign); Solana base58 or base64 of the 64 bytes (signMessage).
 */
export const completeVerificationBodySchema = z.object({
  walletId: walletIdSchema,
  nonce: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9]{8,64}$/, "must be the nonce of the message (letters and digits)"))),
  signature: z
    .string({ error: "is required" })
    .check(z.trim(), z.minLength(1, "is required"), z.maxLength(400, "is too long to be a signature")),
});
export type CompleteVerificationBody = z.input<typeof completeVerificationBodySchema>;
