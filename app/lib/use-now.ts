import { useSyncExternalStore } from "react";

function everySecond(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, 1000);
  return () => window.clearInterval(timer);
}

function never(): () => void {
  return () => undefined;
}

/** The time to the second: the same value for every read within a second, as `useSyncExternalStore` needs. */
function currentSecond(): number {
  return Math.floor(Date.now() / 1000) * 1000;
}

/** The current time, re-rendering every second while `active` (for countdowns and locks). */
export function useNow(active: boolean): number {
  return useSyncExternalStore(active ? everySecond : never, currentSecond, currentSecond);
}

/** Whole seconds from `now` until `at` (0 once it has passed). */
export function secondsLeft(at: number | null, now: number): number {
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}
