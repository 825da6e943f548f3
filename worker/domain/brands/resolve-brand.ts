import { z } from "zod";
import type { Capabilities } from "../../capabilities.ts";
import { brandSchema, type Brand } from "../../contracts/brand.ts";
import { findBrandByHostname } from "../../db/partners.ts";
import { keepBounded } from "../../isolate-memory.ts";

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

const cachedSchema = z.object({ brand: z.nullable(brandSchema) });

export function brandCacheKey(hostname: string): string {
  return `brand:${hostname.toLowerCase()}`;
}

export async function resolveBrand(
  { db, brandCache, config, clock }: Pick<Capabilities, "db" | "brandCache" | "config" | "clock">,
  hostname: string,
  options: BrandLookupOptions,
): Promise<BrandResolution> {
  const host = hostname.toLowerCase();
  if (coreHostnameSetOf(config).has(host)) return { kind: "core" };
  const memory = isolateMemoryOf(brandCache);
  const remembered = memory.get(host);
  if (remembered !== undefined && remembered.until > clock.now()) return remembered.resolution;
  try {
    const cached = cachedSchema.safeParse(await brandCache.get(brandCacheKey(host), { type: "json" }));
    const brand = cached.success ? cached.data.brand : await findBrandByHostname(db, host);
    if (!cached.success && (brand !== null || options.cacheUnknown)) options.waitUntil(cacheBrand(brandCache, host, brand));
    const resolution: BrandResolution = brand === null ? { kind: "unknown" } : { kind: "partner", brand };
    // Like KV, the isolate keeps an unknown name only for the request's own host.
    if (brand !== null || options.cacheUnknown)
      keepBounded(memory, host, { resolution, until: clock.now() + ISOLATE_MEMORY_MS }, ISOLATE_MEMORY_HOSTS);
    return resolution;
  } catch (error) {
    console.error(`Brand lookup for ${host} failed; serving without a brand`, error);
    return { kind: "failed" };
  }
}

/**
 * Each isolate also keeps a resolution for a short while, so a partner's busy host costs one KV read per isolate and
 * interval instead of one per request (a KV read is a network hop at the edge). Shorter than KV's own lifetime; a
 * partner change forgets its hostnames in the isolate that made it at once, in the others within this interval.
 */
const ISOLATE_MEMORY_MS = 30_000;
/** Hosts are whatever requests claim: past this many, the oldest is forgotten rather than the memory grow. */
const ISOLATE_MEMORY_HOSTS = 1_000;
type Remembered = { resolution: BrandResolution; until: number };
const isolateMemories = new WeakMap<KVNamespace, Map<string, Remembered>>();

function isolateMemoryOf(brandCache: KVNamespace): Map<string, Remembered> {
  let memory = isolateMemories.get(brandCache);
  if (memory === undefined) {
    memory = new Map();
    isolateMemories.set(brandCache, memory);
  }
  return memory;
}

/** After a partner change: this isolate asks KV (and D1) again for these hostnames. */
export function forgetBrands(brandCache: KVNamespace, hostnames: Iterable<string>): void {
  const memory = isolateMemoryOf(brandCache);
  for (const hostname of hostnames) memory.delete(hostname.toLowerCase());
}

/** A failed cache write (KV's limit of one write per key per second, say) changes nothing: D1's answer stands. */
async function cacheBrand(brandCache: KVNamespace, host: string, brand: Brand | null): Promise<void> {
  try {
    await brandCache.put(brandCacheKey(host), JSON.stringify({ brand }), { expirationTtl: BRAND_CACHE_TTL_SECONDS });
  } catch (error) {
    console.warn(`Brand cache write for ${host} failed; the next request asks D1 again`, error);
  }
}

const coreHostnameSets = new WeakMap<object, ReadonlySet<string>>();

/** The core hostnames as a set, kept per configuration (per isolate) instead of parsing the origins on every request. */
function coreHostnameSetOf(config: { coreAppDomain: string; appOrigins: readonly string[] }): ReadonlySet<string> {
  let hostnames = coreHostnameSets.get(config);
  if (hostnames === undefined) {
    hostnames = new Set(coreHostnamesOf(config));
    coreHostnameSets.set(config, hostnames);
  }
  return hostnames;
}

/** The hostnames that are the app itself: the core domain and the hosts of the app origins. */
export function coreHostnamesOf(config: { coreAppDomain: string; appOrigins: readonly string[] }): string[] {
  return [config.coreAppDomain, ...config.appOrigins.map((origin) => new URL(origin).hostname)].map((host) => host.toLowerCase());
}
