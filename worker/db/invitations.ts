import { z } from "zod";
import { allRows, firstRow, queryFirst, runQuery, type Query } from "./query.ts";

const invitationColumns = {
  id: z.string(),
  public_token: z.string(),
  campaign_id: z.string(),
  inviter_user_id: z.string().nullable(),
  inviter_advertiser_id: z.string().nullable(),
  created_at: z.number(),
  expires_at: z.number().nullable(),
  x_handle: z.string().nullable(),
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
    xHandle: row.x_handle,
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
export type NewInvitation = Omit<Invitation, "xHandle" | "maxUses" | "uses" | "revokedAt" | "idRedeemable" | "createdBy"> &
  Partial<Pick<Invitation, "xHandle" | "maxUses" | "idRedeemable" | "createdBy">>;

export function insertInvitationStatement(db: D1Database, invitation: NewInvitation) {
  return db
    .prepare(
      `INSERT INTO invitations (id, public_token, campaign_id, inviter_user_id, inviter_advertiser_id, created_at, expires_at,
         x_handle, max_uses, id_redeemable, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      invitation.id,
      invitation.publicToken,
      invitation.campaignId,
      invitation.inviterUserId,
      invitation.inviterAdvertiserId,
      invitation.createdAt,
      invitation.expiresAt,
      invitation.xHandle ?? null,
      invitation.maxUses ?? null,
      invitation.idRedeemable === false ? 0 : 1,
      invitation.createdBy ?? null,
    );
}

/** An invitation by its public token, with the handle of the creator or the name of the advertiser who made it. */
export function invitationWithInviterQuery(db: D1Database, publicToken: string) {
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

export function findInvitationByToken(db: D1Database, publicToken: string): Promise<Invitation | null> {
  return queryFirst(db.prepare(`SELECT * FROM invitations WHERE public_token = ?`).bind(publicToken), invitationSchema);
}

export function findInvitation(db: D1Database, id: string): Promise<Invitation | null> {
  return queryFirst(db.prepare(`SELECT * FROM invitations WHERE id = ?`).bind(id), invitationSchema);
}

/** A campaign's invitations, newest first. */
export function campaignInvitationsQuery(db: D1Database, campaignId: string): Query<Invitation[]> {
  return allRows(
    db.prepare(`SELECT * FROM invitations WHERE campaign_id = ? ORDER BY created_at DESC, id LIMIT 500`).bind(campaignId),
    invitationSchema,
  );
}

export function listCampaignInvitations(db: D1Database, campaignId: string): Promise<Invitation[]> {
  return runQuery(campaignInvitationsQuery(db, campaignId));
}

/** Revokes once; false when there is no such invitation of this campaign or it was revoked already. */
export async function revokeCampaignInvitation(db: D1Database, campaignId: string, id: string, now: number): Promise<boolean> {
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
export function countInvitationUseStatement(db: D1Database, invitationId: string, now: number) {
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
export function abortUnlessCountedStatement(db: D1Database, invitationId: string) {
  return db.prepare(`UPDATE invitations SET uses = -1 WHERE id = ? AND changes() = 0`).bind(invitationId);
}
