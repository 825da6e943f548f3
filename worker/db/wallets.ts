import { z } from "zod";
import { walletTypeSchema } from "../contracts/wallets.ts";
import { queryAll, queryFirst } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The tables `wallets` and `wallet_challenges` (migration 0006): a creator's addresses with proof of ownership, and
 * the one-time messages that prove it. Reads `withdrawals` only to know whether one of a wallet's withdrawals is
 * still in flight. docs/decisions/014-wallets.md.
 */

/** One wallet as stored. `removedAt` is set once the creator removed it; the row stays (withdrawals point at it). */
export type WalletRow = {
  id: string;
  userId: string;
  type: "evm" | "solana";
  address: string;
  currency: string;
  verifiedAt: number | null;
  removedAt: number | null;
  createdAt: number;
};

const walletRowSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    type: walletTypeSchema,
    address: z.string(),
    currency: z.string(),
    verified_at: z.number().int().nullable(),
    removed_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .transform((row): WalletRow => ({
    id: row.id,
    userId: row.user_id,
    type: row.type,
    address: row.address,
    currency: row.currency,
    verifiedAt: row.verified_at,
    removedAt: row.removed_at,
    createdAt: row.created_at,
  }));

const WALLET_COLUMNS = "id, user_id, type, address, currency, verified_at, removed_at, created_at";

/** The statuses of a withdrawal that is still moving money (held, or handed to the payout rail). */
const IN_FLIGHT = "'verifying', 'pending'";

export type NewWallet = {
  id: string;
  userId: string;
  type: "evm" | "solana";
  /** As shown and paid to: checksummed for EVM. */
  address: string;
  /** As compared for duplicates: lower case for EVM, as given for Solana. */
  addressKey: string;
  currency: string;
  createdAt: number;
};

/**
 * Adds a wallet, unverified; false when the user already has this address for this currency (not removed), which
 * the partial unique index `wallets_one_per_address` decides, so two requests at once cannot both add it.
 */
export async function insertWallet(db: Database, wallet: NewWallet): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO wallets (id, user_id, type, address, address_key, currency, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    )
    .bind(wallet.id, wallet.userId, wallet.type, wallet.address, wallet.addressKey, wallet.currency, wallet.createdAt)
    .run();
  return result.meta.changes > 0;
}

/**
 * One of the user's wallets, removed ones included (a withdrawal's history still names its wallet); null when there
 * is none with this id or it is someone else's. Withdrawals go only to a wallet with `verifiedAt` set and no
 * `removedAt`.
 */
export function findWallet(db: Database, userId: string, walletId: string): Promise<WalletRow | null> {
  return queryFirst(
    db.prepare(`SELECT ${WALLET_COLUMNS} FROM wallets WHERE id = ? AND user_id = ?`).bind(walletId, userId),
    walletRowSchema,
  );
}

/** The user's wallets that are not removed, oldest first; of one currency when given. */
export function listWallets(db: Database, userId: string, currency?: string): Promise<WalletRow[]> {
  const statement =
    currency === undefined
      ? db.prepare(`SELECT ${WALLET_COLUMNS} FROM wallets WHERE user_id = ? AND removed_at IS NULL ORDER BY created_at, id`).bind(userId)
      : db
          .prepare(
            `SELECT ${WALLET_COLUMNS} FROM wallets WHERE user_id = ? AND removed_at IS NULL AND currency = ? ORDER BY created_at, id`,
          )
          .bind(userId, currency);
  return queryAll(statement, walletRowSchema);
}

const countSchema = z.object({ count: z.number().int() });

/** How many of the wallet's withdrawals are in flight (`verifying` or `pending`). */
export async function countWithdrawalsInFlight(db: Database, walletId: string): Promise<number> {
  const row = await queryFirst(
    db.prepare(`SELECT COUNT(*) AS count FROM withdrawals WHERE wallet_id = ? AND status IN (${IN_FLIGHT})`).bind(walletId),
    countSchema,
  );
  return row?.count ?? 0;
}

/**
 * Removes one of the user's wallets (soft: `removed_at` is set) unless a withdrawal to it is in flight, in one
 * statement, so a withdrawal requested at the same moment cannot slip between the check and the removal. True when
 * it was removed; false when it was not (not the user's, already removed, or a withdrawal in flight).
 */
