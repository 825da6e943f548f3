import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../support/clock.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { brandCacheKey } from "../../../worker/domain/brands/resolve-brand.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { forgetBrandsAnEarlierFileAsked } from "../support/brands.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
});

const page = (url: string, cookie?: string) =>
  fetchWorker(url, { headers: { Accept: "text/html", ...(cookie === undefined ? {} : { Cookie: cookie }) } });

describe("brand per hostname", () => {
  it("renders a dedicated brand's layout and colours in the first HTML, and fills the cache from D1", async () => {
    forgetBrandsAnEarlierFileAsked(["aurora.localhost"]);
    expect(await env.BRAND_CACHE.get(brandCacheKey("aurora.localhost"))).toBeNull();
    const html = await (await page("http://aurora.localhost:8787/")).text();
    expect(html).toContain('data-brand="aurora"');
    expect(html).toContain('data-brand-layout="dedicated"');
    expect(html).toContain("--color-primary:#0f766e");
    expect(JSON.parse((await env.BRAND_CACHE.get(brandCacheKey("aurora.localhost"))) ?? "null")).toMatchObject({
      brand: { theme: "aurora", displayName: "Aurora" },
    });
  });

  it("gives any other partner the partner layout with its name", async () => {
    const html = await (await page("http://acme.localhost:8787/", await sessionCookieFor("user-ada_creates"))).text();
    expect(html).toContain('data-brand-layout="partner"');
    expect(html).toContain("Acme Rewards");
  });

  it("answers from the cache without asking D1 when the cache has the hostname", async () => {
    await env.BRAND_CACHE.put(
      brandCacheKey("cached.localhost"),
      JSON.stringify({
        brand: { theme: "cachedbrand", displayName: "Cached Brand", primaryColor: "#123456", accentColor: "#654321", logoUrl: null },
      }),
    );
    const html = await (await page("http://cached.localhost:8787/")).text();
    expect(html).toContain('data-brand="cachedbrand"');
    expect(html).toContain("--color-primary:#123456");
  });

  it("skips the lookup on the core app domain", async () => {
    const html = await (await page("http://localhost:8787/")).text();
    expect(html).toContain('data-brand-layout="default"');
    expect(await env.BRAND_CACHE.get(brandCacheKey("localhost"))).toBeNull();
  });

  it("serves the default brand when the lookup fails, and logs it", async () => {
    const logged = expectConsoleErrors();
    forgetBrandsAnEarlierFileAsked(["nimbus.localhost"]);
    await env.DB.exec("ALTER TABLE partner_hostnames RENAME TO partner_hostnames_unavailable");
    try {
      const response = await page("http://nimbus.localhost:8787/");
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('data-brand-layout="default"');
      expect(logged().join("\n")).toContain("Brand lookup for nimbus.localhost failed");
    } finally {
      await env.DB.exec("ALTER TABLE partner_hostnames_unavailable RENAME TO partner_hostnames");
    }
  });

  it("answers getBrandNameForHostname over the typed RPC from the same lookup", async () => {
    const query = (hostname: string) =>
      fetchWorker(`/trpc/getBrandNameForHostname?input=${encodeURIComponent(JSON.stringify({ hostname }))}`);
    expect(await (await query("nimbus.localhost")).json()).toMatchObject({ result: { data: { theme: "nimbus" } } });
    expect(await (await query("nowhere.example")).json()).toMatchObject({ result: { data: { theme: "" } } });
  });
});

describe("the whitelist guard", () => {
  it("sends pages of an unregistered domain to /not-allowed", async () => {
    const response = await page("http://stranger.localhost:8787/campaigns");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/not-allowed");
    const explanation = await (await page("http://stranger.localhost:8787/not-allowed")).text();
    expect(explanation).toContain("This address is not connected to Chorus");
  });

  it("still lets an unregistered domain open /, /not-allowed, /tos and /privacy", async () => {
    expect((await page("http://stranger.localhost:8787/")).status).toBe(200);
    expect((await page("http://stranger.localhost:8787/tos")).status).toBe(301);
    expect((await page("http://stranger.localhost:8787/privacy")).status).toBe(301);
  });

  it("answers React Router's route discovery on an unregistered domain with the manifest, not the refusal page", async () => {
    const discovery = await fetchWorker("http://stranger.localhost:8787/__manifest?paths=%2Fnot-allowed&version=any");
    expect(discovery.headers.get("location")).toBeNull();
    expect(discovery.headers.get("content-type") ?? "").not.toContain("text/html");
  });

  it("refuses the API and sign-in on an unregistered domain", async () => {
    const api = await fetchWorker("http://stranger.localhost:8787/v1/balance");
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ code: "origin_not_allowed" });
    const login = await fetchWorker("http://stranger.localhost:8787/auth/twitter/read/login");
    expect(login.headers.get("location")).toBe("/not-allowed");
  });

  it("lets registered partner domains through", async () => {
    expect((await page("http://nimbus.localhost:8787/campaigns", await sessionCookieFor("user-bytebard"))).status).toBe(200);
  });
});

