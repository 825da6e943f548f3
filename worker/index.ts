import { app } from "./app.ts";
import { handleQueue } from "./jobs/queue-handler.ts";
import { handleScheduled } from "./jobs/scheduled-handler.ts";

export { CampaignObject } from "./objects/campaign-object.ts";

export default {
  fetch: app.fetch,
  // The rewards scheduler: the cron trigger in wrangler.toml; locally the ticker of scripts/start.ts.
  scheduled: handleScheduled,
  // The analytics queue (POST /v1/events puts the tracker's batches on it), the telemetry queue (the worker's own
  // exception reports) with its dead letter queue, and the metrics polling queue (the scheduler's read groups):
  // wrangler.toml [[queues.consumers]].
  queue: handleQueue,
} satisfies ExportedHandler<Cloudflare.Env>;
