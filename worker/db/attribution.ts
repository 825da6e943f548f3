import { z } from "zod";
import type { LoginParams } from "../contracts/login.ts";
import { queryFirst } from "./query.ts";
import type { Database } from "../database.ts";

const firstTouchColumns = ["first_utm_source", "first_utm_medium", "first_utm_campaign", "first_utm_term", "first_utm_content"] as const;
/** The stored row already has a first touch: then none of its first-touch values changes. */
const hasFirstTouch = `COALESCE(${firstTouchColumns.map((column) => `user_attribution.${column}`).join(", ")}) IS NOT NULL`;
const keepOrSetFirstTouch = firstTouchColumns
  .map((column) => `${column} = CASE WHEN ${hasFirstTouch} THEN ${column} ELSE excluded.${column} END`)
  .join(",\n         ");

/**
 * First touch is written once, as a whole, and never changed: the `first_utm_*` values the browser kept when the
 * login carries any, else the login's own utm values. Last touch follows the latest login that carried a value.
 */
export function upsertAttributionStatement(db: Database, userId: string, params: LoginParams, now: number) {
  const lastTouch = [params.utm_source, params.utm_medium, params.utm_campaign, params.utm_term, params.utm_content].map(
    (value) => value ?? null,
  );
  const keptFirstTouch = [
    params.first_utm_source,
    params.first_utm_medium,
    params.first_utm_campaign,
    params.first_utm_term,
    params.first_utm_content,
  ];
  const firstTouch = keptFirstTouch.some((value) => value !== undefined) ? keptFirstTouch.map((value) => value ?? null) : lastTouch;
  return db
    .prepare(
      `INSERT INTO user_attribution (user_id, first_utm_source, first_utm_medium, first_utm_campaign, first_utm_term,
         first_utm_content, utm_source, utm_medium, utm_campaign, utm_term, utm_content, invite_id, partner_name,
         device_id, referrer, first_seen_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16)
       ON CONFLICT (user_id) DO UPDATE SET
         ${keepOrSetFirstTouch},
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
    .bind(
      userId,
      ...firstTouch,
      ...lastTouch,
      params.invite_id ?? null,
      params.partnerName ?? null,
      params.deviceId ?? null,
      params.referrer ?? null,
      now,
    );
}

/** The invitation a user carried through sign-in (`invite_id`), if any. */
export async function findCarriedInvitationId(db: Database, userId: string): Promise<string | null> {
  const row = await queryFirst(
    db.prepare(`SELECT invite_id FROM user_attribution WHERE user_id = ?`).bind(userId),
    z.object({ invite_id: z.string().nullable() }),
  );
  return row?.invite_id ?? null;
}
