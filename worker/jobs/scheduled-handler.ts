import { capabilitiesFor } from "../capabilities.ts";
import { systemClock, type Clock } from "../clock.ts";
import { networksFor } from "../domain/networks/registry.ts";
import type { ReadGroup } from "../domain/rewards/read-groups.ts";
import { requireSchedulerDeps, runScheduledWork, type SchedulerDeps, type SchedulerReport } from "./scheduler.ts";

/**
 * The scheduler's dependencies in the worker: the run's capabilities, the networks' adapters built from them, and the
 * polling queue. Every step gets what it needs (none is turned off); a binding missing from `env` throws here, naming
 * it, instead of a step being skipped.
 */
export function schedulerDepsFromEnv(env: Cloudflare.Env, clock: Clock = systemClock): SchedulerDeps {
  const capabilities = capabilitiesFor(env, clock);
  const deps: SchedulerDeps = {
    db: capabilities.db,
    clock: capabilities.clock,
    networks: networksFor(capabilities),
    pollingQueue: env.POLLING_QUEUE as Queue<ReadGroup>,
    campaignObjects: capabilities.campaignObjects,
    reconcileReservations: true,
    withdrawals: capabilities,
    deposits: capabilities,
    media: capabilities.media,
    encryptionKey: capabilities.encryptionKey,
  };
  requireSchedulerDeps(deps);
  return deps;
}

function summary(report: SchedulerReport): string | null {
  const parts = [
    report.campaigns.woken > 0 ? `${report.campaigns.woken} due campaign(s) woken` : "",
    report.polling.polled + report.polling.deleted > 0
      ? `${report.polling.polled} polled, ${report.polling.deleted} deleted on their network`
      : "",
    report.polling.queued > 0 ? `${report.polling.queued} metrics read(s) queued` : "",
    report.maturity.matured > 0 ? `${report.maturity.matured} matured` : "",
    report.withdrawals.completed > 0 ? `${report.withdrawals.completed} withdrawal(s) completed` : "",
    report.withdrawals.failed > 0 ? `${report.withdrawals.failed} withdrawal(s) failed` : "",
    report.withdrawals.expired > 0 ? `${report.withdrawals.expired} withdrawal(s) expired` : "",
    report.withdrawals.handedOver > 0 ? `${report.withdrawals.handedOver} withdrawal(s) handed to the payout rail` : "",
    report.deposits.credited > 0 ? `${report.deposits.credited} deposit(s) credited` : "",
    report.risk.held > 0 ? `${report.risk.held} commission(s) held for review` : "",
    report.termsNotified > 0 ? `${report.termsNotified} creator(s) told of new terms` : "",
    report.announcementsNotified > 0 ? `${report.announcementsNotified} user(s) given an announcement` : "",
    report.reservations.adopted > 0 ? `${report.reservations.adopted} abandoned post(s) adopted from X` : "",
    report.reservations.released > 0 ? `${report.reservations.released} abandoned post reservation(s) released` : "",
    report.loginStatesSwept > 0 ? `${report.loginStatesSwept} expired sign-in state(s) swept` : "",
    ...Object.entries(report.retention).map(([sweep, deleted]) => (deleted > 0 ? `${deleted} ${sweep} deleted` : "")),
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
