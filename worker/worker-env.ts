import type { Clock } from "./clock.ts";
import type { AppConfig } from "./config.ts";
import type { Brand } from "./contracts/brand.ts";
import type { SessionRecord } from "./db/sessions.ts";
import type { BrandResolution } from "./domain/brands/resolve-brand.ts";

/** The Hono environment: Cloudflare bindings plus what the middleware adds to each request. */
export type WorkerEnv = {
  Bindings: Cloudflare.Env;
  Variables: {
    config: AppConfig;
    clock: Clock;
    requestId: string;
    /** The signed-in session: from the bearer token on the API, from the session cookie on pages. */
    session: SessionRecord | null;
    /** The partner brand of the request's hostname, or null (the app's own domain, or an unknown one). */
    brand: Brand | null;
    brandLookup: Promise<BrandResolution> | undefined;
    /** The script nonce of the page being rendered. */
    nonce: string;
  };
};
