import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { schedulerDepsFromEnv } from "../../../worker/jobs/scheduled-handler.ts";
import { runScheduledWork, type SchedulerDeps } from "../../../worker/jobs/scheduler.ts";
import { fixedClock } from "../../support/clock.ts";

/*
 * The scheduler's wiring in the worker (worker/jobs/scheduled-handler.ts): every step gets its dependency, and one
 * missing fails loudly instead of the step being skipped (a settlement that silently never runs).
 */

const clock = () => fixedClock(Date.UTC(2026, 11, 7, 12));
const without = (binding: string) => ({ ...env, [binding]: undefined }) as unknown as Cloudflare.Env;

describe("the scheduler's wiring in the worker", () => {
  it("gives every step what it needs: a run turns no step off and no step fails", async () => {
    const report = await runScheduledWork(schedulerDepsFromEnv(env, clock()));
    expect(report.stepsOff).toEqual([]);
    expect(report.failedSteps).toEqual([]);
  });

  it("throws, naming what is missing, when a binding a step needs is not in the environment", () => {
    expect(() => schedulerDepsFromEnv(without("MEDIA"), clock())).toThrow(
      "The scheduler's dependencies are missing: media (retention: unused uploads)",
    );
    expect(() => schedulerDepsFromEnv(without("POLLING_QUEUE"), clock())).toThrow(
      "The scheduler's dependencies are missing: pollingQueue (metric polling)",
    );
  });

  it("refuses to run, before any step, with a step's dependency left out", async () => {
    const { withdrawals: _leftOut, deposits: _alsoLeftOut, ...rest } = schedulerDepsFromEnv(env, clock());
    // @ts-expect-error: the type requires every step's dependency, so leaving one out does not compile either
    const incomplete: SchedulerDeps = rest;
    await expect(runScheduledWork(incomplete)).rejects.toThrow(
      "The scheduler's dependencies are missing: withdrawals (withdrawal settlement), deposits (deposit settlement)",
    );
  });

  it("names each step a run turns off on purpose", async () => {
    const deps = { ...schedulerDepsFromEnv(env, clock()), reconcileReservations: false, withdrawals: null, media: null };
    expect((await runScheduledWork(deps)).stepsOff).toEqual(["post reconciliation", "withdrawal settlement", "retention: unused uploads"]);
  });
});
