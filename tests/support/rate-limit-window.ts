/**
 * Miniflare's rate limiters count in windows of the wall clock's minutes. A test that spends a budget must not
 * straddle two windows (the count would start again halfway), so it starts in a window with enough time left.
 */
export async function startInFreshRateLimitWindow(neededMs: number, periodMs = 60_000): Promise<void> {
  const leftInWindow = periodMs - (Date.now() % periodMs);
  if (leftInWindow < neededMs) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 50));
}

/**
 * Runs `work` (which spends a budget of fresh addresses or people it makes itself) inside one limiter window of `windowSeconds`. On a busy
 * machine a burst can still straddle two windows, where the count starts again halfway: a failure then earns one
 * more try, in a new window.
 */
export async function inOneWindow(windowSeconds: number, neededMs: number, work: () => Promise<void>): Promise<void> {
  const windowOf = (time: number) => Math.floor(time / (windowSeconds * 1000));
  for (let attempt = 1; ; attempt += 1) {
    await startInFreshRateLimitWindow(neededMs, windowSeconds * 1000);
    const startedIn = windowOf(Date.now());
    try {
      await work();
      return;
    } catch (error) {
      if (attempt > 1 || windowOf(Date.now()) === startedIn) throw error;
    }
  }
}
