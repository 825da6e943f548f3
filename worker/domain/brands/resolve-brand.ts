import { z } from "zod";
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
  deps: { db: D1Database; cache: KVNamespace; coreHostnames: readonly string[] },
  hostname: string,
): Promise<BrandResolution> {
  const host = hostname.toLowerCase();
  if (deps.coreHostnames.includes(host)) return { kind: "core" };
  try {
    const cached = cachedSchema.safeParse(await deps.cache.get(brandCacheKey(host), { type: "json" }));
    if (cached.success) return cached.data.brand === null ? { kind: "unknown" } : { kind: "partner", brand: cached.data.brand };
    const brand = await findBrandByHostname(deps.db, host);
    await deps.cache.put(brandCacheKey(host), JSON.stringify({ brand }), { expirationTtl: BRAND_CACHE_TTL_SECONDS });
    return brand === null ? { kind: "unknown" } : { kind: "partner", brand };
  } catch (error) {
    console.error(`Brand lookup for ${host} failed; serving without a brand`, error);
    return { kind: "failed" };
  }
}

/** The hostnames that are the app itself: the core domain and the hosts of the app origins. */
export function coreHostnamesOf(config: { coreAppDomain: string; appOrigins: readonly string[] }): string[] {
  return [config.coreAppDomain, ...config.appOrigins.map((origin) => new URL(origin).hostname)].map((host) =>
    host.toLowerCase(),
  );
}
