import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { trySetHeader } from "../../../worker/middleware/response-headers.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

/*
 * The Server-Timing contract the page benchmark reads (docs/decisions/028-page-cost.md): one header, entries
 * `name;dur=<ms, one decimal>[;desc="…"]` in the order session, brand, q-<group>…, render, d1, total. Durations are
 * timings, so only names, order and format are asserted.
 */
type Entry = { name: string; desc: string | undefined };

const ORDER = ["session", "brand", "q-", "render", "d1", "total"];
const rankOf = (name: string) => ORDER.indexOf(name.startsWith("q-") ? "q-" : name);

function entriesOf(response: Response): Entry[] {
  const header = response.headers.get("server-timing");
  expect(header, "a Server-Timing header").not.toBeNull();
  return (header ?? "").split(/,\s*/).map((part) => {
    const entry = /^([a-z][a-z0-9-]*);dur=(\d+\.\d)(?:;desc="([^"]*)")?$/.exec(part);
    expect(entry, `"${part}" is name;dur=<ms with one decimal>[;desc="…"]`).not.toBeNull();
    return { name: entry?.[1] ?? "", desc: entry?.[3] };
  });
}

/** The names, after checking that each is known, appears once, and comes in the contract's order. */
function namesOf(response: Response): string[] {
  const names = entriesOf(response).map((entry) => entry.name);
  for (const name of names) expect(rankOf(name), `${name} is a known entry`).toBeGreaterThanOrEqual(0);
  expect(new Set(names).size, `each entry once: ${names.join(", ")}`).toBe(names.length);
  expect(names.map(rankOf), `in order: ${names.join(", ")}`).toEqual(names.map(rankOf).sort((a, b) => a - b));
  expect(names.at(-1)).toBe("total");
  return names;
}

function expectRoundTrips(response: Response) {
  const d1 = entriesOf(response).find((entry) => entry.name === "d1");
  expect(d1?.desc).toMatch(/^\d+ round trips \/ \d+ statements \/ \d+ rows read \/ \d+ rows written$/);
}

const page = (url: string, headers: Record<string, string> = {}) => fetchWorker(url, { headers: { Accept: "text/html", ...headers } });

let cookie: string;
let bearer: string;
beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
  cookie = await sessionCookieFor("user-ada_creates");
  bearer = await bearerFor("user-ada_creates");
});

describe("Server-Timing on every page", () => {
  it("a signed-in page: the session, the brand, its data, the render, D1 and the total", async () => {
    const response = await page("/", { Cookie: cookie });
    expect(await response.text()).toContain("<h1>Dashboard</h1>");
    const names = namesOf(response);
    expect(names).toEqual(expect.arrayContaining(["session", "brand", "q-dashboard", "render", "d1", "total"]));
    expect(names.slice(0, 2)).toEqual(["session", "brand"]);
    expectRoundTrips(response);
  });

  it("a signed-out page: no session look-up, but the brand, the render and the total", async () => {
    const response = await page("/");
    expect(response.status).toBe(200);
    const names = namesOf(response);
    expect(names).not.toContain("session");
    expect(names).toEqual(expect.arrayContaining(["brand", "render", "total"]));
  });

  it("a landing page on a partner's host: the brand of the host, the landing data, the render", async () => {
    const response = await page("http://aurora.localhost:8787/landing/aurora");
    expect(await response.text()).toContain("Aurora wallet launch week");
    const names = namesOf(response);
    expect(names).not.toContain("session");
    expect(names).toEqual(expect.arrayContaining(["brand", "q-landing", "render", "d1", "total"]));
    expectRoundTrips(response);
  });

  it("a page's JSON: the bearer's session, the brand and the data, without a render", async () => {
    const response = await fetchWorker("/v1/page/dashboard", { headers: { Authorization: bearer } });
    expect(response.status).toBe(200);
    await response.json();
    const names = namesOf(response);
    expect(names).toEqual(expect.arrayContaining(["session", "brand", "q-dashboard", "d1", "total"]));
    expect(names).not.toContain("render");
    expectRoundTrips(response);
  });

  it("/ping carries the total alone, and an API error carries the header too", async () => {
    expect(namesOf(await fetchWorker("/ping"))).toEqual(["total"]);
    const missing = await fetchWorker("/v1/no-such-endpoint", { headers: { Authorization: bearer } });
    expect(missing.status).toBe(404);
    expect(namesOf(missing)).toContain("total");
  });

  it("a response whose headers are immutable (passed through from fetch) is reported, not broken", () => {
    const passedThrough = Response.redirect("http://127.0.0.1:8787/elsewhere", 302);
    expect(trySetHeader(passedThrough, "Server-Timing", "total;dur=1.0")).toBe(false);
    const own = new Response("ok");
    expect(trySetHeader(own, "Server-Timing", "total;dur=1.0")).toBe(true);
    expect(own.headers.get("server-timing")).toBe("total;dur=1.0");
  });
});
