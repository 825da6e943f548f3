import { z } from "zod";
import { allRows, queryAll, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

export const partnerSchema = z
  .object({
    id: z.string(),
    theme: z.string(),
    display_name: z.string(),
    primary_color: z.string(),
    accent_color: z.string(),
    logo_url: z.string().nullable(),
    created_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    theme: row.theme,
    displayName: row.display_name,
    primaryColor: row.primary_color,
    accentColor: row.accent_color,
    logoUrl: row.logo_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
export type Partner = z.infer<typeof partnerSchema>;

/** Inserts the partner, or replaces the fields of the one with its id. */
function upsertPartnerStatement(db: Database, partner: Partner) {
  return db
    .prepare(
      `INSERT INTO partners (id, theme, display_name, primary_color, accent_color, logo_url, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET theme = excluded.theme,
         display_name = excluded.display_name, primary_color = excluded.primary_color, accent_color = excluded.accent_color,
         logo_url = excluded.logo_url, updated_at = excluded.updated_at`,
    )
    .bind(
      partner.id,
      partner.theme,
      partner.displayName,
      partner.primaryColor,
      partner.accentColor,
      partner.logoUrl,
      partner.createdAt,
      partner.updatedAt,
    );
}

/** Every partner, by display name, for batching (the admin page). */
export function partnersQuery(db: Database): Query<Partner[]> {
  return allRows(db.prepare(`SELECT * FROM partners ORDER BY display_name, id`), partnerSchema);
}

const partnerHostnameRowSchema = z.object({ partner_id: z.string(), hostname: z.string() });

/** Every partner hostname with its partner, for batching (the admin page). */
export function partnerHostnamesQuery(db: Database): Query<z.infer<typeof partnerHostnameRowSchema>[]> {
  return allRows(db.prepare(`SELECT partner_id, hostname FROM partner_hostnames ORDER BY hostname`), partnerHostnameRowSchema);
}

export function listPartners(db: Database): Promise<Partner[]> {
  return queryAll(db.prepare(`SELECT * FROM partners ORDER BY display_name`), partnerSchema);
}

const brandRowSchema = z.object({
  theme: z.string(),
  display_name: z.string(),
  primary_color: z.string(),
  accent_color: z.string(),
  logo_url: z.string().nullable(),
});

export async function findBrandByHostname(db: Database, hostname: string) {
  const row = await db
    .prepare(
      `SELECT partners.theme, partners.display_name, partners.primary_color, partners.accent_color, partners.logo_url
       FROM partner_hostnames JOIN partners ON partners.id = partner_hostnames.partner_id
       WHERE partner_hostnames.hostname = ?`,
    )
    .bind(hostname.toLowerCase())
    .first();
  if (row === null) return null;
  const brand = brandRowSchema.parse(row);
  return {
    theme: brand.theme,
    displayName: brand.display_name,
    primaryColor: brand.primary_color,
    accentColor: brand.accent_color,
    logoUrl: brand.logo_url,
  };
}

/** Upserts the partner and makes `hostnames` exactly its hostnames. */
export function replacePartnerStatements(db: Database, partner: Partner, hostnames: readonly string[]) {
  return [
    upsertPartnerStatement(db, partner),
    db.prepare(`DELETE FROM partner_hostnames WHERE partner_id = ?`).bind(partner.id),
    ...hostnames.map((hostname) =>
      db.prepare(`INSERT INTO partner_hostnames (hostname, partner_id) VALUES (?, ?)`).bind(hostname.toLowerCase(), partner.id),
    ),
  ];
}

export async function listHostnamesOfPartner(db: Database, partnerId: string): Promise<string[]> {
  const rows = await queryAll(
    db.prepare(`SELECT hostname FROM partner_hostnames WHERE partner_id = ? ORDER BY hostname`).bind(partnerId),
    z.object({ hostname: z.string() }),
  );
  return rows.map((row) => row.hostname);
}

/** Which of these hostnames another partner already holds. */
export async function hostnamesHeldByOthers(db: Database, partnerId: string, hostnames: readonly string[]): Promise<string[]> {
  const rows = await queryAll(
    db
      .prepare(`SELECT hostname FROM partner_hostnames WHERE partner_id != ? AND hostname IN (SELECT value FROM json_each(?))`)
      .bind(partnerId, JSON.stringify(hostnames)),
    z.object({ hostname: z.string() }),
  );
  return rows.map((row) => row.hostname);
}

/** The partner (other than `partnerId`) whose theme this is, or null. */
export async function findThemeOwner(db: Database, theme: string, partnerId: string): Promise<string | null> {
  const row = await queryFirst(
    db.prepare(`SELECT id FROM partners WHERE theme = ? AND id != ?`).bind(theme, partnerId),
    z.object({ id: z.string() }),
  );
  return row?.id ?? null;
}

export function findPartner(db: Database, partnerId: string): Promise<Partner | null> {
  return queryFirst(db.prepare(`SELECT * FROM partners WHERE id = ?`).bind(partnerId), partnerSchema);
}

export async function isPartnerHostname(db: Database, hostname: string): Promise<boolean> {
  const row = await queryFirst(
    db.prepare(`SELECT 1 AS yes FROM partner_hostnames WHERE hostname = ?`).bind(hostname.toLowerCase()),
    z.object({ yes: z.number() }),
  );
  return row !== null;
}
