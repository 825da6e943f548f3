import { capabilitiesFor } from "../capabilities.ts";
import { readExceptionReport, type ExceptionReport } from "../clients/exception-report.ts";

/**
 * The telemetry queue's consumers (docs/decisions/029-telemetry-queue.md). The worker's own exception reports wait
 * on the queue until Application Insights' ingestion endpoint has accepted them: an outage of the endpoint delays
 * them instead of losing them.
 */

/** The first retry waits this long; each next one twice as long, up to the longest. */
const FIRST_RETRY_DELAY_SECONDS = 30;
const LONGEST_RETRY_DELAY_SECONDS = 2 * 60 * 60;
/** How much of a failure's message the log line of an undelivered report quotes. */
const LOGGED_MESSAGE_LENGTH = 1_000;

/**
 * Seconds until a report that failed on its `attempts`-th delivery is sent again: 30 s, 1 min, 2 min, … up to 2 h.
 * With wrangler.toml's 20 retries the last one comes about 26 hours after the failure.
 */
export function telemetryRetryDelaySeconds(attempts: number): number {
  return Math.min(FIRST_RETRY_DELAY_SECONDS * 2 ** (Math.max(attempts, 1) - 1), LONGEST_RETRY_DELAY_SECONDS);
}

/**
 * `chorus-telemetry`: the reports of a delivery go to the endpoint in one batch. A report the endpoint accepted is
 * acknowledged; one it refused for good is logged and acknowledged; every other one (endpoint unreachable, throttled
 * or failing) is retried after a delay that grows with its attempts. After the last retry of wrangler.toml the queue
 * moves it to the dead letter queue. A message the worker could not have queued is logged and acknowledged.
 */
export const handleTelemetryQueue: ExportedHandlerQueueHandler<Cloudflare.Env> = async (batch, env) => {
  const readable: Array<{ message: Message; report: ExceptionReport }> = [];
  for (const message of batch.messages) {
    const report = readExceptionReport(message.body);
    if (report === null) {
      console.error(`Telemetry queue: message ${message.id} is not an exception report; dropped.`);
      message.ack();
    } else readable.push({ message, report });
  }
  if (readable.length === 0) return;
  const deliveries = await capabilitiesFor(env).telemetry.sendExceptionReports(readable.map(({ report }) => report));
  const retryReasons: string[] = [];
  readable.forEach(({ message, report }, index) => {
    const delivery = deliveries[index] ?? { outcome: "retry", reason: "no outcome for this report" };
    if (delivery.outcome === "accepted") {
      message.ack();
    } else if (delivery.outcome === "refused") {
      console.error(
        `[${report.exception.incidentId}] The telemetry ingestion endpoint refused the exception report (${delivery.reason}); dropped.`,
      );
      message.ack();
    } else {
      retryReasons.push(delivery.reason);
      message.retry({ delaySeconds: telemetryRetryDelaySeconds(message.attempts) });
    }
  });
  if (retryReasons.length > 0) {
    const reasons = [...new Set(retryReasons)].join("; ");
    console.warn(`Telemetry queue: ${retryReasons.length} exception report(s) not delivered, to be sent again: ${reasons}`);
  }
};

/**
 * `chorus-telemetry-dead-letter`: reports that every retry of the telemetry queue failed to deliver. Each is written
 * to the worker's log as an error (Workers Logs, searchable by its incident id) and acknowledged: that is its final
 * outcome, and nothing sends it to the endpoint again.
 */
export const handleUndeliveredTelemetry: ExportedHandlerQueueHandler<Cloudflare.Env> = (batch) => {
  for (const message of batch.messages) {
    const report = readExceptionReport(message.body);
    if (report === null) {
      console.error(`Telemetry dead letter queue: message ${message.id} is not an exception report; dropped.`);
    } else {
      const { exception } = report;
      console.error(
        `[${exception.incidentId}] The exception report never reached the telemetry ingestion endpoint (every retry failed): ` +
          `${exception.method} ${exception.path} answered ${exception.statusCode} at ${new Date(report.occurredAt).toISOString()}; ` +
          `${exception.typeName ?? "Error"}: ${exception.message.slice(0, LOGGED_MESSAGE_LENGTH)}`,
      );
    }
    message.ack();
  }
};
