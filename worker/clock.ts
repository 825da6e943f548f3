/** Time as a dependency: lifecycle rules take a clock so that tests move time instead of waiting. */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };

export function fixedClock(at: number): Clock & { advance(milliseconds: number): void } {
  let current = at;
  return {
    now: () => current,
    advance(milliseconds) {
      current += milliseconds;
    },
  };
}

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
