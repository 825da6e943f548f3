import type { CampaignWakeUps } from "../capabilities.ts";
import type { Clock } from "../clock.ts";
import { loginStateSweepLimits, sweepExpiredLoginStates } from "../domain/accounts/login.ts";
import { defaultRetentionLimits, retentionSweeps, type RetentionLimits, type RetentionSweepName } from "../domain/retention/sweeps.ts";
import type { PollingDeps } from "../domain/rewards/deps.ts";
import {
  defaultDueCampaignLimits,
  emptyDueCampaignsReport,
  mergeDueCampaignsReports,
  runDueCampaigns,
  type DueCampaignLimits,
  type DueCampaignsReport,
} from "../domain/rewards/due-campaigns.ts";
import { defaultMaturityLimits, maturePosts, type MaturityLimits, type MaturityReport } from "../domain/rewards/maturity.ts";
import { defaultPollingLimits, emptyPollReport, pollDueMetrics, type PollingLimits, type PollReport } from "../domain/rewards/polling.ts";
import { emptyDepositSettlementReport, settleDeposits, type DepositSettlementReport } from "../domain/advertisers/funding.ts";
import type { DepositRail } from "../clients/deposit-rail.ts";
import { emptyReconcileReport, reconcileStaleReservations, type ReconcileReport } from "../domain/posts/reconcile-posts.ts";
import {
  continueAnnouncements,
  defaultAnnouncementFanOutLimits,
  type AnnouncementFanOutLimits,
} from "../domain/admin/ad-hoc-notifications.ts";
import { continueTermsFanOuts, defaultTermsFanOutLimits, type TermsFanOutLimits } from "../domain/terms/fan-out.ts";
import {
  defaultSettlementLimits,
  emptySettlementReport,
  settleWithdrawals,
  type SettlementDeps,
  type SettlementLimits,
  type SettlementReport,
} from "../domain/withdrawals/settlement.ts";
import {
  defaultCommissionLimits,
  emptyCommissionReport,
  recoverCommissionDebts,
  releaseDueCommissions,
  takeInConversions,
  type CommissionLimits,
  type CommissionReport,
} from "../domain/commissions/scheduled.ts";
import {
  approveDueReviews,
  defaultRiskLimits,
  emptyRiskReport,
  scoreNewCommissions,
  type RiskLimits,
  type RiskReport,
} from "../domain/risk/scheduled.ts";
import type { Database } from "../database.ts";
import type { D1Meter } from "../timings.ts";

/**
 * The scheduler: everything time does to campaigns and posts, run every minute by the cron trigger in production and
 * by the ticker of `npm start` locally (docs/decisions/008-ledger-and-rewards.md). Each step is idempotent and safe
 * to run concurrently: campaign moves are conditional UPDATEs, posts are leased before X is asked, weeks and
 * evaluations commit in single batches guarded by their own state, money moves carry idempotency keys. A run that
 * dies mid-way leaves nothing half-done; the next run picks up where it stopped. The worker's `scheduled` handler
 * is in scheduled-handler.ts; this module takes its dependencies as arguments, so Node scripts (the benchmark) run it too.
 */
export type SchedulerLimits = {
  polling: PollingLimits;
  maturity: MaturityLimits;
  campaigns: DueCampaignLimits;
  withdrawals: SettlementLimits;
  terms: TermsFanOutLimits;
  announcements: AnnouncementFanOutLimits;
  loginStates: typeof loginStateSweepLimits;
  retention: RetentionLimits;
  commissions: CommissionLimits;
  risk: RiskLimits;
};

export const defaultSchedulerLimits: SchedulerLimits = {
  polling: defaultPollingLimits,
  maturity: defaultMaturityLimits,
  campaigns: defaultDueCampaignLimits,
  withdrawals: defaultSettlementLimits,
  terms: defaultTermsFanOutLimits,
  announcements: defaultAnnouncementFanOutLimits,
  loginStates: loginStateSweepLimits,
  retention: defaultRetentionLimits,
  commissions: defaultCommissionLimits,
  risk: defaultRiskLimits,
};

