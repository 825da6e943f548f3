import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app.ts";
import { capabilitiesFor } from "../../../worker/capabilities.ts";
import { fixedClock } from "../../support/clock.ts";
import { brandCacheKey, resolveBrand } from "../../../worker/domain/brands/resolve-brand.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { forgetBrandsAnEarlierFileAsked } from "../support/brands.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";

beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
});

/** A request to the worker that also waits for the work it left running after answering (the cache write). */
async function settled(url: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(new URL(url, "http://127.0.0.1:8787"), { redirect: "manual", ...init }), env, ctx);
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

const brandNameOf = (hostname: string) =>
  fetchWorker(`/trpc/getBrandNameForHostname?input=${encodeURIComponent(JSON.stringify({ hostname }))}`);

const cachedKeys = async () => (await env.BRAND_CACHE.list({ prefix: "brand:" })).keys.map((key) => key.name);

describe("getBrandNameForHostname", () => {
  it("accepts host names only, naming the field", async () => {
    for (const hostname of [
      "",
      "evil.example/../admin",
      "host:8080",
      "-bad.example",
      "bad-.example",
      "a..b",
      `${"a".repeat(64)}.example`,
      "x".repeat(254),
      "spa ce.example",
    ]) {
      const response = await brandNameOf(hostname);
      expect(response.status, hostname).toBe(400);
      const { error } = (await response.json()) as { error: { data: { detail: { loc: unknown[] }[] } } };
      expect(error.data.detail[0]?.loc, hostname).toEqual(["input", "hostname"]);
    }
    expect(await (await brandNameOf("Nimbus.Localhost")).json()).toMatchObject({ result: { data: { theme: "nimbus" } } });
  });

  it("never caches a name it was merely asked about: only the request's own host is cached as unknown", async () => {
    const before = await cachedKeys();
    for (let index = 0; index < 20; index++) {
      await settled(`/trpc/getBrandNameForHostname?input=${encodeURIComponent(JSON.stringify({ hostname: `invented-${index}.example` }))}`);
    }
    expect((await cachedKeys()).filter((key) => !before.includes(key))).toEqual([]);

    await settled("http://visiting-stranger.localhost:8787/", { headers: { Accept: "text/html" } });
    expect(JSON.parse((await env.BRAND_CACHE.get(brandCacheKey("visiting-stranger.localhost"))) ?? "null")).toEqual({ brand: null });
  });

  it("still caches a registered partner asked about over the RPC", async () => {
    forgetBrandsAnEarlierFileAsked(["acme.localhost"]);
    await settled(`/trpc/getBrandNameForHostname?input=${encodeURIComponent(JSON.stringify({ hostname: "acme.localhost" }))}`);
    expect(JSON.parse((await env.BRAND_CACHE.get(brandCacheKey("acme.localhost"))) ?? "null")).toMatchObject({ brand: { theme: "acme" } });
  });
});

describe("the brand cache write", () => {
  it("happens after the answer, and a failed write changes nothing: D1's answer stands", async () => {
    const capabilities = capabilitiesFor(env);
    const pending: Promise<unknown>[] = [];
    const attemptedKeys: string[] = [];
    const failingCache = {
      get: (key: string) => env.BRAND_CACHE.get(key),
      put: (key: string) => {
        attemptedKeys.push(key);
        return Promise.reject(new Error("KV PUT failed: 429 Too Many Requests"));
      },
    } as unknown as KVNamespace;
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const resolution = await resolveBrand({ ...capabilities, brandCache: failingCache }, "aurora.localhost", {
      cacheUnknown: true,
      waitUntil: (work) => pending.push(work),
    });
    expect(resolution).toMatchObject({ kind: "partner", brand: { theme: "aurora" } });
    // The cache write is the one piece of work handed to waitUntil, to finish after the answer.
    expect(pending).toHaveLength(1);
    // The write fails, and the work settles without rejecting (a rejection would surface as the request's error),
    // leaving a warning and no cache entry: the next request asks D1 again.
    await expect(Promise.all(pending)).resolves.toEqual([undefined]);
    expect(attemptedKeys).toEqual([brandCacheKey("aurora.localhost")]);
    expect(warnings.mock.calls.map(([message]) => message)).toEqual([
      "Brand cache write for aurora.localhost failed; the next request asks D1 again",
    ]);
    warnings.mockRestore();
    expect(await env.BRAND_CACHE.get(brandCacheKey("aurora.localhost"))).toBeNull();
  });
});

describe("when the brand lookup itself fails", () => {
  it("refuses sign-in and the API on a host it could not check, and still serves pages with the default brand", async () => {
    const logged = expectConsoleErrors();
    await env.DB.exec("ALTER TABLE partner_hostnames RENAME TO partner_hostnames_unavailable");
    try {
      const unchecked = "http://unchecked.localhost:8787";
      for (const [path, init] of [
        ["/v1/balance", {}],
        ["/auth/twitter/read/login", {}],
        ["/auth/token", { method: "POST", body: "{}" }],
        [`/trpc/getCurrentUser`, {}],
      ] as const) {
        const response = await fetchWorker(`${unchecked}${path}`, init);
        expect(response.status, path).toBe(503);
        expect(response.headers.get("retry-after"), path).toBe("60");
        expect(await response.json(), path).toMatchObject({ code: "origin_check_unavailable" });
      }
      const page = await fetchPage(`${unchecked}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('data-brand-layout="default"');
      // The app's own origins need no lookup and keep working.
      expect((await fetchWorker("/auth/profile")).status).toBe(401);
      expect(logged().join("\n")).toContain("Brand lookup for unchecked.localhost failed");
    } finally {
      await env.DB.exec("ALTER TABLE partner_hostnames_unavailable RENAME TO partner_hostnames");
    }
  });
});