describe("route rules and headers", () => {
  it("redirects /tos and /privacy to the articles, keeping the query", async () => {
    const tos = await page("/tos?utm_source=footer");
    expect(tos.status).toBe(301);
    expect(tos.headers.get("location")).toBe("/articles/terms?utm_source=footer");
    expect((await page("/privacy")).headers.get("location")).toBe("/articles/privacy-policy");
  });

  it("lets visitors' browsers (never shared caches: the page carries a nonce) keep landing pages briefly, and never pages of a signed-in person", async () => {
    expect((await page("/landing/aurora")).headers.get("cache-control")).toBe("private, max-age=300");
    const signedIn = await sessionCookieFor("user-ada_creates");
    expect((await page("/landing/aurora", signedIn)).headers.get("cache-control")).toBe("private, no-store");
    expect((await page("/campaigns", signedIn)).headers.get("cache-control")).toBe("private, no-store");
    expect((await fetchWorker("/auth/profile")).headers.get("cache-control")).toBe("no-store");
  });

  it("puts the security headers on every page, with a script nonce the page's scripts carry", async () => {
    const response = await page("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    // The worker tests run a development build, whose policy allows inline scripts (Vite adds its own) and so names
    // no nonce; a production build's policy and its nonce are checked end to end (e2e/shared-documents.spec.ts). The
    // renderer hands every script the request's one nonce either way.
    expect(csp).toContain("'unsafe-inline'");
    expect(new Set(scripts.map((script) => /\bnonce="([^"]*)"/.exec(script)?.[1]))).toEqual(
      new Set([expect.stringMatching(/^[\w-]{22}$/)]),
    );
  });
});

describe("the icon endpoint", () => {
  it("answers the requested icons of an installed set in the Iconify format", async () => {
    const response = await fetchWorker("/icons/lucide.json?icons=clock,users,no-such-icon");
    expect(response.status).toBe(200);
    const body = (await response.json()) as { prefix: string; icons: Record<string, { body: string }>; not_found?: string[] };
    expect(body.prefix).toBe("lucide");
    expect(Object.keys(body.icons).sort()).toEqual(["clock", "users"]);
    expect(body.icons.clock?.body).toContain("<");
    expect(body.not_found).toEqual(["no-such-icon"]);
  });

  it("refuses unknown sets, missing lists and bad names", async () => {
    expect((await fetchWorker("/icons/nothing.json?icons=clock")).status).toBe(404);
    const missing = await fetchWorker("/icons/lucide.json");
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ detail: [{ loc: ["query", "icons"], msg: "icons is required" }] });
    expect((await fetchWorker("/icons/lucide.json?icons=../etc")).status).toBe(400);
  });
});

describe("partners administration", () => {
  const adminBearer = () => bearerFor("user-chorus_admin");

  it("changes a partner and every page of its hostnames shows the change at once", async () => {
    expect(await (await page("http://acme.localhost:8787/")).text()).toContain("--color-primary:#b91c1c");
    const response = await fetchWorker("/v1/admin/partners/partner-acme", {
      method: "PUT",
      headers: { Authorization: await adminBearer(), "Content-Type": "application/json" },
      body: JSON.stringify({
        theme: "acme",
        displayName: "Acme Rewards",
        primaryColor: "#15803d",
        accentColor: "#111827",
        hostnames: ["acme.localhost", "rewards.acme.localhost"],
      }),
    });
    expect(response.status).toBe(200);
    expect(await (await page("http://acme.localhost:8787/")).text()).toContain("--color-primary:#15803d");
    expect(await (await page("http://rewards.acme.localhost:8787/")).text()).toContain('data-brand="acme"');
  });

  it("refuses someone who is not an admin, and bad input with the field named", async () => {
    const creator = await bearerFor("user-bytebard");
    const forbidden = await fetchWorker("/v1/admin/partners/partner-acme", {
      method: "PUT",
      headers: { Authorization: creator, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(forbidden.status).toBe(403);
    const invalid = await fetchWorker("/v1/admin/partners/partner-acme", {
      method: "PUT",
      headers: { Authorization: await adminBearer(), "Content-Type": "application/json" },
      body: JSON.stringify({
        theme: "acme",
        displayName: "Acme",
        primaryColor: "red",
        accentColor: "#111827",
        hostnames: ["nimbus.localhost"],
      }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ detail: [{ loc: ["body", "primaryColor"], msg: "must be a colour such as #1d4ed8" }] });
    const taken = await fetchWorker("/v1/admin/partners/partner-acme", {
      method: "PUT",
      headers: { Authorization: await adminBearer(), "Content-Type": "application/json" },
      body: JSON.stringify({
        theme: "acme",
        displayName: "Acme",
        primaryColor: "#111111",
        accentColor: "#111827",
        hostnames: ["nimbus.localhost"],
      }),
    });
    expect(taken.status).toBe(409);
    expect(await (await page("http://nimbus.localhost:8787/")).text()).toContain('data-brand="nimbus"');
  });
});
