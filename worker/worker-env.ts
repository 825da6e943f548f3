import type { Capabilities } from "./capabilities.ts";
import type { Brand } from "./contracts/brand.ts";
import type { BrandResolution } from "./domain/brands/resolve-brand.ts";
import type { SignedInSession } from "./contracts/current-user.ts";

/** The Hono environment: Cloudflare bindings plus what the middleware adds to each request. */
export type WorkerEnv = {
  Bindings: Cloudflare.Env;
  Variables: {
    /** What the use cases may reach (db, caches, clock, config, clients, secrets), built once per request. */
    capabilities: Capabilities;
    requestId: string;
    /** The signed-in session: from the bearer token on the API, from the session cookie on pages. */
    session: SignedInSession | null;
    /**
     * On a page request that only reads: whether the session was still live when the page's data was read (its check
     * rides with the page's D1 batch); to be awaited before the page is answered. Null when there is nothing to check.
     */
    sessionStillLive: (() => Promise<boolean>) | null;
    /** The partner brand of the request's hostname, or null (the app's own domain, or an unknown one). */
    brand: Brand | null;
    brandLookup: Promise<BrandResolution> | undefined;
    /** The script nonce of the page being rendered. */
    nonce: string;
  };
};

/** The environment after `requireBearer`: the session is there, so handlers read it without checking again. */
export type SignedInEnv = {
  Bindings: WorkerEnv["Bindings"];
  Variables: WorkerEnv["Variables"] & { session: SignedInSession };
};
