import type { Capabilities } from "../../capabilities.ts";
import { AppError, type FieldError } from "../../contracts/errors.ts";
import { currencyDecimals } from "../../contracts/currencies.ts";
import {
  WALLET_CHALLENGE_TTL_MS,
  walletTypeInfos,
  type Wallet,
  type WalletChallenge,
  type WalletTypeInfo,
} from "../../contracts/wallets.ts";
import {
  findChallenge,
  findWallet,
  insertChallenge,
  insertWallet,
  latestChallenge,
  listWallets,
  countWithdrawalsInFlight,
  removeWalletUnlessInFlight,
  spendChallengeAndVerify,
  type WalletRow,
} from "../../db/wallets.ts";
import { hex } from "../../security/encoding.ts";
import { checkAddress } from "./addresses.ts";
import { checkMessage, signInMessage } from "./messages.ts";
import { checkSignature } from "./signatures.ts";
import { WALLET_CURRENCIES, type WalletType } from "../../contracts/withdrawal-rules.ts";
import type { Database } from "../../database.ts";

/**
 * Wallets with proof of ownership (PRODUCT.md "Money", docs/decisions/014-wallets.md): add an address for a
 * currency → start verification (a one-time message to sign) → complete verification (the signature, checked
 * here) → verified. Only verified wallets receive withdrawals; one with a withdrawal in flight cannot be removed.
 */

type Deps = Pick<Capabilities, "db" | "clock">;

/** Where the request came from: the message to sign names this site, and is accepted only back on it. */
export type Site = { domain: string; uri: string };

const typeLabels: Record<WalletType, string> = { evm: "EVM address", solana: "Solana address" };
const withArticle: Record<WalletType, string> = { evm: "An EVM address", solana: "A Solana address" };

export function toWallet(row: WalletRow): Wallet {
  return {
    id: row.id,
    type: row.type,
    address: row.address,
    currency: row.currency,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt,
    createdAt: row.createdAt,
  };
}

/** The wallet types and the currencies each can receive (`GET /v1/wallet/type`). */
export function walletTypes(): WalletTypeInfo[] {
  return walletTypeInfos.map((info) => ({ ...info, currencies: [...info.currencies] }));
}

function listOf(values: readonly string[]): string {
  return values.length <= 1 ? (values[0] ?? "") : `${values.slice(0, -1).join(", ")} or ${values.at(-1) ?? ""}`;
}

/** The problem with the currency for this type, in words; null when it can receive it. */
export function currencyProblem(type: WalletType, currency: string): string | null {
  const accepted = WALLET_CURRENCIES[type];
  if (accepted.includes(currency)) return null;
  const label = withArticle[type];
  if (!(currency in currencyDecimals))
    return `${currency} is not a currency Chorus pays rewards in. ${label} can receive ${listOf(accepted)}.`;
  return `${label} cannot receive ${currency}: choose ${listOf(accepted)}.`;
}

/** Adds a wallet, unverified. A bad address or currency is a 400 naming each field; the same one twice a 409. */
export async function addWallet(
  { db, clock }: Deps,
  userId: string,
  input: { type: WalletType; address: string; currency: string },
): Promise<Wallet> {
  const address = checkAddress(input.type, input.address);
  const currency = currencyProblem(input.type, input.currency);
  const detail: FieldError[] = [];
  if (!address.ok) detail.push({ loc: ["body", "address"], msg: address.problem });
  if (currency !== null) detail.push({ loc: ["body", "currency"], msg: currency });
  if (!address.ok || currency !== null) {
    const code = address.ok ? "unsupported_currency" : "invalid_address";
    throw new AppError(400, code, detail.map((field) => field.msg).join(" "), detail);
  }
  const row: WalletRow = {
    id: `wal_${crypto.randomUUID()}`,
    userId,
    type: input.type,
    address: address.value.address,
    currency: input.currency,
    verifiedAt: null,
    removedAt: null,
    createdAt: clock.now(),
  };
  const added = await insertWallet(db, { ...row, addressKey: address.value.addressKey });
  if (!added) {
    const message = `You already added this ${typeLabels[input.type]} for ${input.currency}.`;
    throw new AppError(409, "duplicate_wallet", message, [{ loc: ["body", "address"], msg: message }]);
  }
  return toWallet(row);
}

/** The user's wallets that are not removed, oldest first; of one currency when given. */
export async function userWallets({ db }: Pick<Deps, "db">, userId: string, currency?: string): Promise<Wallet[]> {
  return (await listWallets(db, userId, currency)).map(toWallet);
}

const walletNotFound = () => new AppError(404, "not_found", "This wallet does not exist. Reload the page to see your wallets.");

