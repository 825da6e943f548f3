import { getPlatformProxy } from "wrangler";

/**
 * The worker's bindings on the local state under `persistTo` (as `wrangler dev --persist-to` and Miniflare keep it),
 * through wrangler's platform proxy: `.wrangler/state` unless CHORUS_PERSIST_TO names another (scripts/start.ts).
 */
export function localBindings(persistTo = process.env.CHORUS_PERSIST_TO ?? ".wrangler/state") {
  return getPlatformProxy<Cloudflare.Env>({ configPath: "wrangler.toml", persist: { path: `${persistTo}/v3` } });
}
