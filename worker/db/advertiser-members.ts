import { z } from "zod";
import { memberRoleSchema, type MemberRole } from "../contracts/advertisers.ts";
import { networks } from "../contracts/networks/rules.ts";
import { advertiserSchema } from "./advertisers.ts";
import { allRows, firstRow, mapQuery, queryFirst, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/** Members of advertiser accounts and the invitations that make them (migration 0008). */

const memberRowSchema = z
  .object({
    advertiser_id: z.string(),
    user_id: z.string(),
    role: memberRoleSchema,
    invited_by: z.string().nullable(),
    created_at: z.number(),
  })
  .transform((row) => ({
    advertiserId: row.advertiser_id,
    userId: row.user_id,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: row.created_at,
  }));
export type AdvertiserMemberRow = z.infer<typeof memberRowSchema>;

export function insertMemberStatement(db: Database, member: AdvertiserMemberRow) {
  return db
    .prepare(
      `INSERT INTO advertiser_members (advertiser_id, user_id, role, invited_by, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (advertiser_id, user_id) DO NOTHING`,
    )
    .bind(member.advertiserId, member.userId, member.role, member.invitedBy, member.createdAt);
}

export function memberQuery(db: Database, advertiserId: string, userId: string): Query<AdvertiserMemberRow | null> {
  return firstRow(
    db.prepare(`SELECT * FROM advertiser_members WHERE advertiser_id = ? AND user_id = ?`).bind(advertiserId, userId),
    memberRowSchema,
  );
}

export function findMember(db: Database, advertiserId: string, userId: string): Promise<AdvertiserMemberRow | null> {
  return runQuery(memberQuery(db, advertiserId, userId));
}

const membershipRowSchema = z.intersection(
  advertiserSchema,
  z
    .object({ member_role: memberRoleSchema, joined_at: z.number() })
    .transform((row) => ({ role: row.member_role, joinedAt: row.joined_at })),
);

/** The accounts a user belongs to, by name. */
export function membershipsOfUserQuery(db: Database, userId: string) {
  return mapQuery(
    allRows(
      db
        .prepare(
          `SELECT advertisers.*, advertiser_members.role AS member_role, advertiser_members.created_at AS joined_at
           FROM advertiser_members JOIN advertisers ON advertisers.id = advertiser_members.advertiser_id
           WHERE advertiser_members.user_id = ? ORDER BY advertisers.name COLLATE NOCASE, advertisers.id`,
        )
        .bind(userId),
      membershipRowSchema,
    ),
    (rows) => rows.map(({ role, joinedAt, ...advertiser }) => ({ advertiser, role, joinedAt })),
  );
}

const memberWithUserSchema = z
  .object({
    user_id: z.string(),
    handle: z.string(),
    name: z.string(),
    display_name: z.string().nullable(),
    avatar_url: z.string().nullable(),
    role: memberRoleSchema,
    created_at: z.number(),
  })
  .transform((row) => ({
    userId: row.user_id,
    handle: row.handle,
    name: row.display_name ?? row.name,
    avatarUrl: row.avatar_url,
    role: row.role,
    joinedAt: row.created_at,
  }));

/** An account's members: owners first, then by when they joined. */
export function membersQuery(db: Database, advertiserId: string) {
  return allRows(
    db
      .prepare(
        `SELECT m.user_id, u.handle, u.name, u.display_name, u.avatar_url, m.role, m.created_at
         FROM advertiser_members m JOIN users u ON u.id = m.user_id
         WHERE m.advertiser_id = ? ORDER BY m.role = 'owner' DESC, m.created_at, m.user_id`,
      )
      .bind(advertiserId),
    memberWithUserSchema,
  );
}

export function listMembers(db: Database, advertiserId: string) {
  return runQuery(membersQuery(db, advertiserId));
}

/**
 * Removes a member unless that would leave the account without an owner (the check and the delete are one
 * statement, so two owners removing each other at once cannot both succeed). Whether a row went.
 */
export async function deleteMemberKeepingAnOwner(db: Database, advertiserId: string, userId: string): Promise<boolean> {
  const result = await db
    .prepare(
      `DELETE FROM advertiser_members WHERE advertiser_id = ?1 AND user_id = ?2
         AND (role != 'owner' OR (SELECT COUNT(*) FROM advertiser_members WHERE advertiser_id = ?1 AND role = 'owner') > 1)`,
    )
    .bind(advertiserId, userId)
    .run();
  return result.meta.changes > 0;
}

export async function countOwners(db: Database, advertiserId: string): Promise<number> {
  const row = await queryFirst(
    db.prepare(`SELECT COUNT(*) AS n FROM advertiser_members WHERE advertiser_id = ? AND role = 'owner'`).bind(advertiserId),
    z.object({ n: z.number() }),
  );
  return row?.n ?? 0;
}

const invitationRowSchema = z
  .object({
    id: z.string(),
    advertiser_id: z.string(),
    token_hash: z.string(),
    invitee_handle: z.string().nullable(),
    invitee_network: z.enum(networks).nullable(),
    invited_by: z.string(),
    expires_at: z.number(),
    accepted_by: z.string().nullable(),
    accepted_at: z.number().nullable(),
    revoked_at: z.number().nullable(),
    created_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    advertiserId: row.advertiser_id,
    tokenHash: row.token_hash,
    inviteeHandle: row.invitee_handle,
    inviteeNetwork: row.invitee_network,
    invitedBy: row.invited_by,
    expiresAt: row.expires_at,
    acceptedBy: row.accepted_by,
    acceptedAt: row.accepted_at,
    revokedAt: row.revoked_at,
    createdAt: row.created_at,
  }));
