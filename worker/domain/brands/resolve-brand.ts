import { z } from "zod";
import type { Capabilities } from "../../capabilities.ts";
import { brandSchema, type Brand } from "../../contracts/brand.ts";
import { findBrandByHostname } from "../../db/partners.ts";

/**
 * hostname → brand, through a KV cache in front of D1 (the source of truth). Partner changes delete the affected
 * keys. Unknown hostnames are cached only for the request's own Host (the middleware's lookup), so a stranger's
 * domain costs one KV read, not a D1 query; names merely asked about (the typed RPC) are never written, or one
 * request could fill KV with invented names.
 */
export const BRAND_CACHE_TTL_SECONDS = 300;

/** Host name syntax (RFC 1123 labels, 253 characters at most): what a brand may be asked for by name. */
export const hostnameSchema = z
  .string()
  .max(253, "must be at most 253 characters")
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/i, "must be a host name such as rewards.example.com")
  .transform((hostname) => hostname.toLowerCase());

export type BrandResolution =
  | { kind: "core" }
  | { kind: "partner"; brand: Brand }
  | { kind: "unknown" }
  /** The lookup failed: logged; pages are served without a brand, the API refuses (brand-guard.ts). */
  | { kind: "failed" };

export type BrandLookupOptions = {
  /** Whether an unknown answer is cached: only for the request's own hostname. */
  cacheUnknown: boolean;
  /** The cache write finishes after the answer; the request's `waitUntil`. */
  waitUntil: (work: Promise<unknown>) => void;
};

const cachedSchema = z.object({ brand: brandSchema.nullable() });

export function brandCacheKey(hostname: string): string {
  return `brand:${hostname.toLowerCase()}`;
}

export async function resolveBrand(
  { db, brandCache, config }: Pick<Capabilities, "db" | "brandCache" | "config">,
  hostname: string,
  options: BrandLookupOptions,
): Promise<BrandResolution> {
  const host = hostname.toLowerCase();
  if (coreHostnamesOf(config).includes(host)) return { kind: "core" };
  try {
    const cached = cachedSchema.safeParse(await brandCache.get(brandCacheKey(host), { type: "json" }));
    if (cached.success) return cached.data.brand === null ? { kind: "unknown" } : { kind: "partner", brand: cached.data.brand };
    const brand = await findBrandByHostname(db, host);
    if (brand !== null || options.cacheUnknown) options.waitUntil(cacheBrand(brandCache, host, brand));
    return brand === null ? { kind: "unknown" } : { kind: "partner", brand };
  } catch (error) {
    console.error(`Brand lookup for ${host} failed; serving without a brand`, error);
    return { kind: "failed" };
  }
}

/** A failed cache write (KV's limit of one write per key per second, say) changes nothing: D1's answer stands. */
async function cacheBrand(brandCache: KVNamespace, host: string, brand: Brand | null): Promise<void> {
  try {
    await brandCache.put(brandCacheKey(host), JSON.stringify({ brand }), { expirationTtl: BRAND_CACHE_TTL_SECONDS });
  } catch (error) {
    console.warn(`Brand cache write for ${host} failed; the next request asks D1 again`, error);
  }
}

/** The hostnames that are the app itself: the core domain and the hosts of the app origins. */
export function coreHostnamesOf(config: { coreAppDomain: string; appOrigins: readonly string[] }): string[] {
  return [config.coreAppDomain, ...config.appOrigins.map((origin) => new URL(origin).hostname)].map((host) => host.toLowerCase());
}
