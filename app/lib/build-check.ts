/** SPEC.md section 9: look for a new build every hour. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

/** The id of `builds/latest.json`, checked by hand: the check runs on every page, and no public page loads zod. */
function buildIdOf(latest: unknown): string | null {
  if (typeof latest !== "object" || latest === null || !("id" in latest) || !("timestamp" in latest)) return null;
  return typeof latest.id === "string" && typeof latest.timestamp === "number" ? latest.id : null;
}

/**
 * Asks `builds/latest.json` (with a timestamp query, past every cache) whether a newer build is deployed. Answers
 * true when its id differs from the running build's; a failed check answers false and is tried next hour.
 */
export async function isNewBuildDeployed(runningBuildId: string, fetcher: typeof fetch, now: number): Promise<boolean> {
  try {
    const response = await fetcher(`/builds/latest.json?${now}`, { cache: "no-store" });
    if (!response.ok) return false;
    const latestId = buildIdOf(await response.json());
    return latestId !== null && latestId !== runningBuildId;
  } catch {
    return false;
  }
}
