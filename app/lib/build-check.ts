import { z } from "zod";

/** SPEC.md section 9: look for a new build every hour. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;

const latestBuildSchema = z.object({ id: z.string(), timestamp: z.number() });

/**
 * Asks `builds/latest.json` (with a timestamp query, past every cache) whether a newer build is deployed. Answers
 * true when its id differs from the running build's; a failed check answers false and is tried next hour.
 */
export async function isNewBuildDeployed(runningBuildId: string, fetcher: typeof fetch, now: number): Promise<boolean> {
  try {
    const response = await fetcher(`/builds/latest.json?${now}`, { cache: "no-store" });
    if (!response.ok) return false;
    const latest = latestBuildSchema.safeParse(await response.json());
    return latest.success && latest.data.id !== runningBuildId;
  } catch {
    return false;
  }
}
