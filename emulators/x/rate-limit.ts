export type RateLimitedEndpoint = "users.me" | "users.tweets" | "tweets.lookup" | "tweets.create" | "tweets.delete" | "media.upload";
export type RateLimits = Record<RateLimitedEndpoint, number>;

/** Requests per 15-minute window, per user (or per app for app-only tokens) and endpoint. */
export const defaultRateLimits: RateLimits = {
  "users.me": 900,
  "users.tweets": 900,
  "tweets.lookup": 900,
  "tweets.create": 200,
  "tweets.delete": 200,
  "media.upload": 500,
};

const WINDOW_MS = 15 * 60 * 1000;

export type RateLimitDecision = { allowed: boolean; headers: Record<string, string> };

export type RateLimiter = {
  take(endpoint: RateLimitedEndpoint, subject: string): RateLimitDecision;
  /** Uses up the subject's current window of the endpoint (the emulator's control for tests); returns when it reopens. */
  exhaust(endpoint: RateLimitedEndpoint, subject: string): number;
};

/** Fixed windows that open with a subject's first request, like X's; counts live in memory only. */
export function createRateLimiter(limits: RateLimits, now: () => number): RateLimiter {
  const windows = new Map<string, { used: number; resetAt: number }>();
  const windowOf = (key: string, at: number) => {
    let window = windows.get(key);
    if (window === undefined || window.resetAt <= at) {
      window = { used: 0, resetAt: at + WINDOW_MS };
      windows.set(key, window);
    }
    return window;
  };
  return {
    exhaust(endpoint, subject) {
      const window = windowOf(`${endpoint} ${subject}`, now());
      window.used = limits[endpoint];
      return window.resetAt;
    },
    take(endpoint, subject) {
      const key = `${endpoint} ${subject}`;
      const at = now();
      const window = windowOf(key, at);
      const limit = limits[endpoint];
      const allowed = window.used < limit;
      if (allowed) window.used += 1;
      return {
        allowed,
        headers: {
          "x-rate-limit-limit": String(limit),
          "x-rate-limit-remaining": String(Math.max(0, limit - window.used)),
          "x-rate-limit-reset": String(Math.ceil(window.resetAt / 1000)),
        },
      };
    },
  };
}
