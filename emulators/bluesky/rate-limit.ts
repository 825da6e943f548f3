/**
 * Bluesky's per-account write limits on a PDS: each create costs 3 points, an update 2, a delete 1; an account has
 * 5,000 points an hour and 35,000 a day. Answers carry the hourly window's RateLimit-* headers, as the PDS does.
 */
export type WriteKind = "create" | "update" | "delete";
export const WRITE_POINTS: Record<WriteKind, number> = { create: 3, update: 2, delete: 1 };

export type WriteLimits = { pointsPerHour: number; pointsPerDay: number };
export const defaultWriteLimits: WriteLimits = { pointsPerHour: 5000, pointsPerDay: 35000 };

export type RateLimitDecision = { allowed: boolean; headers: Record<string, string> };
export type WritePointLimiter = {
  take(did: string, kind: WriteKind): RateLimitDecision;
  /** Spends what is left of the account's hour, as a busy client of the account would. */
  exhaust(did: string): void;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Fixed windows that open with an account's first write; counts live in memory only. */
export function createWritePointLimiter(limits: WriteLimits, now: () => number): WritePointLimiter {
  const windows = new Map<string, { used: number; resetAt: number }>();
  function windowOf(key: string, length: number) {
    const at = now();
    let window = windows.get(key);
    if (window === undefined || window.resetAt <= at) {
      window = { used: 0, resetAt: at + length };
      windows.set(key, window);
    }
    return window;
  }
  return {
    take(did, kind) {
      const cost = WRITE_POINTS[kind];
      const hour = windowOf(`hour ${did}`, HOUR_MS);
      const day = windowOf(`day ${did}`, DAY_MS);
      const allowed = hour.used + cost <= limits.pointsPerHour && day.used + cost <= limits.pointsPerDay;
      if (allowed) {
        hour.used += cost;
        day.used += cost;
      }
      return {
        allowed,
        headers: {
          "RateLimit-Limit": String(limits.pointsPerHour),
          "RateLimit-Remaining": String(Math.max(0, limits.pointsPerHour - hour.used)),
          "RateLimit-Reset": String(Math.ceil(hour.resetAt / 1000)),
          "RateLimit-Policy": `${limits.pointsPerHour};w=3600`,
        },
      };
    },
    exhaust(did) {
      const hour = windowOf(`hour ${did}`, HOUR_MS);
      hour.used = Math.max(hour.used, limits.pointsPerHour);
    },
  };
}
