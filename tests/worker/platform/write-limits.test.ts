import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { inOneWindow } from "../../support/rate-limit-window.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fetchWorker } from "../support/fetch.ts";
import { newPerson } from "../support/people.ts";
import { bearerFor } from "../support/sessions.ts";

beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
});

describe("limits on every state-changing call", () => {
  it("refuses a body over the limit with 413 naming the limit, and keeps what was stored", async () => {
    // A person of their own: the feedback budget per user is shared with every test file of this vitest worker.
    const { bearer: authorization } = await newPerson("huge");
    const huge = JSON.stringify({ content: "x".repeat(70 * 1024), pagePath: "/" });
    const response = await fetchWorker("/v1/feedback", {
      method: "POST",
      headers: { Authorization: authorization, "Content-Type": "application/json" },
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "body_too_large", message: expect.stringContaining("64 KB") });
    const join = await fetchWorker("/v1/page/campaign/campaign-aurora-launch/join", {
      method: "POST",
      headers: { Authorization: authorization },
    });
    expect(join.status).toBe(201);
  });

  it("refuses a tRPC query whose address (its input) is longer than 8 KB before tRPC parses it, and answers shorter ones", async () => {
    const input = (text: string) => encodeURIComponent(JSON.stringify({ 0: { hostname: text } }));
    const tooLong = await fetchWorker(`/trpc/getBrandNameForHostname?batch=1&input=${input("a".repeat(8 * 1024))}`);
    expect(tooLong.status).toBe(414);
    expect(await tooLong.json()).toEqual({
      status: 414,
      code: "url_too_long",
      message: "The request's address is longer than the 8 KB this call accepts.",
      detail: [{ loc: ["query", "input"], msg: "the address must be at most 8192 characters" }],
    });
    const usual = await fetchWorker(`/trpc/getBrandNameForHostname?batch=1&input=${input("localhost")}`);
    expect(usual.status).toBe(200);
  });

  it("lets reads through and answers 429 with Retry-After once a session has made too many changes in a minute", async () => {
    // 311 real requests: started with 15 s of the window left, and in a session of its own, so no other test's calls count.
    await inOneWindow(60, 15_000, async () => {
      const { bearer: authorization } = await newPerson("burst");
      const markAllRead = () => fetchWorker("/v1/notification", { method: "DELETE", headers: { Authorization: authorization } });
      const statuses: number[] = [];
      for (let round = 0; round < 31; round += 1) {
        statuses.push(...(await Promise.all(Array.from({ length: 10 }, () => markAllRead()))).map((response) => response.status));
      }
      expect(statuses.filter((status) => status === 204)).toHaveLength(300);
      expect(statuses.filter((status) => status === 429)).toHaveLength(10);
      const refused = await markAllRead();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("Retry-After")).toBe("60");
      expect(await refused.json()).toMatchObject({ code: "rate_limited", message: expect.stringContaining("Wait a minute") });
      // Reading stays possible, and another session has its own budget.
      expect((await fetchWorker("/v1/notification/recent", { headers: { Authorization: authorization } })).status).toBe(200);
      const other = await bearerFor("user-bytebard");
      expect((await fetchWorker("/v1/notification", { method: "DELETE", headers: { Authorization: other } })).status).toBe(204);
    });
  }, 120_000);
});
