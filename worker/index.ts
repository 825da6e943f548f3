import { app } from "./app.ts";
import { handleScheduled } from "./jobs/scheduled-handler.ts";

export default {
  fetch: app.fetch,
  // The rewards scheduler: the cron trigger in wrangler.toml; locally the ticker of scripts/start.ts.
  scheduled: handleScheduled,
} satisfies ExportedHandler<Cloudflare.Env>;