/** One of the user's wallets that is not removed; 404 otherwise (someone else's answers like a missing one). */
async function liveWallet(db: Database, userId: string, walletId: string): Promise<WalletRow> {
  const wallet = await findWallet(db, userId, walletId);
  if (wallet === null || wallet.removedAt !== null) throw walletNotFound();
  return wallet;
}

/** Removes a wallet (soft: its row stays for the withdrawals that name it); refused while a withdrawal to it is in flight. */
export async function removeWallet({ db, clock }: Deps, userId: string, walletId: string): Promise<void> {
  if (await removeWalletUnlessInFlight(db, userId, walletId, clock.now())) return;
  await liveWallet(db, userId, walletId);
  const inFlight = await countWithdrawalsInFlight(db, walletId);
  if (inFlight > 0) {
    throw new AppError(
      409,
      "withdrawal_in_flight",
      `This wallet cannot be removed while ${inFlight === 1 ? "a withdrawal to it is" : `${inFlight} withdrawals to it are`} in progress. Cancel ${inFlight === 1 ? "it" : "them"} or wait until ${inFlight === 1 ? "it is" : "they are"} completed, then remove the wallet.`,
    );
  }
  // Neither missing nor in flight: it changed between the two reads (a withdrawal ended). Try once more.
  if (!(await removeWalletUnlessInFlight(db, userId, walletId, clock.now()))) throw walletNotFound();
}

function randomNonce(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}

/** A one-time message to sign for the wallet, valid for 10 minutes (`POST /v1/wallet/start-verification`). */
export async function startVerification({ db, clock }: Deps, userId: string, walletId: string, site: Site): Promise<WalletChallenge> {
  const wallet = await liveWallet(db, userId, walletId);
  if (wallet.verifiedAt !== null)
    throw new AppError(409, "already_verified", "This wallet is already verified: it can receive withdrawals.");
  const now = clock.now();
  const nonce = randomNonce();
  const expiresAt = now + WALLET_CHALLENGE_TTL_MS;
  const message = signInMessage(wallet.type, { ...site, address: wallet.address, nonce, issuedAt: now, expiresAt });
  await insertChallenge(db, { nonce, walletId, userId, message, expiresAt, createdAt: now });
  return { walletId, message, nonce, expiresAt };
}

const startAgain = "Start verification again to get a new message to sign.";

/**
 * Checks the signature of the wallet's message and marks the wallet verified (`POST /v1/wallet/complete-verification`).
 * The message is the one with `nonce`, or the wallet's latest. A message is used once (a replay is a 409), expires
 * after 10 minutes (410), and must come back to the site it names; a wrong signature (400 naming `signature`) leaves
 * the message usable, so the person can sign again.
 */
export async function completeVerification(
  { db, clock }: Deps,
  userId: string,
  input: { walletId: string; nonce?: string | undefined; signature: string },
  site: Pick<Site, "domain">,
): Promise<Wallet> {
  const wallet = await liveWallet(db, userId, input.walletId);
  const challenge =
    input.nonce === undefined ? await latestChallenge(db, userId, wallet.id) : await findChallenge(db, userId, wallet.id, input.nonce);
  if (challenge === null) {
    if (input.nonce !== undefined) {
      const message = `No message with this nonce was made for this wallet. ${startAgain}`;
      throw new AppError(400, "unknown_nonce", message, [{ loc: ["body", "nonce"], msg: message }]);
    }
    throw new AppError(409, "no_challenge", "Start verification first: it gives you the message to sign.");
  }
  if (challenge.spentAt !== null) throw new AppError(409, "challenge_used", `This message was already used. ${startAgain}`);
  const now = clock.now();
  if (now >= challenge.expiresAt) {
    throw new AppError(410, "challenge_expired", `This message expired: messages are valid for 10 minutes. ${startAgain}`);
  }
  const message = checkMessage(wallet.type, challenge.message, {
    domain: site.domain,
    address: wallet.address,
    nonce: challenge.nonce,
    now,
  });
  if (!message.ok) throw new AppError(400, "message_mismatch", message.problem);
  const signature = await checkSignature(wallet.type, wallet.address, challenge.message, input.signature);
  if (!signature.ok) {
    throw new AppError(400, signature.malformed ? "invalid_signature" : "signature_mismatch", signature.problem, [
      { loc: ["body", "signature"], msg: signature.problem },
    ]);
  }
  if (!(await spendChallengeAndVerify(db, challenge, now))) {
    throw new AppError(409, "challenge_used", `This message was just used, or the wallet was removed. ${startAgain}`);
  }
  return toWallet(await liveWallet(db, userId, wallet.id));
}
