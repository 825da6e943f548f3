import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { inOneWindow } from "../../support/rate-limit-window.ts";
import { fetchWorker } from "../support/fetch.ts";
import { newPerson } from "../support/people.ts";
import { uniqueClientAddress } from "../support/client-address.ts";

beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
});

/** A client address no other test uses, so no two tests share a budget. */
const freshAddress = uniqueClientAddress;

type Call = (address: string) => Promise<Response>;

const json = (body: unknown) => ({ "Content-Type": "application/json", body: JSON.stringify(body) });
const post = (path: string, body: unknown = {}, headers: Record<string, string> = {}): Call => {
  const { body: text, ...contentType } = json(body);
  return (address) =>
    fetchWorker(path, { method: "POST", headers: { "cf-connecting-ip": address, ...contentType, ...headers }, body: text });
};
const get =
  (path: string): Call =>
  (address) =>
    fetchWorker(path, { headers: { "cf-connecting-ip": address } });

/** Sends `count` calls in parallel groups of 50 (fast enough to stay in one window, gentle on two cores). */
async function spend(count: number, call: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let sent = 0; sent < count; sent += 50) {
    const group = Array.from({ length: Math.min(50, count - sent) }, () => call());
    statuses.push(...(await Promise.all(group)).map((response) => response.status));
  }
  return statuses;
}

async function expectRateLimited(response: Response, what: string, windowSeconds = 60) {
  expect(response.status).toBe(429);
  expect(response.headers.get("Retry-After")).toBe(String(windowSeconds));
  expect(await response.json()).toEqual({
    status: 429,
    code: "rate_limited",
    message: `Too many ${what} in a short time. Wait ${windowSeconds === 60 ? "a minute" : `${windowSeconds} seconds`}, then try again.`,
    retryAfterSeconds: windowSeconds,
  });
}

/**
 * Each door: a cheap call that spends its budget (refused or not, every call counts, before anything is looked up),
 * the budget of wrangler.toml, and another call of the same door that must then be refused.
 */
const doors: { door: string; budget: number; windowSeconds?: number; spendWith: Call; thenRefused: Call; what: string }[] = [
  {
    door: "sign-in starts and callbacks",
    budget: 120,
    spendWith: get("/auth/twitter/callback"),
    thenRefused: get("/auth/twitter/write/login"),
    what: "sign-ins",
  },
  { door: "token refresh", budget: 300, spendWith: post("/auth/token"), thenRefused: post("/auth/session/tokens"), what: "token requests" },
  {
    door: "admin spoofing",
    budget: 20,
    spendWith: get("/auth/admin-spoofing/not-a-token/not-the-secret?impersonate=someone"),
    thenRefused: post("/auth/admin-spoofing/not-a-token/not-the-secret"),
    what: "spoofing attempts",
  },
  {
    door: "every /trpc call",
    budget: 1200,
    spendWith: get("/trpc/getCurrentUser"),
    thenRefused: post("/trpc/noSuchMutation"),
    what: "requests",
  },
  {
    door: "uploads",
    budget: 60,
    spendWith: post("/v1/action/post/attachment"),
    thenRefused: post("/v1/action/post/attachment"),
    what: "uploads",
  },
  { door: "feedback", budget: 30, spendWith: post("/v1/feedback"), thenRefused: post("/v1/feedback"), what: "feedback messages" },
  {
    door: "code verification",
    budget: 60,
    spendWith: post("/v1/user/settings/email/verify-link"),
    thenRefused: post("/v1/withdrawal/wd_unknown/verify/resend"),
    what: "code checks",
  },
  {
    door: "ingestion, before any key is looked up",
    budget: 500,
    windowSeconds: 10,
    // Without a key the call is refused at once; with one, it would be looked up: both count.
    spendWith: post("/v1/conversion/event/ingest"),
    thenRefused: post("/v1/conversion/event/ingest", {}, { "api-key": "ck_another_guess", "api-secret": "guess" }),
    what: "ingestion calls from this address",
  },
];

describe("rate limits on every door (per client address)", () => {
  for (const { door, budget, windowSeconds = 60, spendWith, thenRefused, what } of doors) {
    it(`${door}: ${budget} calls in ${windowSeconds} s from one address, then 429 with Retry-After; another address is not affected`, async () => {
      // Sending 1,200 calls takes several seconds on a busy machine: start with most of a window left.
      const neededMs = windowSeconds === 60 ? (budget > 1000 ? 40_000 : 15_000) : (windowSeconds * 1000 * 3) / 4;
      await inOneWindow(windowSeconds, neededMs, async () => {
        const address = freshAddress();
        const statuses = await spend(budget, () => spendWith(address));
        expect(statuses.filter((status) => status === 429)).toEqual([]);
        await expectRateLimited(await thenRefused(address), what, windowSeconds);
        expect((await spendWith(freshAddress())).status).not.toBe(429);
      });
    }, 180_000);
  }
});

describe("rate limits that a method cannot get around", () => {
  it("counts a HEAD request as the GET it is answered by", async () => {
    await inOneWindow(60, 15_000, async () => {
      const address = freshAddress();
      const head = () => fetchWorker("/auth/twitter/read/login", { method: "HEAD", headers: { "cf-connecting-ip": address } });
      const statuses = await spend(120, head);
      expect(new Set(statuses)).toEqual(new Set([302]));
      await expectRateLimited(await get("/auth/twitter/read/login")(address), "sign-ins");
    });
  }, 60_000);
});

describe("rate limits per user", () => {
  it("counts a signed-in user's calls across addresses, so changing address does not buy a new budget", async () => {
    await inOneWindow(60, 15_000, async () => {
      // People of their own: the budgets are shared with every test file of this vitest worker.
      const { bearer: authorization } = await newPerson("spend");
      // An empty feedback is refused (400) and stores nothing, but still counts.
      const feedback = (address: string) => post("/v1/feedback", {}, { Authorization: authorization })(address);
      const statuses = await spend(30, () => feedback(freshAddress()));
      expect(new Set(statuses)).toEqual(new Set([400]));
      await expectRateLimited(await feedback(freshAddress()), "feedback messages");
      // Another user at a fresh address still has both budgets.
      const { bearer: other } = await newPerson("other");
      expect((await post("/v1/feedback", {}, { Authorization: other })(freshAddress())).status).toBe(400);
    });
  }, 60_000);

  it("keys only on a token whose signature holds: a forged bearer cannot spend someone else's budget", async () => {
    await inOneWindow(60, 15_000, async () => {
      const { bearer: authorization } = await newPerson("forge");
      const [header = "", payload = ""] = authorization.slice("Bearer ".length).split(".");
      const forged = `Bearer ${header}.${payload}.${"A".repeat(43)}`;
      const statuses = await spend(30, () => post("/v1/feedback", {}, { Authorization: forged })(freshAddress()));
      expect(new Set(statuses)).toEqual(new Set([401]));
      expect((await post("/v1/feedback", {}, { Authorization: authorization })(freshAddress())).status).toBe(400);
    });
  }, 60_000);
});
