/**
 * Miniflare's rate limiters count in windows of the wall clock's minutes. A test that spends a budget must not
 * straddle two windows (the count would start again halfway), so it starts in a window with enough time left.
 */
export async function startInFreshRateLimitWindow(neededMs: number, periodMs = 60_000): Promise<void> {
  const leftInWindow = periodMs - (Date.now() % periodMs);
  if (leftInWindow < neededMs) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 50));
}
