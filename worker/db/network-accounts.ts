import { z } from "zod";
import type { Database } from "../database.ts";
import { networks } from "../contracts/networks/rules.ts";
import { queryAll, queryFirst } from "./query.ts";
import { signupAccountOf } from "./users.ts";

/**
 * A person's accounts on networks (migrations 0040 and 0070): every account a Chorus user signs in with or publishes
 * through, one per user and network, one user per account. `subject` is the account's lasting id on its network.
 */
const networkAccountSchema = z
  .object({ network: z.string(), subject: z.string(), user_id: z.string(), handle: z.string(), linked_at: z.number() })
  .transform((row) => ({ network: row.network, subject: row.subject, userId: row.user_id, handle: row.handle, linkedAt: row.linked_at }));
export type NetworkAccountRow = z.infer<typeof networkAccountSchema>;

export function findNetworkAccountBySubject(db: Database, network: string, subject: string): Promise<NetworkAccountRow | null> {
  return queryFirst(
    db.prepare(`SELECT * FROM network_accounts WHERE network = ? AND subject = ?`).bind(network, subject),
    networkAccountSchema,
  );
}

export function findNetworkAccountOfUser(db: Database, network: string, userId: string): Promise<NetworkAccountRow | null> {
  return queryFirst(
    db.prepare(`SELECT * FROM network_accounts WHERE network = ? AND user_id = ?`).bind(network, userId),
    networkAccountSchema,
  );
}

/**
 * The user whose account on `network` has this handle (any case), or null: whom an invitation for that handle names.
 * Uses `network_accounts_by_handle`.
 */
export async function findUserIdByNetworkHandle(db: Database, network: string, handle: string): Promise<string | null> {
  const row = await queryFirst(
    db.prepare(`SELECT user_id FROM network_accounts WHERE network = ? AND handle = ? COLLATE NOCASE LIMIT 1`).bind(network, handle),
    z.object({ user_id: z.string() }),
  );
  return row?.user_id ?? null;
}

/**
 * Links an account to a user: a new link, or the same account's handle refreshed. Refused (returns false) when the
 * account belongs to another user or the user has another account on that network.
 */
export async function linkNetworkAccount(
  db: Database,
  account: { network: string; subject: string; userId: string; handle: string },
  now: number,
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO network_accounts (network, subject, user_id, handle, linked_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?5)
       ON CONFLICT (network, subject) DO UPDATE SET handle = excluded.handle, updated_at = excluded.updated_at
         WHERE network_accounts.user_id = excluded.user_id`,
    )
    .bind(account.network, account.subject, account.userId, account.handle, now)
    .run()
    .catch((error: unknown) => {
      // The unique (user_id, network) index: the user already has another account on this network.
      if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) return null;
      throw error;
    });
  return result !== null && result.meta.changes === 1;
}

/**
 * A Chorus user for a person who signs in with a network account and has none yet: a creator, whose sign-up account
 * (`users.signup_account`, `<network>:<subject>`) it is.
 */
export async function createUserForNetworkAccount(db: Database, account: NetworkAccountProfile, now: number): Promise<string> {
  const userId = `user-${crypto.randomUUID()}`;
  await db.batch([
    db
      .prepare(`INSERT INTO users (id, signup_account, handle, name, avatar_url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .bind(userId, signupAccountOf(account), account.handle, account.name, account.avatarUrl, now, now),
    db.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'creator')`).bind(userId),
    db
      .prepare(`INSERT INTO network_accounts (network, subject, user_id, handle, linked_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`)
      .bind(account.network, account.subject, userId, account.handle, now, now),
  ]);
  return userId;
}

/** An account as the network showed it at sign-in. */
export type NetworkAccountProfile = { network: string; subject: string; handle: string; name: string; avatarUrl: string | null };

/**
 * Signs a person in with a network account: the user it belongs to, with the handle refreshed (and the user's own
 * handle, name and avatar when it is the account they signed up with: the profile shows that one), holding the
 * creator role as every sign-in does; or a new creator when nobody has the account yet.
 */
export async function signInWithNetworkAccount(
  db: Database,
  account: NetworkAccountProfile,
  now: number,
): Promise<{ userId: string; created: boolean }> {
  const existing = await findNetworkAccountBySubject(db, account.network, account.subject);
  if (existing === null) return { userId: await createUserForNetworkAccount(db, account, now), created: true };
  await db.batch([
    db
      .prepare(`UPDATE network_accounts SET handle = ?, updated_at = ? WHERE network = ? AND subject = ?`)
      .bind(account.handle, now, account.network, account.subject),
    db
      .prepare(`UPDATE users SET handle = ?, name = ?, avatar_url = ?, updated_at = ? WHERE id = ? AND signup_account = ?`)
      .bind(account.handle, account.name, account.avatarUrl, now, existing.userId, signupAccountOf(account)),
    db.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'creator') ON CONFLICT DO NOTHING`).bind(existing.userId),
  ]);
  return { userId: existing.userId, created: false };
}

const linkedAccountSchema = z.object({ network: z.enum(networks), handle: z.string() });

/** The user's accounts on networks, one per network, in the order of `networks`. */
export async function listLinkedAccounts(db: Database, userId: string): Promise<z.infer<typeof linkedAccountSchema>[]> {
  const accounts = await queryAll(
    db.prepare(`SELECT network, handle FROM network_accounts WHERE user_id = ?`).bind(userId),
    linkedAccountSchema,
  );
  return accounts.sort((a, b) => networks.indexOf(a.network) - networks.indexOf(b.network));
}
