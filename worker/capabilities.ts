import { mailerFor } from "./clients/mailer-for.ts";
import type { Mailer } from "./clients/mailer.ts";
import { depositRailFor, type DepositRail } from "./clients/deposit-rail.ts";
import { payoutRailFor } from "./clients/payout-rail-for.ts";
import type { PayoutRail } from "./clients/payout-rail.ts";
import type { ExceptionReport } from "./clients/exception-report.ts";
import { createTelemetry, type Telemetry } from "./clients/telemetry.ts";
import { systemClock, type Clock } from "./clock.ts";
import { configFrom, type AppConfig } from "./config.ts";
import { meteredD1, startTimings, type ServerTimings } from "./timings.ts";
import type { Database } from "./database.ts";
import type { ClickRecord } from "./contracts/click-record.ts";

/** Wakes a campaign's Durable Object to run its due work on its alarm (worker/objects/campaign-object.ts). */
export type CampaignWakeUps = { wake(campaignId: string): Promise<void> };

/** The campaign objects of a namespace, each addressed by its campaign's id. */
export function campaignObjectsOf(namespace: Cloudflare.Env["CAMPAIGNS"]): CampaignWakeUps {
  return { wake: (campaignId) => namespace.get(namespace.idFromName(campaignId)).wake(campaignId) };
}

/**
 * What a use case may reach, built once per request (or per scheduled run) from the bindings and the validated
 * configuration, and handed to the domain as an argument: the database, the caches and buckets, the clock, the
 * clients of outside services and the secrets they need. Use cases name the part they use (`Pick<Capabilities, …>`),
 * so a test builds only that part.
 */
export type Capabilities = {
  /**
   * This request's (or run's) session of D1's Sessions API, metered: its round trips and waiting time go into
   * `timings`. Reads may be answered by a nearby read replica, never older than where the session started
   * (docs/decisions/035-read-replicas.md).
   */
  db: Database;
  /** Where the session stands after its latest query (null before any): the bookmark the client carries onwards. */
  d1Bookmark: () => D1SessionBookmark | null;
  brandCache: KVNamespace;
  /** Where a visit puts its referral click, to be counted and archived (docs/decisions/050-clicks-off-the-visit-path.md). */
  referralClicks: Queue<ClickRecord>;
  media: R2Bucket;
  /** The raw analytics events, one object per delivery and day (docs/decisions/036-events-out-of-d1.md). */
  eventArchive: R2Bucket;
  clock: Clock;
  config: AppConfig;
  /** Sends mail (Resend's API; locally the mail outbox). */
  mailer: Mailer;
  /** Pays withdrawals out (the payout provider; locally the payout rail emulator). */
  payoutRail: PayoutRail;
  /** Takes advertisers' deposits (the same provider's deposit side; locally the payout rail emulator). */
  depositRail: DepositRail;
  /**
   * Application Insights' ingestion endpoint (locally the telemetry sink): forwarding, and exception reports through
   * the telemetry queue.
   */
  telemetry: Telemetry;
  /** Signs access tokens (HS256). */
  signingKey: string;
  /** Encrypts the networks' tokens at rest (AES-256-GCM). */
  encryptionKey: string;
  /** The platform secret admin spoofing requires. */
  spoofingSecret: string;
  /** This request's Server-Timing entries (docs/decisions/028-page-cost.md). */
  timings: ServerTimings;
  /** The campaigns' own objects, woken when a change makes something due sooner (docs/decisions/039-a-million-creators.md). */
  campaignObjects: CampaignWakeUps;
};

/**
 * Where a D1 session starts: a bookmark a client carried (its reads are at least that recent), "first-unconstrained"
 * (the first read may go to any replica: a request that carried none) or "first-primary" (the first statement goes
 * to the primary: scheduled runs and queue consumers, which write).
 */
export type D1SessionStart = D1SessionBookmark | D1SessionConstraint;

export function capabilitiesFor(
  env: Cloudflare.Env,
  clock: Clock = systemClock,
  sessionStart: D1SessionStart = "first-primary",
): Capabilities {
  const config = configFrom(env);
  const timings = startTimings();
  const session = env.DB.withSession(sessionStart);
  return {
    db: meteredD1(session, timings.d1),
    d1Bookmark: () => session.getBookmark(),
    brandCache: env.BRAND_CACHE,
    referralClicks: env.REFERRAL_CLICKS_QUEUE as Queue<ClickRecord>,
    media: env.MEDIA,
    eventArchive: env.ANALYTICS_ARCHIVE,
    clock,
    config,
    mailer: mailerFor(config),
    payoutRail: payoutRailFor(config),
    depositRail: depositRailFor(config),
    // Built per request, not per isolate: a report is stamped with this request's clock.
    telemetry: createTelemetry(config.telemetry, clock, env.TELEMETRY_QUEUE as Queue<ExceptionReport>),
    signingKey: config.secrets.jwtSigningKey,
    encryptionKey: config.secrets.tokenEncryptionKey,
    spoofingSecret: config.secrets.adminSpoofingSecret,
    timings,
    campaignObjects: campaignObjectsOf(env.CAMPAIGNS),
  };
}
