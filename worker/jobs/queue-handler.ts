import { handleAnalyticsQueue } from "./analytics-consumer.ts";
import { handlePollingQueue } from "./polling-consumer.ts";
import { handleReferralClickQueue } from "./referral-click-consumer.ts";
import { handleTelemetryQueue, handleUndeliveredTelemetry } from "./telemetry-consumer.ts";

/** The consumer of each queue of wrangler.toml ([[queues.consumers]]), by the queue's name. */
const consumers: Record<string, ExportedHandlerQueueHandler<Cloudflare.Env>> = {
  "chorus-analytics": handleAnalyticsQueue,
  "chorus-referral-clicks": handleReferralClickQueue,
  "chorus-metrics-polling": handlePollingQueue,
  "chorus-telemetry": handleTelemetryQueue,
  "chorus-telemetry-dead-letter": handleUndeliveredTelemetry,
};

/** The worker's `queue` handler: hands each delivery to its queue's consumer. */
export const handleQueue: ExportedHandlerQueueHandler<Cloudflare.Env> = async (batch, env, ctx) => {
  const consume = consumers[batch.queue];
  // Thrown, the delivery is retried as a whole: a queue renamed in wrangler.toml but not here loses nothing.
  if (consume === undefined) throw new Error(`No consumer for the queue ${batch.queue} (worker/jobs/queue-handler.ts).`);
  await consume(batch, env, ctx);
};
