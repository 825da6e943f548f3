import { z } from "zod";
import type { Capabilities } from "../../capabilities.ts";
import { brandSchema, type Brand } from "../../contracts/brand.ts";
import { findBrandByHostname } from "../../db/partners.ts";

/**
 * hostname → brand, through a KV cache in front of D1 (the source of truth). Unknown hostnames are cached too, so
 * a stranger's domain costs one KV read, not a D1 query. Partner changes delete the affected keys.
 */
export const BRAND_CACHE_TTL_SECONDS = 300;

export type BrandResolution =
  | { kind: "core" }
  | { kind: "partner"; brand: Brand }
  | { kind: "unknown" }
  /** The lookup failed: logged, and the page is served without a brand. */
  | { kind: "failed" };

const cachedSchema = z.object({ brand: brandSchema.nullable() });

export function brandCacheKey(hostname: string): string {
  return `brand:${hostname.toLowerCase()}`;
}

export async function resolveBrand(
  { db, brandCache, config }: Pick<Capabilities, "db" | "brandCache" | "config">,
  hostname: string,
): Promise<BrandResolution> {
  const host = hostname.toLowerCase();
  if (coreHostnamesOf(config).includes(host)) return { kind: "core" };
  try {
    const cached = cachedSchema.safeParse(await brandCache.get(brandCacheKey(host), { type: "json" }));
    if (cached.success) return cached.data.brand === null ? { kind: "unknown" } : { kind: "partner", brand: cached.data.brand };
    const brand = await findBrandByHostname(db, host);
    await brandCache.put(brandCacheKey(host), JSON.stringify({ brand }), { expirationTtl: BRAND_CACHE_TTL_SECONDS });
    return brand === null ? { kind: "unknown" } : { kind: "partner", brand };
  } catch (error) {
    console.error(`Brand lookup for ${host} failed; serving without a brand`, error);
    return { kind: "failed" };
  }
}

/** The hostnames that are the app itself: the core domain and the hosts of the app origins. */
export function coreHostnamesOf(config: { coreAppDomain: string; appOrigins: readonly string[] }): string[] {
  return [config.coreAppDomain, ...config.appOrigins.map((origin) => new URL(origin).hostname)].map((host) => host.toLowerCase());
}