/**
 * What the scheduler's steps need, every key required: a step whose dependency is left out does not compile, and one
 * left `undefined` at run time (a binding missing from the environment) fails the run before any step starts. `null`
 * turns a step off on purpose, for runs that cannot have its dependency (the Node benchmarks, tests of other steps);
 * the report names each step turned off (`stepsOff`). The worker's wiring is `schedulerDepsFromEnv`
 * (scheduled-handler.ts), which turns nothing off.
 */
export type SchedulerDeps = {
  db: Database;
  clock: Clock;
  /** The networks' adapters: metrics are read back, abandoned post reservations reconciled and abandoned sign-ins swept through them. */
  networks: PollingDeps["networks"];
  /**
   * Where due metrics reads go (docs/decisions/048-polling-fan-out.md): the polling queue in the worker. `null` (Node
   * scripts that run the scheduler in-process): a run reads its groups itself within its call budget.
   */
  pollingQueue: NonNullable<PollingDeps["pollingQueue"]> | null;
  /**
   * Where due campaigns go (docs/decisions/039-a-million-creators.md): each campaign's Durable Object, woken to run
   * its due work on its alarm. `null` (Node scripts, tests that move time): a run does each due campaign's work itself.
   */
  campaignObjects: CampaignWakeUps | null;
  /** Abandoned reservations are reconciled through the networks; `false` for the benchmarks, whose networks are never asked. */
  reconcileReservations: boolean;
  /** Withdrawal settlement (expiry, hand-over to the payout rail, completion or failure): the rail and the mailer. */
  withdrawals: SettlementDeps | null;
  /** Advertiser deposits (docs/decisions/020-funding-and-invitations.md): the deposit rail. */
  deposits: { depositRail: DepositRail } | null;
  /** Post images in R2: the unused-upload sweep deletes them with their rows. */
  media: R2Bucket | null;
  /** Opens click ids (the token encryption key): a commission's risk score judges how soon after its click it converted. */
  encryptionKey: string | null;
  limits?: Partial<SchedulerLimits>;
  /** The meter `db` reports to (worker/timings.ts): with it, the report gives each step's D1 work. */
  d1Meter?: D1Meter;
};

/** The keys of `SchedulerDeps` a run must be given (all but the tuning and the meter). */
type RequiredKey = { [Key in keyof SchedulerDeps]-?: undefined extends SchedulerDeps[Key] ? never : Key }[keyof SchedulerDeps];

/** Every required key, each with the step it serves; a `Record`, so a new required key does not compile until it is listed. */
const stepOf: Record<RequiredKey, string> = {
  db: "every step",
  clock: "every step",
  networks: "metric polling",
  pollingQueue: "metric polling",
  campaignObjects: "campaign lifecycle",
  reconcileReservations: "post reconciliation",
  withdrawals: "withdrawal settlement",
  deposits: "deposit settlement",
  media: "retention: unused uploads",
  encryptionKey: "risk scoring's click timing",
};

/** Throws, naming each key left `undefined` (a wiring mistake), rather than letting a step be skipped. */
export function requireSchedulerDeps(deps: SchedulerDeps): void {
  const missing = (Object.keys(stepOf) as RequiredKey[]).filter((key) => (deps as Partial<SchedulerDeps>)[key] === undefined);
  if (missing.length > 0) {
    throw new Error(`The scheduler's dependencies are missing: ${missing.map((key) => `${key} (${stepOf[key]})`).join(", ")}`);
  }
}

/** The steps `deps` turns off on purpose: `null` for a rail, the bucket or the key, or no reconciliation. */
function stepsOff(deps: SchedulerDeps): string[] {
  const off = (["withdrawals", "deposits", "media", "encryptionKey"] as const)
    .filter((key) => deps[key] === null)
    .map((key) => stepOf[key]);
  return deps.reconcileReservations ? off : [stepOf.reconcileReservations, ...off];
}

/** What one step asked of D1: statements, rows read and written (D1's `meta`), and the time spent waiting on it. */
export type StepD1 = { statements: number; rowsRead: number; rowsWritten: number; ms: number };

