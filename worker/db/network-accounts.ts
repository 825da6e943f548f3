import { z } from "zod";
import type { Database } from "../database.ts";
import { networks } from "../contracts/networks/rules.ts";
import { queryAll, queryFirst } from "./query.ts";

/** Accounts on networks linked to Chorus users (migration 0040): Bluesky's, and X accounts linked after signing up another way (for their handle; X's own id stays in users.x_user_id). */
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
 * A Chorus user for a person who signs in with a network account and has none yet: a creator. `users.x_user_id` is
 * required by the schema (migration 0001) and names an X account; a person without one gets a value no X id can
 * take (`<network>:<subject>`), replaced when they link X (docs/decisions/042-bluesky.md).
 */
export async function createUserForNetworkAccount(
  db: Database,
  account: { network: string; subject: string; handle: string; name: string; avatarUrl: string | null },
  now: number,
): Promise<string> {
  const userId = `user-${crypto.randomUUID()}`;
  await db.batch([
    db
      .prepare(`INSERT INTO users (id, x_user_id, handle, name, avatar_url, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
      .bind(userId, `${account.network}:${account.subject}`, account.handle, account.name, account.avatarUrl, now, now),
    db.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, 'creator')`).bind(userId),
    db
      .prepare(`INSERT INTO network_accounts (network, subject, user_id, handle, linked_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`)
      .bind(account.network, account.subject, userId, account.handle, now, now),
  ]);
  return userId;
}

const linkedAccountSchema = z.object({ network: z.enum(networks), handle: z.string() });

/**
 * The user's accounts on networks, one per network: X's is users.x_user_id unless it is the stand-in of a user made
 * through another network (its handle: the one X showed when it was linked, else the user's own, from signing in
 * with X); the others are rows of network_accounts.
 */
export function listLinkedAccounts(db: Database, userId: string): Promise<z.infer<typeof linkedAccountSchema>[]> {
  return queryAll(
    db
      .prepare(
        `SELECT 'x' AS network,
           COALESCE((SELECT handle FROM network_accounts WHERE network = 'x' AND user_id = users.id), users.handle) AS handle
         FROM users WHERE users.id = ?1 AND instr(users.x_user_id, ':') = 0
         UNION ALL
         SELECT network, handle FROM network_accounts WHERE user_id = ?1 AND network != 'x'`,
      )
      .bind(userId),
    linkedAccountSchema,
  );
}
