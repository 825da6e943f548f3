import { z } from "zod";
import type { LoginParams } from "../contracts/login.ts";
import { queryFirst } from "./query.ts";

/**
 * First touch is written once and never changed; last touch follows the latest login that carried a value.
 */
export function upsertAttributionStatement(db: D1Database, userId: string, params: LoginParams, now: number) {
  const utm = [params.utm_source, params.utm_medium, params.utm_campaign, params.utm_term, params.utm_content].map(
    (value) => value ?? null,
  );
  return db
    .prepare(
      `INSERT INTO user_attribution (user_id, first_utm_source, first_utm_medium, first_utm_campaign, first_utm_term,
         first_utm_content, utm_source, utm_medium, utm_campaign, utm_term, utm_content, invite_id, partner_name,
         device_id, referrer, first_seen_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11)
       ON CONFLICT (user_id) DO UPDATE SET
         first_utm_source = COALESCE(first_utm_source, excluded.first_utm_source),
         first_utm_medium = COALESCE(first_utm_medium, excluded.first_utm_medium),
         first_utm_campaign = COALESCE(first_utm_campaign, excluded.first_utm_campaign),
         first_utm_term = COALESCE(first_utm_term, excluded.first_utm_term),
         first_utm_content = COALESCE(first_utm_content, excluded.first_utm_content),
         utm_source = COALESCE(excluded.utm_source, utm_source),
         utm_medium = COALESCE(excluded.utm_medium, utm_medium),
         utm_campaign = COALESCE(excluded.utm_campaign, utm_campaign),
         utm_term = COALESCE(excluded.utm_term, utm_term),
         utm_content = COALESCE(excluded.utm_content, utm_content),
         invite_id = COALESCE(excluded.invite_id, invite_id),
         partner_name = COALESCE(excluded.partner_name, partner_name),
         device_id = COALESCE(excluded.device_id, device_id),
         referrer = COALESCE(excluded.referrer, referrer),
         updated_at = excluded.updated_at`,
    )
    .bind(userId, ...utm, params.invite_id ?? null, params.partnerName ?? null, params.deviceId ?? null, params.referrer ?? null, now);
}

/** The invitation a user carried through sign-in (`invite_id`), if any. */
export async function findCarriedInvitationId(db: D1Database, userId: string): Promise<string | null> {
  const row = await queryFirst(
    db.prepare(`SELECT invite_id FROM user_attribution WHERE user_id = ?`).bind(userId),
    z.object({ invite_id: z.string().nullable() }),
  );
  return row?.invite_id ?? null;
}
