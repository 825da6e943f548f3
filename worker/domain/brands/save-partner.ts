import type { Partner } from "../../db/partners.ts";
import { replacePartnerStatements } from "../../db/partners.ts";
import { brandCacheKey } from "./resolve-brand.ts";

/**
 * Registers or changes a partner and its hostnames in D1, then drops the cached brand of every hostname it had or
 * has, so the next request sees the change instead of waiting for the cache to expire.
 */
export async function savePartner(
  deps: { db: D1Database; cache: KVNamespace },
  partner: Partner,
  hostnames: readonly string[],
): Promise<void> {
  const previous = await deps.db
    .prepare(`SELECT hostname FROM partner_hostnames WHERE partner_id = ?`)
    .bind(partner.id)
    .all<{ hostname: string }>();
  await deps.db.batch(replacePartnerStatements(deps.db, partner, hostnames));
  const affected = new Set([...previous.results.map((row) => row.hostname), ...hostnames.map((host) => host.toLowerCase())]);
  await Promise.all([...affected].map((hostname) => deps.cache.delete(brandCacheKey(hostname))));
}
