import type { Clock } from "../../worker/clock.ts";

/**
 * A clock that stands still until the test moves it, so tests move time instead of waiting. Test code only
 * (tests, end-to-end set-up, benchmarks): the product runs on `systemClock`.
 */
export function fixedClock(at: number): Clock & { advance(milliseconds: number): void } {
  let current = at;
  return {
    now: () => current,
    advance(milliseconds) {
      current += milliseconds;
    },
  };
}
