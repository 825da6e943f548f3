/**
 * What each network's published limits allow for one full pass of the benchmark's posts, and what X charges for it.
 * Figures as published when checked (November 2026); the sources are kept with them and written into the results.
 */
import { READS_PER_POST } from "../../worker/contracts/networks/api-costs.ts";
import { xPublishedRates } from "../../worker/contracts/networks/x/api-costs.ts";

const PER_HOUR_FROM_15_MIN = 4;
const PER_HOUR_FROM_5_MIN = 12;

export const publishedLimits = {
  x: {
    endpoint: "GET /2/tweets?ids= (post lookup, up to 100 ids)",
    idsPerRequest: 100,
    perUserPer15Min: 5_000,
    perAppPer15Min: 3_500,
    limitsSource: "https://docs.x.com/x-api/fundamentals/rate-limits (Posts: GET /2/tweets, 3,500/15 min per app, 5,000/15 min per user)",
    readPostMicros: xPublishedRates.readPost,
    ratesAsOf: xPublishedRates.asOf,
    /** A usage ceiling of pay-per-use, not a rate limit (transcribed from X's page by a third party; not in X's table itself). */
    monthlyPostReadCap: 3_000_000,
    capSource: "api-evangelist/x rate-limits/x-rate-limits.yml (transcribed from docs.x.com on 2026-08-28)",
  },
  bluesky: {
    endpoint: "app.bsky.feed.getPosts (up to 25 AT URIs, public, no session)",
    urisPerRequest: 25,
    perIpPer5Min: 3_000,
    limitsSource:
      "https://docs.bsky.app/docs/advanced-guides/rate-limits (PDS: all endpoints, 3,000 per 5 minutes per IP; the AppView " +
      "public.api.bsky.app publishes no figure: 'generous rate-limits. Please contact us if you encounter rate-limiting')",
  },
} as const;

export type NetworkPass = { posts: number; requests: number; creators: number };

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** X: Chorus reads each creator's posts with that creator's token, so the per-user limit applies per creator. */
export function xAllowance(pass: NetworkPass) {
  const limits = publishedLimits.x;
  const perUserPerHour = limits.perUserPer15Min * PER_HOUR_FROM_15_MIN;
  const requestsPerCreatorPerPass = pass.requests / pass.creators;
  const fewestRequestsPerPass = Math.ceil(pass.posts / limits.idsPerRequest);
  const passMicros = pass.posts * limits.readPostMicros;
  return {
    perUserRequestsPerHour: perUserPerHour,
    allCreatorsRequestsPerHour: perUserPerHour * pass.creators,
    requestsPerCreatorPerPass: round(requestsPerCreatorPerPass, 2),
    passesPerHourByUserLimit: Math.floor(perUserPerHour / requestsPerCreatorPerPass),
    perAppRequestsPerHour: limits.perAppPer15Min * PER_HOUR_FROM_15_MIN,
    fewestRequestsPerPass,
    passesPerHourByAppLimitAtFullBatches: round((limits.perAppPer15Min * PER_HOUR_FROM_15_MIN) / fewestRequestsPerPass),
    costPerPassUsd: passMicros / 1_000_000,
    costPerPostLifetimeUsd: (READS_PER_POST * limits.readPostMicros) / 1_000_000,
    costOfAllPostsLifetimeUsd: (pass.posts * READS_PER_POST * limits.readPostMicros) / 1_000_000,
    readsPerPostLifetime: READS_PER_POST,
    passesPerMonthByReadCap: Math.floor(limits.monthlyPostReadCap / pass.posts),
  };
}

/** Bluesky: getPosts needs no session, so every read counts against the reader's IP (the worker's egress). */
export function blueskyAllowance(pass: NetworkPass) {
  const limits = publishedLimits.bluesky;
  const perIpPerHour = limits.perIpPer5Min * PER_HOUR_FROM_5_MIN;
  const fewestRequestsPerPass = Math.ceil(pass.posts / limits.urisPerRequest);
  return {
    requestsPerPass: pass.requests,
    perIpRequestsPerHour: perIpPerHour,
    passesPerHourAsMeasured: round(perIpPerHour / pass.requests),
    fewestRequestsPerPass,
    passesPerHourAtFullBatches: round(perIpPerHour / fewestRequestsPerPass),
  };
}