export async function removeWalletUnlessInFlight(db: Database, userId: string, walletId: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE wallets SET removed_at = ?
       WHERE id = ? AND user_id = ? AND removed_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM withdrawals WHERE wallet_id = wallets.id AND status IN (${IN_FLIGHT}))`,
    )
    .bind(now, walletId, userId)
    .run();
  return result.meta.changes > 0;
}

/** A one-time message to sign, as stored. */
export type WalletChallengeRow = {
  nonce: string;
  walletId: string;
  userId: string;
  message: string;
  expiresAt: number;
  spentAt: number | null;
  createdAt: number;
};

const challengeRowSchema = z
  .object({
    nonce: z.string(),
    wallet_id: z.string(),
    user_id: z.string(),
    message: z.string(),
    expires_at: z.number().int(),
    spent_at: z.number().int().nullable(),
    created_at: z.number().int(),
  })
  .transform((row): WalletChallengeRow => ({
    nonce: row.nonce,
    walletId: row.wallet_id,
    userId: row.user_id,
    message: row.message,
    expiresAt: row.expires_at,
    spentAt: row.spent_at,
    createdAt: row.created_at,
  }));

const CHALLENGE_COLUMNS = "nonce, wallet_id, user_id, message, expires_at, spent_at, created_at";

export async function insertChallenge(db: Database, challenge: Omit<WalletChallengeRow, "spentAt">): Promise<void> {
  await db
    .prepare(`INSERT INTO wallet_challenges (nonce, wallet_id, user_id, message, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(challenge.nonce, challenge.walletId, challenge.userId, challenge.message, challenge.expiresAt, challenge.createdAt)
    .run();
}

/** The challenge with this nonce for this wallet of this user; null for any other. */
export function findChallenge(db: Database, userId: string, walletId: string, nonce: string): Promise<WalletChallengeRow | null> {
  return queryFirst(
    db
      .prepare(`SELECT ${CHALLENGE_COLUMNS} FROM wallet_challenges WHERE nonce = ? AND wallet_id = ? AND user_id = ?`)
      .bind(nonce, walletId, userId),
    challengeRowSchema,
  );
}

/** The wallet's most recent challenge, spent or not. */
export function latestChallenge(db: Database, userId: string, walletId: string): Promise<WalletChallengeRow | null> {
  return queryFirst(
    db
      .prepare(
        `SELECT ${CHALLENGE_COLUMNS} FROM wallet_challenges WHERE wallet_id = ? AND user_id = ?
         ORDER BY created_at DESC, rowid DESC LIMIT 1`,
      )
      .bind(walletId, userId),
    challengeRowSchema,
  );
}

/**
 * Spends the challenge and marks its wallet verified, in one transaction: both happen only while the challenge is
 * unspent and unexpired and the wallet not removed, so two completions at once verify once and the second is told
 * the message was used. False when nothing changed. A wallet verified before keeps its first `verified_at`.
 */
export async function spendChallengeAndVerify(
  db: Database,
  challenge: { nonce: string; walletId: string; userId: string },
  now: number,
): Promise<boolean> {
  const usable = `EXISTS (SELECT 1 FROM wallet_challenges c WHERE c.nonce = ? AND c.wallet_id = ? AND c.user_id = ?
                    AND c.spent_at IS NULL AND c.expires_at > ?)`;
  const usableParams = [challenge.nonce, challenge.walletId, challenge.userId, now];
  const [verified, spent] = await db.batch([
    db
      .prepare(
        `UPDATE wallets SET verified_at = COALESCE(verified_at, ?) WHERE id = ? AND user_id = ? AND removed_at IS NULL AND ${usable}`,
      )
      .bind(now, challenge.walletId, challenge.userId, ...usableParams),
    db
      .prepare(
        `UPDATE wallet_challenges SET spent_at = ?
         WHERE nonce = ? AND spent_at IS NULL AND expires_at > ?
           AND EXISTS (SELECT 1 FROM wallets w WHERE w.id = wallet_challenges.wallet_id AND w.removed_at IS NULL)`,
      )
      .bind(now, challenge.nonce, now),
  ]);
  return (verified?.meta.changes ?? 0) > 0 && (spent?.meta.changes ?? 0) > 0;
}