export type SchedulerReport = {
  /**
   * Campaigns found due and not done yet (started, in their last day, ended, a week to close, health, evaluation):
   * woken, or run in-process without objects, with what that did. Twice per run: before polling, and after maturity
   * (weeks a maturing post made due).
   */
  campaigns: DueCampaignsReport;
  /** Posts whose request died between X and D1: adopted from X, or released (docs/decisions/026-data-hardening.md). */
  reservations: ReconcileReport;
  polling: PollReport;
  maturity: MaturityReport;
  withdrawals: SettlementReport;
  deposits: DepositSettlementReport;
  /** Conversions taken in as commissions or reversals, commissions released, debts recovered (docs/decisions/045-commissions.md). */
  commissions: CommissionReport;
  /**
   * Commissions scored and held for review, and items approved when their review window ended: commissions below their
   * threshold and held posts nobody decided (docs/decisions/047-risk-and-review.md).
   */
  risk: RiskReport;
  /** The steps this run's dependencies turned off on purpose (`null`); always empty in the worker. */
  stepsOff: string[];
  /** Creators who got the `terms-and-conditions` notification of new terms in this run (docs/decisions/032, section 2). */
  termsNotified: number;
  /** Users who got an admin's announcement (ad-hoc notification) in this run, beyond its first pages. */
  announcementsNotified: number;
  /** Abandoned sign-ins (expired OAuth states) deleted in this run. */
  loginStatesSwept: number;
  /** Rows each retention sweep deleted in this run (README "Retention"). */
  retention: Partial<Record<RetentionSweepName, number>>;
  /** Steps that failed in this run (logged); the next run tries them again. */
  failedSteps: string[];
  /** How long each step took (wall time). */
  stepMilliseconds: Record<string, number>;
  /** Each step's D1 work, when the run was given the meter of its database (`d1Meter`). */
  stepD1: Record<string, StepD1>;
};

type StepLog = { failed: string[]; milliseconds: Record<string, number>; d1: Record<string, StepD1>; meter?: D1Meter };

async function step<Result>(name: string, log: StepLog, fallback: Result, work: () => Promise<Result>): Promise<Result> {
  const started = performance.now();
  const meter = log.meter;
  const before = meter === undefined ? undefined : { ...meter };
  try {
    return await work();
  } catch (error) {
    log.failed.push(name);
    console.error(`Scheduler: ${name} failed; the next run retries it`, error);
    return fallback;
  } finally {
    log.milliseconds[name] = Math.round(performance.now() - started);
    if (meter !== undefined && before !== undefined) {
      log.d1[name] = {
        statements: meter.statements - before.statements,
        rowsRead: meter.rowsRead - before.rowsRead,
        rowsWritten: meter.rowsWritten - before.rowsWritten,
        ms: Math.round((meter.waitingMs - before.waitingMs) * 10) / 10,
      };
    }
  }
}

/**
 * One run of every step, in the order that lets a post go furthest in one run: due campaigns move on (on their
 * objects' alarms; docs/decisions/039-a-million-creators.md), due metrics are polled (a post is tracked from the moment
 * it gets its network id, docs/decisions/033-bounded-statements.md), ripe posts mature, campaigns due again (weeks
 * to close, evaluation) are taken up, withdrawals are settled with the payout rail (docs/decisions/015-withdrawals.md),
 * new terms and admins' announcements reach more creators (docs/decisions/032-spec-server-items.md), abandoned
 * sign-ins are swept (docs/decisions/023-limits-on-every-door.md) and the retention sweeps delete what has outlived
 * its use (docs/decisions/036-events-out-of-d1.md). A failing step does not stop the others.
 */
