import { env } from "cloudflare:test";
import { forgetBrands } from "../../../worker/domain/brands/resolve-brand.ts";

/**
 * The isolate outlives a test file (decision 054) and remembers a brand for 30 s: a test about the lookup itself
 * asks afresh, as the isolate does after a partner change.
 */
export function forgetBrandsAnEarlierFileAsked(hostnames: string[]): void {
  forgetBrands(env.BRAND_CACHE, hostnames);
}
