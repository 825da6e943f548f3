import { z } from "zod";
import { firstRow, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

export const advertiserSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    tagline: z.string(),
    website_url: z.string().nullable(),
    created_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    websiteUrl: row.website_url,
    createdAt: row.created_at,
  }));
export type Advertiser = z.infer<typeof advertiserSchema>;

export function insertAdvertiserStatement(db: Database, advertiser: Advertiser) {
  return db
    .prepare(
      `INSERT INTO advertisers (id, slug, name, tagline, website_url, created_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(advertiser.id, advertiser.slug, advertiser.name, advertiser.tagline, advertiser.websiteUrl, advertiser.createdAt);
}

/** Slugs are lower case; the one asked for is matched whatever its case. */
export function advertiserBySlugQuery(db: Database, slug: string): Query<Advertiser | null> {
  return firstRow(db.prepare(`SELECT * FROM advertisers WHERE slug = ?`).bind(slug.toLowerCase()), advertiserSchema);
}

export function findAdvertiserBySlug(db: Database, slug: string): Promise<Advertiser | null> {
  return runQuery(advertiserBySlugQuery(db, slug));
}

export function advertiserQuery(db: Database, advertiserId: string): Query<Advertiser | null> {
  return firstRow(db.prepare(`SELECT * FROM advertisers WHERE id = ?`).bind(advertiserId), advertiserSchema);
}

export function findAdvertiser(db: Database, advertiserId: string): Promise<Advertiser | null> {
  return runQuery(advertiserQuery(db, advertiserId));
}

/** Adds a new advertiser account; false when its id or slug is taken (nothing is written then). */
export async function insertNewAdvertiser(db: Database, advertiser: Advertiser): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO advertisers (id, slug, name, tagline, website_url, created_at)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(advertiser.id, advertiser.slug, advertiser.name, advertiser.tagline, advertiser.websiteUrl, advertiser.createdAt)
    .run();
  return result.meta.changes > 0;
}
