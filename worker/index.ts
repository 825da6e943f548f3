import { app } from "./app.ts";
import { handleAnalyticsQueue } from "./jobs/analytics-consumer.ts";
import { handleScheduled } from "./jobs/scheduled-handler.ts";

export default {
  fetch: app.fetch,
  // The rewards scheduler: the cron trigger in wrangler.toml; locally the ticker of scripts/start.ts.
  scheduled: handleScheduled,
  // The analytics queue (POST /v1/events puts the tracker's batches on it; wrangler.toml [[queues.consumers]]).
  queue: handleAnalyticsQueue,
} satisfies ExportedHandler<Cloudflare.Env>;
