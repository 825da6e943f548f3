import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../contracts/errors.ts";
import { verifyAccessToken } from "../domain/accounts/access-tokens.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { bearerToken } from "./authenticate.ts";

type RateLimiterName = {
  [Name in keyof Cloudflare.Env]: Cloudflare.Env[Name] extends RateLimit ? Name : never;
}[keyof Cloudflare.Env];

/** A door an attacker with a script tries first, and the budget (wrangler.toml `[[ratelimits]]`) it counts against. */
type Door = {
  methods: ReadonlySet<string> | "any";
  path: RegExp;
  limiter: RateLimiterName;
  /** Finishes "Too many … in a short time." */
  what: string;
  /** The binding's `period` in wrangler.toml: how long to wait once the budget is spent. */
  windowSeconds: 10 | 60;
  /** Ingestion calls carry API keys, not bearer tokens: only the address counts. */
  addressOnly?: boolean;
};

const get = new Set(["GET"]);
const post = new Set(["POST"]);

/**
 * Every rate-limited door but the state-changing calls in general (write-limits.ts) and the endpoints with a limit of
 * their own (analytics, telemetry, the per-key ingestion budget). The first matching door counts; budgets and why
 * they are what they are: wrangler.toml and docs/decisions/023-limits-on-every-door.md.
 */
export const doors: readonly Door[] = [
  {
    methods: get,
    path: /^\/auth\/twitter\/(?:(?:read|write|advertiser|link)\/login|callback)$/,
    limiter: "SIGN_IN_RATE_LIMITER",
    what: "sign-ins",
    windowSeconds: 60,
  },
  { methods: post, path: /^\/auth\/(?:token|session\/tokens)$/, limiter: "TOKEN_RATE_LIMITER", what: "token requests", windowSeconds: 60 },
  {
    methods: new Set(["GET", "POST"]),
    path: /^\/auth\/admin-spoofing(?:\/|$)/,
    limiter: "SPOOFING_RATE_LIMITER",
    what: "spoofing attempts",
    windowSeconds: 60,
  },
  { methods: "any", path: /^\/trpc(?:\/|$)/, limiter: "TRPC_RATE_LIMITER", what: "requests", windowSeconds: 60 },
  { methods: post, path: /^\/v1\/action\/post\/attachment$/, limiter: "UPLOAD_RATE_LIMITER", what: "uploads", windowSeconds: 60 },
  { methods: post, path: /^\/v1\/feedback$/, limiter: "FEEDBACK_RATE_LIMITER", what: "feedback messages", windowSeconds: 60 },
  {
    methods: post,
    path: /^\/v1\/(?:user\/settings\/(?:email\/approve|email\/verify-link|two-factor\/approve)|withdrawal\/[^/]+\/verify(?:\/resend)?)$/,
    limiter: "CODE_RATE_LIMITER",
    what: "code checks",
    windowSeconds: 60,
  },
  {
    methods: post,
    path: /^\/v1\/conversion\/event\/ingest$/,
    limiter: "INGEST_ADDRESS_RATE_LIMITER",
    what: "ingestion calls from this address",
    windowSeconds: 10,
    addressOnly: true,
  },
];

export function doorOf(method: string, path: string): Door | undefined {
  // Hono answers a HEAD with the GET route (without the body): it must count as that GET.
  const routed = method === "HEAD" ? "GET" : method;
  return doors.find((door) => (door.methods === "any" || door.methods.has(routed)) && door.path.test(path));
}

/** The user a valid bearer token names, checked by its signature alone (no database read just to pick a budget). */
async function bearerUserId(c: Context<WorkerEnv>): Promise<string | null> {
  const token = bearerToken(c.req.header("authorization"));
  if (token === null) return null;
  const { signingKey, clock } = c.get("capabilities");
  return verifyAccessToken(token, signingKey, clock).then(
    (claims) => claims.userId,
    () => null,
  );
}

/**
 * Rate limits on the doors of `doors`: one budget per client address and, when a valid bearer token names the user,
 * one per user as well, so neither many accounts behind one address nor one account behind many addresses gets
 * more. Over either: 429 `rate_limited` with Retry-After, before anything is looked up or parsed.
 */
export const doorLimits = createMiddleware<WorkerEnv>(async (c, next) => {
  const door = doorOf(c.req.method, c.req.path);
  if (door === undefined) return next();
  const limiter = c.env[door.limiter];
  const address = c.req.header("cf-connecting-ip") ?? "unknown";
  const keys = [`address:${address}`];
  const userId = door.addressOnly ? null : await bearerUserId(c);
  if (userId !== null) keys.push(`user:${userId}`);
  for (const key of keys) {
    const { success } = await limiter.limit({ key });
    if (!success) {
      const wait = door.windowSeconds === 60 ? "a minute" : `${door.windowSeconds} seconds`;
      throw new AppError(429, "rate_limited", `Too many ${door.what} in a short time. Wait ${wait}, then try again.`, undefined, {
        retryAfterSeconds: door.windowSeconds,
      });
    }
  }
  return next();
});
