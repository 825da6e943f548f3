/**
 * Time as a dependency: lifecycle rules take a clock so that tests move time instead of waiting (the tests' clock
 * that stands still until moved is tests/support/clock.ts).
 */
export type Clock = { now(): number };

export const systemClock: Clock = { now: () => Date.now() };

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
