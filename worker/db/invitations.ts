import { z } from "zod";
import { queryFirst } from "./query.ts";

const invitationSchema = z
  .object({
    id: z.string(),
    public_token: z.string(),
    campaign_id: z.string(),
    inviter_user_id: z.string().nullable(),
    inviter_advertiser_id: z.string().nullable(),
    created_at: z.number(),
    expires_at: z.number().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    publicToken: row.public_token,
    campaignId: row.campaign_id,
    inviterUserId: row.inviter_user_id,
    inviterAdvertiserId: row.inviter_advertiser_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }));
export type Invitation = z.infer<typeof invitationSchema>;

export function insertInvitationStatement(db: D1Database, invitation: Invitation) {
  return db
    .prepare(
      `INSERT INTO invitations (id, public_token, campaign_id, inviter_user_id, inviter_advertiser_id, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      invitation.id,
      invitation.publicToken,
      invitation.campaignId,
      invitation.inviterUserId,
      invitation.inviterAdvertiserId,
      invitation.createdAt,
      invitation.expiresAt,
    );
}

export function findInvitationByToken(db: D1Database, publicToken: string): Promise<Invitation | null> {
  return queryFirst(db.prepare(`SELECT * FROM invitations WHERE public_token = ?`).bind(publicToken), invitationSchema);
}

export function findInvitation(db: D1Database, id: string): Promise<Invitation | null> {
  return queryFirst(db.prepare(`SELECT * FROM invitations WHERE id = ?`).bind(id), invitationSchema);
}
