import { z } from "zod";
import { allRows, firstRow, mapQuery, queryFirst, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";
import { networks } from "../contracts/networks/rules.ts";

const invitationColumns = {
  id: z.string(),
  public_token: z.string(),
  campaign_id: z.string(),
  inviter_user_id: z.string().nullable(),
  inviter_advertiser_id: z.string().nullable(),
  created_at: z.number(),
  expires_at: z.number().nullable(),
  invitee_handle: z.string().nullable(),
  invitee_network: z.enum(networks).nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  revoked_at: z.number().nullable(),
  id_redeemable: z.union([z.literal(0), z.literal(1)]).transform((flag) => flag === 1),
  created_by: z.string().nullable(),
};

function toInvitation(row: z.infer<z.ZodObject<typeof invitationColumns>>) {
  return {
    id: row.id,
    publicToken: row.public_token,
    campaignId: row.campaign_id,
    inviterUserId: row.inviter_user_id,
    inviterAdvertiserId: row.inviter_advertiser_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    inviteeHandle: row.invitee_handle,
    inviteeNetwork: row.invitee_network,
    maxUses: row.max_uses,
    uses: row.uses,
    revokedAt: row.revoked_at,
    /** Invitations made before docs/decisions/020 may still be redeemed by their internal id. */
    idRedeemable: row.id_redeemable,
    createdBy: row.created_by,
  };
}

const invitationSchema = z.object(invitationColumns).transform(toInvitation);
export type Invitation = z.infer<typeof invitationSchema>;

/** What an insert needs; the newer columns default to an unrestricted, never-used invitation redeemable by id. */
export type NewInvitation = Omit<
  Invitation,
  "inviteeHandle" | "inviteeNetwork" | "maxUses" | "uses" | "revokedAt" | "idRedeemable" | "createdBy"
> &
  Partial<Pick<Invitation, "inviteeHandle" | "inviteeNetwork" | "maxUses" | "idRedeemable" | "createdBy">>;

export function insertInvitationStatement(db: Database, invitation: NewInvitation) {
  return db
    .prepare(
      `INSERT INTO invitations (id, public_token, campaign_id, inviter_user_id, inviter_advertiser_id, created_at, expires_at,
         invitee_handle, invitee_network, max_uses, id_redeemable, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      invitation.id,
      invitation.publicToken,
      invitation.campaignId,
      invitation.inviterUserId,
      invitation.inviterAdvertiserId,
      invitation.createdAt,
      invitation.expiresAt,
      invitation.inviteeHandle ?? null,
      invitation.inviteeNetwork ?? null,
      invitation.maxUses ?? null,
      invitation.idRedeemable === false ? 0 : 1,
      invitation.createdBy ?? null,
    );
}

/** An invitation by its public token, with the handle of the creator or the name of the advertiser who made it. */
export function invitationWithInviterQuery(db: Database, publicToken: string) {
  return firstRow(
    db
      .prepare(
        `SELECT invitations.*, users.handle AS inviter_handle, advertisers.name AS inviter_advertiser_name
         FROM invitations
           LEFT JOIN users ON users.id = invitations.inviter_user_id
           LEFT JOIN advertisers ON advertisers.id = invitations.inviter_advertiser_id
         WHERE invitations.public_token = ?`,
      )
      .bind(publicToken),
    z
      .object({ ...invitationColumns, inviter_handle: z.string().nullable(), inviter_advertiser_name: z.string().nullable() })
      .transform((row) => ({
        ...toInvitation(row),
        inviterHandle: row.inviter_handle,
        inviterAdvertiserName: row.inviter_advertiser_name,
      })),
  );
}

export function findInvitationByToken(db: Database, publicToken: string): Promise<Invitation | null> {
  return queryFirst(db.prepare(`SELECT * FROM invitations WHERE public_token = ?`).bind(publicToken), invitationSchema);
}

export function findInvitation(db: Database, id: string): Promise<Invitation | null> {
  return queryFirst(db.prepare(`SELECT * FROM invitations WHERE id = ?`).bind(id), invitationSchema);
}

/** A campaign's invitations, newest first. */
export function campaignInvitationsQuery(db: Database, campaignId: string): Query<Invitation[]> {
  return allRows(
    db.prepare(`SELECT * FROM invitations WHERE campaign_id = ? ORDER BY created_at DESC, id LIMIT 500`).bind(campaignId),
    invitationSchema,
  );
}

export function listCampaignInvitations(db: Database, campaignId: string): Promise<Invitation[]> {
  return runQuery(campaignInvitationsQuery(db, campaignId));
}

/** Revokes once; false when there is no such invitation of this campaign or it was revoked already. */
export async function revokeCampaignInvitation(db: Database, campaignId: string, id: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE invitations SET revoked_at = ? WHERE id = ? AND campaign_id = ? AND revoked_at IS NULL`)
    .bind(now, id, campaignId)
    .run();
  return result.meta.changes > 0;
}

/**
 * Counts one use, in the join's batch, only while the invitation is still usable at `now` (not revoked, not expired,
 * under its limit). Guarded in SQL, so two joins racing for the last use cannot both count; batch it with
 * `abortUnlessCountedStatement` right after, so a join whose use was not counted writes nothing.
 */
export function countInvitationUseStatement(db: Database, invitationId: string, now: number) {
  return db
    .prepare(
      `UPDATE invitations SET uses = uses + 1
       WHERE id = ? AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ?) AND (max_uses IS NULL OR uses < max_uses)`,
    )
    .bind(invitationId, now);
}

/** The message of the failure `abortUnlessCountedStatement` raises (a CHECK constraint on `uses`). */
export const USE_NOT_COUNTED = "CHECK constraint failed";

/**
 * Fails the whole batch (the `uses >= 0` CHECK) when the statement before it changed nothing: the invitation could
 * not be used, so nothing of the join may be written.
 */
export function abortUnlessCountedStatement(db: Database, invitationId: string) {
  return db.prepare(`UPDATE invitations SET uses = -1 WHERE id = ? AND changes() = 0`).bind(invitationId);
}

/** An invitation that could be used at `now`: not revoked, not expired, with a use left (as SQL, over `invitations`). */
const USABLE_AT = (now: string) =>
  `revoked_at IS NULL AND (expires_at IS NULL OR expires_at > ${now}) AND (max_uses IS NULL OR uses < max_uses)`;

/**
 * A creator's new invitation link to a campaign (docs/decisions/032-spec-server-items.md section 5), written only
 * when they have no usable link to that campaign and made fewer than `perDay` links since `dayAgo`: checked in the
 * insert itself, so parallel calls cannot pass the limit or make two usable links. `meta.changes` says whether it was
 * written. Uses `invitations_by_inviter_user`.
 */
export function insertCreatorInvitationStatement(
  db: Database,
  invitation: Pick<Invitation, "id" | "publicToken" | "campaignId" | "createdAt" | "expiresAt" | "maxUses"> & { inviterUserId: string },
  limit: { perDay: number; dayAgo: number },
) {
  return db
    .prepare(
      `INSERT INTO invitations (id, public_token, campaign_id, inviter_user_id, inviter_advertiser_id, created_at, expires_at,
         invitee_handle, invitee_network, max_uses, id_redeemable, created_by)
       SELECT ?1, ?2, ?3, ?4, NULL, ?5, ?6, NULL, NULL, ?7, 0, ?4
       WHERE (SELECT COUNT(*) FROM invitations WHERE inviter_user_id = ?4 AND created_at > ?8) < ?9
         AND NOT EXISTS (SELECT 1 FROM invitations WHERE inviter_user_id = ?4 AND campaign_id = ?3 AND ${USABLE_AT("?5")})`,
    )
    .bind(
      invitation.id,
      invitation.publicToken,
      invitation.campaignId,
      invitation.inviterUserId,
      invitation.createdAt,
      invitation.expiresAt,
      invitation.maxUses,
      limit.dayAgo,
      limit.perDay,
    );
}

/** The creator's newest usable link to the campaign, or null. */
export function usableCreatorInvitationQuery(db: Database, userId: string, campaignId: string, now: number): Query<Invitation | null> {
  return firstRow(
    db
      .prepare(
        `SELECT * FROM invitations WHERE inviter_user_id = ?1 AND campaign_id = ?2 AND ${USABLE_AT("?3")}
         ORDER BY created_at DESC, id DESC LIMIT 1`,
      )
      .bind(userId, campaignId, now),
    invitationSchema,
  );
}

/** How many links the creator made after `since`, over all campaigns, and when the oldest of them was made. */
export function creatorInvitationsMadeSinceQuery(
  db: Database,
  userId: string,
  since: number,
): Query<{ count: number; oldest: number | null }> {
  return mapQuery(
    firstRow(
      db
        .prepare(`SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM invitations WHERE inviter_user_id = ? AND created_at > ?`)
        .bind(userId, since),
      z.object({ count: z.number().int(), oldest: z.number().nullable() }),
    ),
    (row) => ({ count: row?.count ?? 0, oldest: row?.oldest ?? null }),
  );
}

/** Who joined the campaign through the creator's links, newest first. */
export function joinedThroughQuery(db: Database, inviterUserId: string, campaignId: string, limit: number) {
  return allRows(
    db
      .prepare(
        `SELECT users.handle, users.name, membership.joined_at
         FROM invitations
           JOIN campaign_memberships AS membership ON membership.invitation_id = invitations.id
           JOIN users ON users.id = membership.user_id
         WHERE invitations.inviter_user_id = ? AND invitations.campaign_id = ?
         ORDER BY membership.joined_at DESC, users.handle
         LIMIT ?`,
      )
      .bind(inviterUserId, campaignId, limit),
    z
      .object({ handle: z.string(), name: z.string(), joined_at: z.number() })
      .transform((row) => ({ handle: row.handle, name: row.name, joinedAt: row.joined_at })),
  );
}