export type MemberInvitationRow = z.infer<typeof invitationRowSchema>;

export async function insertMemberInvitation(db: Database, invitation: MemberInvitationRow): Promise<void> {
  await db
    .prepare(
      `INSERT INTO advertiser_member_invitations
         (id, advertiser_id, token_hash, invitee_handle, invitee_network, invited_by, expires_at, accepted_by, accepted_at,
          revoked_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?)`,
    )
    .bind(
      invitation.id,
      invitation.advertiserId,
      invitation.tokenHash,
      invitation.inviteeHandle,
      invitation.inviteeNetwork,
      invitation.invitedBy,
      invitation.expiresAt,
      invitation.createdAt,
    )
    .run();
}

export function findMemberInvitationByTokenHash(db: Database, tokenHash: string): Promise<MemberInvitationRow | null> {
  return queryFirst(db.prepare(`SELECT * FROM advertiser_member_invitations WHERE token_hash = ?`).bind(tokenHash), invitationRowSchema);
}

export function findMemberInvitation(db: Database, advertiserId: string, invitationId: string): Promise<MemberInvitationRow | null> {
  return queryFirst(
    db.prepare(`SELECT * FROM advertiser_member_invitations WHERE id = ? AND advertiser_id = ?`).bind(invitationId, advertiserId),
    invitationRowSchema,
  );
}

const pendingRowSchema = z.intersection(
  invitationRowSchema,
  z.object({ inviter_handle: z.string() }).transform((row) => ({ inviterHandle: row.inviter_handle })),
);

/** Invitations still usable at `now` (not accepted, revoked or expired), newest first. */
export function pendingMemberInvitationsQuery(db: Database, advertiserId: string, now: number) {
  return allRows(
    db
      .prepare(
        `SELECT i.*, u.handle AS inviter_handle FROM advertiser_member_invitations i JOIN users u ON u.id = i.invited_by
         WHERE i.advertiser_id = ? AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > ?
         ORDER BY i.created_at DESC, i.id`,
      )
      .bind(advertiserId, now),
    pendingRowSchema,
  );
}

export function listPendingMemberInvitations(db: Database, advertiserId: string, now: number) {
  return runQuery(pendingMemberInvitationsQuery(db, advertiserId, now));
}

/** Revokes an invitation not yet accepted or revoked; whether it did. */
export async function revokeMemberInvitation(db: Database, advertiserId: string, invitationId: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE advertiser_member_invitations SET revoked_at = ?
       WHERE id = ? AND advertiser_id = ? AND accepted_at IS NULL AND revoked_at IS NULL`,
    )
    .bind(now, invitationId, advertiserId)
    .run();
  return result.meta.changes > 0;
}

/**
 * Accepts an invitation: marks it used and adds the member, in one batch. The mark only takes an invitation that is
 * still usable, and the member is only added when the mark took (so two accepts of one link make one member).
 * Whether this call was the one that used it.
 */
export async function acceptMemberInvitation(
  db: Database,
  invitation: { id: string; advertiserId: string; invitedBy: string },
  userId: string,
  role: MemberRole,
  now: number,
): Promise<boolean> {
  const [marked] = await db.batch([
    db
      .prepare(
        `UPDATE advertiser_member_invitations SET accepted_by = ?, accepted_at = ?
         WHERE id = ? AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > ?`,
      )
      .bind(userId, now, invitation.id, now),
    db
      .prepare(
        `INSERT INTO advertiser_members (advertiser_id, user_id, role, invited_by, created_at)
         SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM advertiser_member_invitations WHERE id = ? AND accepted_by = ? AND accepted_at = ?)
         ON CONFLICT (advertiser_id, user_id) DO NOTHING`,
      )
      .bind(invitation.advertiserId, userId, role, invitation.invitedBy, now, invitation.id, userId, now),
  ]);
  return (marked?.meta.changes ?? 0) > 0;
}

/** Whether the user is a member of any advertiser account (the derived `advertiser` role). */
export async function isMemberOfAnyAdvertiser(db: Database, userId: string): Promise<boolean> {
  const row = await queryFirst(
    db.prepare(`SELECT 1 AS yes FROM advertiser_members WHERE user_id = ? LIMIT 1`).bind(userId),
    z.object({ yes: z.number() }),
  );
  return row !== null;
}
