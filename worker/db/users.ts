import { z } from "zod";
import { networkSchema, type Network } from "../contracts/networks/rules.ts";
import { userRoleSchema, type UserRole } from "../contracts/vocabulary.ts";
import { firstRow, mapQuery, queryAll, queryFirst, runBatch, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

export const userSchema = z
  .object({
    id: z.string(),
    signup_account: z.string(),
    handle: z.string(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    created_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    signupAccount: row.signup_account,
    handle: row.handle,
    name: row.name,
    avatarUrl: row.avatar_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
export type User = z.infer<typeof userSchema>;

/** `users.signup_account`: the network account a person signed up with, as `<network>:<subject>` (migration 0070). */
export function signupAccountOf(account: { network: string; subject: string }): string {
  return `${account.network}:${account.subject}`;
}

export function parseSignupAccount(value: string): { network: string; subject: string } {
  const colon = value.indexOf(":");
  return { network: value.slice(0, colon), subject: value.slice(colon + 1) };
}

/** A user with their roles, and the network account they signed up with (the seed's and the tests' people). */
export function insertUserStatements(db: Database, user: User, roles: readonly UserRole[]) {
  const signup = parseSignupAccount(user.signupAccount);
  return [
    db
      .prepare(
        `INSERT INTO users (id, signup_account, handle, name, avatar_url, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      )
      .bind(user.id, user.signupAccount, user.handle, user.name, user.avatarUrl, user.createdAt, user.updatedAt),
    db
      .prepare(
        `INSERT INTO network_accounts (network, subject, user_id, handle, linked_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(signup.network, signup.subject, user.id, user.handle, user.createdAt, user.updatedAt),
    ...roles.map((role) =>
      db.prepare(`INSERT INTO user_roles (user_id, role) VALUES (?, ?) ON CONFLICT DO NOTHING`).bind(user.id, userRoleSchema.parse(role)),
    ),
  ];
}

const accountRowSchema = z.object({
  id: z.string(),
  handle: z.string(),
  /** The name from X; `display_name` is the one chosen in settings (null: none chosen). */
  name: z.string(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
  email: z.string().nullable(),
  verified_email: z.string().nullable(),
  two_factor_enabled: z.number().int(),
  two_factor_verified: z.number().int(),
  preferred_advertiser_id: z.string().nullable(),
  preferred_advertiser_name: z.string().nullable(),
  leaderboard_hidden: z.number().int(),
  roles: z.string().nullable(),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

/**
 * A user with their roles and settings, for the current-user answer. The `advertiser` role is derived: a member of at
 * least one advertiser account holds it (docs/decisions/017-advertiser-accounts.md); a stored one is ignored.
 */
export function accountQuery(db: Database, userId: string): Query<AccountRow | null> {
  return firstRow(
    db
      .prepare(
        `SELECT users.id, users.handle, users.name, users.display_name, users.avatar_url, users.email, users.verified_email,
              users.two_factor_enabled, users.two_factor_verified, users.preferred_advertiser_id,
              advertisers.name AS preferred_advertiser_name, users.leaderboard_hidden,
              (SELECT group_concat(role, ',') FROM (
                 SELECT role FROM user_roles WHERE user_roles.user_id = users.id AND role != 'advertiser'
                 UNION SELECT 'advertiser' FROM advertiser_members WHERE advertiser_members.user_id = users.id
               )) AS roles
       FROM users LEFT JOIN advertisers ON advertisers.id = users.preferred_advertiser_id
       WHERE users.id = ?`,
      )
      .bind(userId),
    accountRowSchema,
  );
}

export function findAccount(db: Database, userId: string): Promise<AccountRow | null> {
  return runQuery(accountQuery(db, userId));
}

/**
 * A user by id, or else by handle (with or without "@", any case). Two lookups in one batch, each on its own index:
 * `id = ? OR handle = ?` in one statement is planned as a scan of every user.
 */
export async function findUserIdByIdOrHandle(db: Database, idOrHandle: string): Promise<string | null> {
  const handle = idOrHandle.replace(/^@/, "");
  const [byId, byHandle] = await runBatch(db, [
    firstRow(db.prepare(`SELECT id FROM users WHERE id = ?`).bind(idOrHandle), idRowSchema),
    firstRow(db.prepare(`SELECT id FROM users WHERE handle = ? COLLATE NOCASE ORDER BY id LIMIT 1`).bind(handle), idRowSchema),
  ]);
  return byId?.id ?? byHandle?.id ?? null;
}

export function hasRoleQuery(db: Database, userId: string, role: UserRole): Query<boolean> {
  return mapQuery(
    firstRow(
      db.prepare(`SELECT 1 AS yes FROM user_roles WHERE user_id = ? AND role = ?`).bind(userId, role),
      z.object({ yes: z.number() }),
    ),
    (row) => row !== null,
  );
}

export function userHasRole(db: Database, userId: string, role: UserRole): Promise<boolean> {
  return runQuery(hasRoleQuery(db, userId, role));
}

const idRowSchema = z.object({ id: z.string() });

/** The network of the account the user signed up with (`users.signup_account` is `<network>:<subject>`), or null for an unknown user. */
export function signupNetworkQuery(db: Database, userId: string): Query<Network | null> {
  return mapQuery(
    firstRow(
      db.prepare(`SELECT substr(signup_account, 1, instr(signup_account, ':') - 1) AS network FROM users WHERE id = ?`).bind(userId),
      z.object({ network: networkSchema }),
    ),
    (row) => row?.network ?? null,
  );
}

export async function findUserHandle(db: Database, userId: string): Promise<string | null> {
  const row = await queryFirst(db.prepare(`SELECT handle FROM users WHERE id = ?`).bind(userId), z.object({ handle: z.string() }));
  return row?.handle ?? null;
}

const advertiserChoiceRowSchema = z.object({ id: z.string(), name: z.string() });

/** The advertisers of the campaigns a user joined, by name: the ones they may choose as preferred. */
export function listAdvertisersOfJoinedCampaigns(db: Database, userId: string): Promise<{ id: string; name: string }[]> {
  return queryAll(
    db
      .prepare(
        `SELECT DISTINCT advertisers.id, advertisers.name FROM campaign_memberships
         JOIN campaigns ON campaigns.id = campaign_memberships.campaign_id
         JOIN advertisers ON advertisers.id = campaigns.advertiser_id
         WHERE campaign_memberships.user_id = ? ORDER BY advertisers.name COLLATE NOCASE, advertisers.id`,
      )
      .bind(userId),
    advertiserChoiceRowSchema,
  );
}

/** The basic settings: the chosen display name (null: the name from X) and the preferred advertiser (null: none). */
export function updateBasicSettingsStatement(
  db: Database,
  userId: string,
  settings: { displayName: string | null; preferredAdvertiserId: string | null; leaderboardHidden: boolean | null; now: number },
) {
  // leaderboardHidden null: unchanged (a caller that does not send the choice keeps it).
  return db
    .prepare(
      `UPDATE users SET display_name = ?, preferred_advertiser_id = ?, leaderboard_hidden = COALESCE(?, leaderboard_hidden), updated_at = ?
       WHERE id = ?`,
    )
    .bind(
      settings.displayName,
      settings.preferredAdvertiserId,
      settings.leaderboardHidden === null ? null : settings.leaderboardHidden ? 1 : 0,
      settings.now,
      userId,
    );
}

/** A proven address becomes the user's e-mail address and their verified one. */
export async function setVerifiedEmail(db: Database, userId: string, email: string, now: number): Promise<void> {
  await db.prepare(`UPDATE users SET email = ?, verified_email = ?, updated_at = ? WHERE id = ?`).bind(email, email, now, userId).run();
}

/** The two-factor flags of the current user (SPEC.md section 6): on or being set up, and confirmed. */
export function setTwoFactorFlagsStatement(db: Database, userId: string, flags: { enabled: boolean; verified: boolean; now: number }) {
  return db
    .prepare(`UPDATE users SET two_factor_enabled = ?, two_factor_verified = ?, updated_at = ? WHERE id = ?`)
    .bind(flags.enabled ? 1 : 0, flags.verified ? 1 : 0, flags.now, userId);
}
