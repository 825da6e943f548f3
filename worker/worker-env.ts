import type { Clock } from "./clock.ts";
import type { AppConfig } from "./config.ts";

/** The Hono environment: Cloudflare bindings plus what the middleware adds to each request. */
export type WorkerEnv = {
  Bindings: Cloudflare.Env;
  Variables: {
    config: AppConfig;
    clock: Clock;
    requestId: string;
  };
};
