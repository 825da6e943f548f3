import type { Clock } from "./clock.ts";
import type { AppConfig } from "./config.ts";
import type { SessionRecord } from "./db/sessions.ts";

/** The Hono environment: Cloudflare bindings plus what the middleware adds to each request. */
export type WorkerEnv = {
  Bindings: Cloudflare.Env;
  Variables: {
    config: AppConfig;
    clock: Clock;
    requestId: string;
    /** The signed-in session: from the bearer token on the API, from the session cookie on pages. */
    session: SessionRecord | null;
  };
};
