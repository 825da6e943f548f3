import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import type { Clock } from "../../../worker/clock.ts";
import { configFrom } from "../../../worker/config.ts";
import { MAX_LOGIN_VALUES_BYTES } from "../../../worker/contracts/login.ts";
import { LOGIN_STATE_TTL, startLogin } from "../../../worker/domain/accounts/login.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { TestBrowser } from "../support/browser.ts";
import { schedulerDeps } from "../support/rewards.ts";
import { uniqueClientAddress } from "../support/client-address.ts";

const origin = "http://127.0.0.1:8787";
const networkDeps = (clock: Clock) => ({
  db: env.DB,
  clock,
  config: configFrom(env),
  encryptionKey: String(Reflect.get(env, "TOKEN_ENCRYPTION_KEY")),
});

const storedStates = async () => Number(await env.DB.prepare(`SELECT COUNT(*) AS n FROM oauth_states`).first("n"));

/** Sign-in starts count against a per-address budget: each test sends from its own address. */
function startFrom(query: Record<string, string>): Promise<Response> {
  return new TestBrowser().fetch(`/auth/twitter/read/login?${new URLSearchParams(query)}`, {
    headers: { "cf-connecting-ip": uniqueClientAddress() },
  });
}

describe("the values a sign-in stores", () => {
  it(`refuses a start whose values total more than ${MAX_LOGIN_VALUES_BYTES} bytes, naming the largest, and stores nothing`, async () => {
    const before = await storedStates();
    // Every value within its own 2048-character limit, together 8 KB: what a crafted link sends, never the app's.
    const response = await startFrom({
      afterLoginRedirectUrl: `/campaigns?${"a".repeat(1500)}`,
      referrer: `https://example.com/${"r".repeat(2000)}`,
      utm_content: "c".repeat(2040),
      utm_source: "newsletter",
      page_path: `/c/${"p".repeat(2000)}`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      status: 400,
      code: "login_values_too_large",
      message:
        "This sign-in link carries more than 4 KB of values (utm_content, referrer are the largest). Start the sign-in again from the app.",
      detail: [
        { loc: ["query", "utm_content"], msg: "together the values may be at most 4096 bytes" },
        { loc: ["query", "referrer"], msg: "together the values may be at most 4096 bytes" },
      ],
    });
    expect(await storedStates()).toBe(before);
  });

  it("keeps a sign-in with every value the app sends, at realistic lengths", async () => {
    const before = await storedStates();
    const response = await startFrom({
      afterLoginRedirectUrl: `${origin}/campaigns/campaign-aurora-launch?tab=rules&${"x".repeat(300)}`,
      onCancelLoginRedirectUrl: `${origin}/campaigns/campaign-aurora-launch`,
      deviceId: crypto.randomUUID(),
      trigger: "join-button",
      domainType: "core",
      partnerName: "aurora",
      campaignId: "campaign-aurora-launch",
      campaignIndex: "3",
      referrer: `https://t.co/${"z".repeat(200)}`,
      page_path: "/campaigns/campaign-aurora-launch",
      utm_source: "x",
      utm_medium: "social",
      utm_campaign: "launch-week",
      utm_term: "creators",
      utm_content: "thread-1",
      first_utm_source: "newsletter",
      first_utm_medium: "email",
      first_utm_campaign: "october",
      first_utm_term: "rewards",
      first_utm_content: "header-link",
      invite_id: crypto.randomUUID(),
    });
    expect(response.status).toBe(302);
    expect(await storedStates()).toBe(before + 1);
  });
});

describe("the scheduler sweeps abandoned sign-ins", () => {
  it("deletes expired states in bounded batches each run and keeps the ones still running", async () => {
    await env.DB.prepare(`DELETE FROM oauth_states`).run();
    const clock = fixedClock(systemClock.now());
    const start = () =>
      startLogin(networkDeps(clock), { network: "x", flow: "read", params: {}, requestOrigin: origin, browserBinding: "b" });
    for (let index = 0; index < 25; index += 1) await start();

    const limits = { loginStates: { batchSize: 5, maxBatches: 2 } };
    const early = await runScheduledWork({ ...schedulerDeps(clock), limits });
    expect(early.loginStatesSwept).toBe(0);
    expect(await storedStates()).toBe(25);

    clock.advance(LOGIN_STATE_TTL);
    await start();
    const runs = [];
    for (let run = 0; run < 4; run += 1) runs.push((await runScheduledWork({ ...schedulerDeps(clock), limits })).loginStatesSwept);
    // Ten a run (two batches of five) until the 25 abandoned ones are gone; the sign-in started just now stays.
    expect(runs).toEqual([10, 10, 5, 0]);
    expect(await storedStates()).toBe(1);
  });

  it("sweeps with the default limits without waiting for the next sign-in", async () => {
    await env.DB.prepare(`DELETE FROM oauth_states`).run();
    const clock = fixedClock(systemClock.now());
    await Promise.all(
      Array.from({ length: 30 }, () =>
        startLogin(networkDeps(clock), { network: "x", flow: "write", params: {}, requestOrigin: origin, browserBinding: "b" }),
      ),
    );
    clock.advance(LOGIN_STATE_TTL + 1);
    const report = await runScheduledWork(schedulerDeps(clock));
    expect(report.loginStatesSwept).toBe(30);
    expect(report.failedSteps).toEqual([]);
    expect(await storedStates()).toBe(0);
  });
});
