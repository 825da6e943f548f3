import { mailerFor } from "./clients/mailer-for.ts";
import type { Mailer } from "./clients/mailer.ts";
import { depositRailFor, type DepositRail } from "./clients/deposit-rail.ts";
import { payoutRailFor } from "./clients/payout-rail-for.ts";
import type { PayoutRail } from "./clients/payout-rail.ts";
import type { ExceptionReport } from "./clients/exception-report.ts";
import { createTelemetry, type Telemetry } from "./clients/telemetry.ts";
import { xClientFor } from "./clients/x-client-for.ts";
import type { XClient } from "./clients/x-client.ts";
import { systemClock, type Clock } from "./clock.ts";
import { configFrom, type AppConfig } from "./config.ts";
import { meteredD1, startTimings, type ServerTimings } from "./timings.ts";

/**
 * What a use case may reach, built once per request (or per scheduled run) from the bindings and the validated
 * configuration, and handed to the domain as an argument: the database, the caches and buckets, the clock, the
 * clients of outside services and the secrets they need. Use cases name the part they use (`Pick<Capabilities, …>`),
 * so a test builds only that part.
 */
export type Capabilities = {
  /** The D1 binding, metered: its round trips and waiting time go into `timings`. */
  db: D1Database;
  brandCache: KVNamespace;
  media: R2Bucket;
  /** The raw analytics events, one object per delivery and day (docs/decisions/036-events-out-of-d1.md). */
  eventArchive: R2Bucket;
  clock: Clock;
  config: AppConfig;
  xClient: XClient;
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
  /** Encrypts X's tokens at rest (AES-256-GCM). */
  encryptionKey: string;
  /** The platform secret admin spoofing requires. */
  spoofingSecret: string;
  /** This request's Server-Timing entries (docs/decisions/028-page-cost.md). */
  timings: ServerTimings;
};

export function capabilitiesFor(env: Cloudflare.Env, clock: Clock = systemClock): Capabilities {
  const config = configFrom(env);
  const timings = startTimings();
  return {
    db: meteredD1(env.DB, timings.d1),
    brandCache: env.BRAND_CACHE,
    media: env.MEDIA,
    eventArchive: env.ANALYTICS_ARCHIVE,
    clock,
    config,
    xClient: xClientFor(config),
    mailer: mailerFor(config),
    payoutRail: payoutRailFor(config),
    depositRail: depositRailFor(config),
    // Built per request, not per isolate: a report is stamped with this request's clock.
    telemetry: createTelemetry(config.telemetry, clock, env.TELEMETRY_QUEUE as Queue<ExceptionReport>),
    signingKey: config.secrets.jwtSigningKey,
    encryptionKey: config.secrets.tokenEncryptionKey,
    spoofingSecret: config.secrets.adminSpoofingSecret,
    timings,
  };
}
