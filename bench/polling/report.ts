/** The polling benchmark's results as Markdown (bench-results/polling-<date>.md), closing on the rate-limit arithmetic. */
import type { PollingBenchmarkResult } from "./run.ts";

const n = (value: number) => value.toLocaleString("en");
const usd = (value: number) => `$${value.toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 3 })}`;

export function pollingMarkdown(result: PollingBenchmarkResult): string {
  const { world, x, bluesky, allowance, sources } = result;
  const others = (counts: Record<string, number>) =>
    Object.keys(counts).length === 0
      ? "none"
      : Object.entries(counts)
          .map(([key, count]) => `${key} × ${n(count)}`)
          .join(", ");
  return [
    `# Metrics polling of ${n(world.xPosts + world.blueskyPosts)} posts (${result.date})`,
    "",
    `${n(world.creators)} creators in ${world.campaigns} live campaigns on X and Bluesky; every post due for its first poll at the start.`,
    `The production build's \`scheduled\` handler, run under Miniflare against the local stand-ins until every post was read once${result.complete ? "" : " (NOT reached: stopped early by POLL_BENCH_MAX_RUNS)"};`,
    `each run leases due posts in read groups and puts them on the polling queue, whose consumer (in the same Miniflare) reads and`,
    `writes them back before the next run. Product limits: a run leases at most ${n(result.limits.postsPerRun)} posts in ${n(result.limits.groupsPerRun)} groups (an X owner's`,
    `group is filled with their posts due within ${result.limits.pullAheadMinutes} min); a consumer invocation takes ${result.limits.groupsPerDelivery} groups, at most ${result.limits.networkCallsPerInvocation} network calls.`,
    "",
    "| | X | Bluesky |",
    "|---|---:|---:|",
    `| posts | ${n(x.posts)} | ${n(bluesky.posts)} |`,
    `| read once | ${n(x.read)} | ${n(bluesky.read)} |`,
    `| read requests (counted at the stand-in) | ${n(x.requests)} (GET /2/tweets) | ${n(bluesky.requests)} (getPosts) |`,
    `| posts per request (batch limit) | ${x.postsPerRequest} (100) | ${bluesky.postsPerRequest} (25) |`,
    `| other requests | ${others(x.otherRequests)} | ${others(bluesky.otherRequests)} |`,
    "",
    `Scheduler runs: ${n(result.schedulerRuns)} (${n(result.postsReadPerRun)} posts read per run); wall time ${n(result.wallSeconds)} s, of which`,
    `${n(result.schedulerSeconds)} s in the scheduled handler (${result.msPerRun} ms per run) and ${n(result.queueSeconds)} s until the queue's consumers had written`,
    `every run's groups back (longest, one run: ${result.longestQueueDrainSeconds} s, on two shared cores); posts with a failed poll: ${n(result.failedPosts)}.`,
    result.complete
      ? `The cron fires once a minute, so in production this pass takes ${n(result.schedulerRuns)} minutes (${result.productionPassHours} h).`
      : `At that pace a full pass needs about ${n(result.estimatedRunsForPass)} runs (extrapolated): with the cron once a minute, ${result.productionPassHours} h in production.`,
    `Setup (migrations, world, start): ${result.setupSeconds} s.`,
    "",
    "## What the networks' limits allow per hour at this size",
    "",
    `**X** (${sources.x.endpoint}): ${n(sources.x.perUserPer15Min)} requests / 15 min per user, ${n(sources.x.perAppPer15Min)} per app (${sources.x.limitsSource}).`,
    `Chorus reads with each creator's own token, so the per-user limit applies per creator: ${n(allowance.x.perUserRequestsPerHour)} requests an hour each,`,
    `${n(allowance.x.allCreatorsRequestsPerHour)} for the ${n(world.creators)} creators. A full pass needs ${allowance.x.requestsPerCreatorPerPass} request(s) per creator${result.complete ? "" : " (extrapolated)"}, so the limits allow`,
    `${n(allowance.x.passesPerHourByUserLimit)} full passes an hour: rate limits do not bind. (With an app-only token and full batches of 100, a pass is ${n(allowance.x.fewestRequestsPerPass)} requests`,
    `and the per-app limit of ${n(allowance.x.perAppRequestsPerHour)} an hour allows ${allowance.x.passesPerHourByAppLimitAtFullBatches} passes.) What binds is money: pay-per-use at ${usd(sources.x.readPostMicros / 1_000_000)} a post read`,
    `(rates of ${sources.x.ratesAsOf}) makes one pass of ${n(x.posts)} posts ${usd(allowance.x.costPerPassUsd)}, and the ${allowance.x.readsPerPostLifetime} reads of each post until it matures`,
    `${usd(allowance.x.costOfAllPostsLifetimeUsd)}; the monthly ceiling of ${n(sources.x.monthlyPostReadCap)} post reads (${sources.x.capSource}) allows ${allowance.x.passesPerMonthByReadCap} passes a month.`,
    "",
    `**Bluesky** (${sources.bluesky.endpoint}): ${n(sources.bluesky.perIpPer5Min)} requests / 5 min per IP on a PDS (${sources.bluesky.limitsSource}).`,
    `Reads need no session, so they count against the worker's IP: ${n(allowance.bluesky.perIpRequestsPerHour)} requests an hour. A full pass needs ${n(allowance.bluesky.requestsPerPass)} requests${result.complete ? "" : " (extrapolated)"},`,
    `so the limit allows ${allowance.bluesky.passesPerHourAsMeasured} passes an hour (${allowance.bluesky.passesPerHourAtFullBatches} at full batches of 25, ${n(allowance.bluesky.fewestRequestsPerPass)} requests a pass).`,
    "",
    `**The product's own pace**: one run a minute leases at most ${n(result.limits.postsPerRun)} posts in ${n(result.limits.groupsPerRun)} groups, one network call each`,
    `(plus one for the owner's access on X), read by as many queue consumer invocations as it takes (${result.limits.groupsPerDelivery} groups each).`,
    `A pass takes ${n(result.estimatedRunsForPass)} runs${result.complete ? "" : " (extrapolated)"}: ${result.productionPassHours} h for one read of every post, ${result.passesPerHour} passes an hour, against the`,
    `${n(allowance.x.passesPerHourByUserLimit)} (X) and ${allowance.bluesky.passesPerHourAsMeasured} (Bluesky) the networks' limits allow.`,
    "",
  ].join("\n");
}