export async function runScheduledWork(deps: SchedulerDeps): Promise<SchedulerReport> {
  requireSchedulerDeps(deps);
  const limits = { ...defaultSchedulerLimits, ...deps.limits };
  const rewards = { db: deps.db, clock: deps.clock };
  const log: StepLog = { failed: [], milliseconds: {}, d1: {}, ...(deps.d1Meter === undefined ? {} : { meter: deps.d1Meter }) };
  const holder = `run_${crypto.randomUUID()}`;
  const dueCampaigns = { ...rewards, holder, campaignObjects: deps.campaignObjects, wokenThisRun: new Set<string>() };
  const started = await step("campaigns due", log, emptyDueCampaignsReport(), () => runDueCampaigns(dueCampaigns, limits.campaigns));
  const reservations = !deps.reconcileReservations
    ? emptyReconcileReport
    : await step("post reconciliation", log, emptyReconcileReport, () =>
        reconcileStaleReservations({ ...rewards, networks: deps.networks }),
      );
  const pollingDeps = deps.pollingQueue === null ? {} : { pollingQueue: deps.pollingQueue };
  const polling = await step("metric polling", log, emptyPollReport, () =>
    pollDueMetrics({ ...rewards, networks: deps.networks, ...pollingDeps }, limits.polling),
  );
  const maturity = await step("post maturity", log, { matured: 0, eligible: 0, claimed: 0, notEligible: 0 }, () =>
    maturePosts(rewards, limits.maturity),
  );
  const matured = await step("campaigns due after maturity", log, emptyDueCampaignsReport(), () =>
    runDueCampaigns(dueCampaigns, limits.campaigns),
  );
  const settlementDeps = deps.withdrawals;
  const withdrawals =
    settlementDeps === null
      ? emptySettlementReport
      : await step("withdrawal settlement", log, emptySettlementReport, () =>
          settleWithdrawals({ ...settlementDeps, db: deps.db, clock: deps.clock }, limits.withdrawals),
        );
  const depositDeps = deps.deposits;
  const deposits =
    depositDeps === null
      ? emptyDepositSettlementReport
      : await step("deposit settlement", log, emptyDepositSettlementReport, () =>
          settleDeposits({ db: deps.db, clock: deps.clock, depositRail: depositDeps.depositRail }),
        );
  const intake = await step(
    "commission intake",
    log,
    emptyCommissionReport,
    async () => (await takeInConversions(deps.db, deps.clock, limits.commissions.intake)).report,
  );
  const scoring = await step("risk scoring", log, { scored: 0, held: 0 }, () =>
    scoreNewCommissions(deps.encryptionKey === null ? rewards : { ...rewards, encryptionKey: deps.encryptionKey }, limits.risk.scoring),
  );
  const approved = await step("review approval", log, 0, () => approveDueReviews(rewards, limits.risk.approval));
  const released = await step("commission release", log, 0, () => releaseDueCommissions(deps.db, deps.clock, limits.commissions.release));
  const recovered = await step("commission debts", log, 0, () => recoverCommissionDebts(deps.db, deps.clock, limits.commissions.debts));
  const termsNotified = await step("terms notifications", log, 0, async () => (await continueTermsFanOuts(rewards, limits.terms)).notified);
  const announcementsNotified = await step(
    "announcements",
    log,
    0,
    async () => (await continueAnnouncements(rewards, limits.announcements)).notified,
  );
  const loginStatesSwept = await step("login state sweep", log, 0, () =>
    sweepExpiredLoginStates({ ...rewards, networks: deps.networks }, limits.loginStates),
  );
  const retention: Partial<Record<RetentionSweepName, number>> = {};
  const sweepDeps = deps.media === null ? rewards : { ...rewards, media: deps.media };
  for (const sweep of retentionSweeps(sweepDeps, limits.retention)) {
    retention[sweep.name] = await step(`retention: ${sweep.name}`, log, 0, sweep.run);
  }
  return {
    campaigns: mergeDueCampaignsReports(started, matured),
    reservations,
    polling,
    maturity,
    withdrawals,
    deposits,
    commissions: { ...intake, released, recovered },
    risk: { ...emptyRiskReport, ...scoring, approved },
    stepsOff: stepsOff(deps),
    termsNotified,
    announcementsNotified,
    loginStatesSwept,
    retention,
    failedSteps: log.failed,
    stepMilliseconds: log.milliseconds,
    stepD1: log.d1,
  };
}
