import { systemClock, type Clock } from "../clock.ts";
import { xClientFor } from "../clients/x-client-for.ts";
import { configFrom } from "../config.ts";
import { freshXAccessToken } from "../domain/accounts/x-credentials.ts";
import { runScheduledWork, type SchedulerDeps, type SchedulerReport } from "./scheduler.ts";

/** The scheduler's dependencies from the worker's bindings and validated configuration. */
export function schedulerDepsFromEnv(env: Cloudflare.Env, clock: Clock = systemClock): SchedulerDeps {
  const config = configFrom(env);
  const xClient = xClientFor(config);
  const encryptionKey = config.secrets.tokenEncryptionKey;
  return {
    db: env.DB,
    clock,
    xClient,
    accessTokenFor: (userId) => freshXAccessToken({ db: env.DB, clock, encryptionKey, xClient }, userId),
  };
}

function summary(report: SchedulerReport): string | null {
  const parts = [
    report.campaignsMoved.length > 0 ? `${report.campaignsMoved.length} campaign(s) moved` : "",
    report.postsTracked > 0 ? `${report.postsTracked} post(s) tracked` : "",
    report.polling.polled + report.polling.deleted > 0 ? `${report.polling.polled} polled, ${report.polling.deleted} deleted on X` : "",
    report.maturity.matured > 0 ? `${report.maturity.matured} matured` : "",
    report.weeks.closed > 0 ? `${report.weeks.closed} week(s) closed` : "",
    report.evaluation.evaluated.length > 0 ? `${report.evaluation.evaluated.length} campaign(s) evaluated` : "",
  ].filter((part) => part !== "");
  return parts.length === 0 ? null : parts.join(", ");
}

/** The `scheduled` handler (the cron trigger; locally `/cdn-cgi/handler/scheduled` of `wrangler dev`). */
export const handleScheduled: ExportedHandlerScheduledHandler<Cloudflare.Env> = (_controller, env, ctx) => {
  ctx.waitUntil(
    runScheduledWork(schedulerDepsFromEnv(env)).then((report) => {
      const line = summary(report);
      if (line !== null) console.info(`Scheduler: ${line}`);
    }),
  );
};
