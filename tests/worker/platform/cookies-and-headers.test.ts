import { env } from "cloudflare:test";
import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { capabilitiesFor } from "../../../worker/capabilities.ts";
import { systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { startSession } from "../../../worker/domain/accounts/sessions.ts";
import { writeBrowserBinding, writeSessionCookie } from "../../../worker/middleware/cookies.ts";
import { applyRouteRules } from "../../../worker/middleware/route-rules.ts";
import type { WorkerEnv } from "../../../worker/worker-env.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { inProduction, productionEnv } from "../support/production.ts";

const origin = "http://127.0.0.1:8787";

async function sessionOf(handle: string): Promise<string> {
  await env.DB.batch(insertUserStatements(env.DB, buildUser(handle, Date.now()), ["creator"]));
  return (await startSession({ db: env.DB, clock: systemClock }, { userId: `user-${handle}`, realUserId: null })).cookieValue;
}

/** The cookies a handler writes, through the real cookie functions, on a request to `url` under `environment`. */
async function cookiesWritten(url: string, workerEnv: Cloudflare.Env): Promise<string[]> {
  const probe = new Hono<WorkerEnv>().get("*", (c) => {
    c.set("capabilities", capabilitiesFor(workerEnv));
    writeSessionCookie(c, "ses_1.secret");
    writeBrowserBinding(c, "binding");
    return c.body(null, 204);
  });
  return (await probe.request(url, {}, workerEnv)).headers.getSetCookie();
}

describe("cookie-authenticated calls come only from pages of the same origin", () => {
  const tokens = (cookie: string, headers: Record<string, string>) =>
    fetchWorker("/auth/session/tokens", { method: "POST", headers: { Cookie: `chorus_session=${cookie}`, ...headers } });

  it("answers the site's own pages, by Origin or, without one, by Sec-Fetch-Site", async () => {
    const cookie = await sessionOf("own_page_olga");
    expect((await tokens(cookie, { Origin: origin })).status).toBe(200);
    expect((await tokens(cookie, { "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    // A form posted from a page of this site with Referrer-Policy no-referrer: opaque Origin, same-origin fetch site.
    expect((await tokens(cookie, { Origin: "null", "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
  });

  it("refuses another origin, an opaque origin, a same-site sibling, and a request that says nothing", async () => {
    const cookie = await sessionOf("cross_site_carl");
    const refused: Record<string, string>[] = [
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { Origin: "http://localhost:8787" },
      { "Sec-Fetch-Site": "same-site" },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" },
      {},
    ];
    for (const headers of refused) {
      const response = await tokens(cookie, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toMatchObject({ code: "cross_origin_refused" });
    }
  });

  it("does not sign anyone out on a cross-site or header-less POST", async () => {
    const cookie = await sessionOf("staying_stan");
    const logout = (headers: Record<string, string>) =>
      fetchWorker("/auth/logout", { method: "POST", headers: { Cookie: `chorus_session=${cookie}`, ...headers } });
    expect((await logout({})).status).toBe(403);
    expect((await logout({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await tokens(cookie, { Origin: origin })).status).toBe(200);
    expect((await logout({ Origin: origin })).status).toBe(204);
    expect((await tokens(cookie, { Origin: origin })).status).toBe(401);
  });

  it("refuses a page action from another origin with the API's error, not React Router's plain-text 400", async () => {
    const cookie = await sessionOf("page_action_pia");
    // A route with an action, one without, and an address no route of the API matches (an empty path segment).
    for (const [method, path] of [
      ["POST", "/profile/settings"],
      ["PATCH", "/up"],
      ["DELETE", "/campaigns"],
      ["POST", "/auth/admin-spoofing//user-ada_creates"],
    ] as const) {
      const foreign: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
        {},
        // Let through to the API's spoofing confirmation (a no-referrer page), refused by React Router on any page.
        { Origin: "null", "Sec-Fetch-Site": "same-origin" },
      ];
      for (const headers of foreign) {
        const response = await fetchWorker(path, { method, headers: { Cookie: `chorus_session=${cookie}`, ...headers } });
        expect(response.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.json()).toMatchObject({ status: 403, code: "cross_origin_refused" });
      }
    }
    const ownPage = await fetchWorker("/profile/settings", {
      method: "POST",
      headers: { Cookie: `chorus_session=${cookie}`, Origin: origin },
    });
    expect(ownPage.status).toBe(200);
  });
});

describe("cookie names and attributes", () => {
  it("locally over http: the plain names, not Secure (browsers refuse prefixed cookies without it)", async () => {
    const [session, binding] = await cookiesWritten(`${origin}/`, env);
    expect(session).toMatch(/^chorus_session=ses_1\.secret;/);
    expect(session).not.toMatch(/Secure/i);
    expect(binding).toMatch(/^chorus_login_binding=binding;.*Path=\/auth;/);
  });

  it("in production, even on a request that arrived over http: __Host- session and __Secure- binding, both Secure", async () => {
    const [session = "", binding = ""] = await cookiesWritten("http://chorus.example/", productionEnv);
    expect(session).toMatch(/^__Host-chorus_session=ses_1\.secret;/);
    expect(session).toMatch(/; Path=\/(;|$)/);
    expect(session).toMatch(/; Secure/);
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=Lax/);
    expect(session).not.toMatch(/Domain=/i);
    expect(binding).toMatch(/^__Secure-chorus_login_binding=binding;.*Path=\/auth;.*Secure/);
  });

  it("locally over https: the prefixed, Secure names too", async () => {
    const [session = ""] = await cookiesWritten("https://127.0.0.1:8787/", env);
    expect(session).toMatch(/^__Host-chorus_session=.*; Secure/);
  });

  it("in production reads only the __Host- cookie: a plain-named one (planted by a subdomain or over http) is ignored", async () => {
    const cookie = await sessionOf("prod_paula");
    const call = (cookieHeader: string) =>
      inProduction(
        new Request("https://chorus.example/auth/session/tokens", {
          method: "POST",
          headers: { Origin: "https://chorus.example", Cookie: cookieHeader },
        }),
      );
    expect((await call(`__Host-chorus_session=${cookie}`)).status).toBe(200);
    const planted = await call(`chorus_session=${cookie}`);
    expect(planted.status).toBe(401);
    expect(planted.headers.getSetCookie().join("\n")).toMatch(/^__Host-chorus_session=;.*Path=\/.*Secure/m);
  });
});

describe("security headers on every answer", () => {
  beforeAll(async () => {
    await seedDemoData(env.DB, fixedClock(Date.now()));
  });

  it("puts HSTS and nosniff on JSON, errors, redirects and plain text, not only on pages", async () => {
    const answers = {
      "JSON error": await fetchWorker("/auth/profile"),
      "JSON of the RPC": await fetchWorker(
        `/trpc/getBrandNameForHostname?input=${encodeURIComponent(JSON.stringify({ hostname: "localhost" }))}`,
      ),
      "API 404": await fetchWorker("/v1/no-such-endpoint"),
      "route rule redirect": await fetchWorker("/tos"),
      "sign-in redirect": await fetchWorker("/auth/twitter/read/login"),
      "guard redirect": await fetchWorker("http://stranger.localhost:8787/campaigns", { headers: { Accept: "text/html" } }),
      "plain text": await fetchWorker("/ping"),
    };
    for (const [name, response] of Object.entries(answers)) {
      expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(response.headers.get("strict-transport-security"), name).toMatch(/^max-age=\d+; includeSubDomains$/);
    }
  });

  it("keeps landing pages out of shared caches (each is rendered with its own CSP nonce)", async () => {
    const landing = await fetchPage("/landing/aurora");
    expect(landing.status).toBe(200);
    expect(landing.headers.get("cache-control")).toBe("private, max-age=300");
  });

  it("never lets a shared cache keep a page whose CSP carries a nonce, whatever the route's rule", async () => {
    // The real route rules around a page answer as the SSR renders it in production (the tests' build allows
    // inline scripts instead of a nonce, so the page is stood in for by one answer with production's header).
    const rendered = new Hono<WorkerEnv>()
      .use(async (c, next) => {
        c.set("capabilities", capabilitiesFor(env));
        await next();
      })
      .use(applyRouteRules)
      .get("*", (c) => c.html("<p>page</p>", 200, { "Content-Security-Policy": c.req.header("x-csp") ?? "" }));
    const cacheControlOf = async (path: string, csp: string) =>
      (await rendered.request(path, { headers: { "x-csp": csp } }, env)).headers.get("cache-control");
    const withNonce = "script-src 'self' 'nonce-abc123' 'strict-dynamic'";
    const withHashes = "script-src 'self' 'sha256-abc123' 'strict-dynamic'";
    expect(await cacheControlOf("/articles/terms", withNonce)).toBe("private, no-store");
    expect(await cacheControlOf("/articles/terms", withHashes)).toBe("public, max-age=3600, stale-while-revalidate=86400");
    expect(await cacheControlOf("/landing/aurora", withNonce)).toBe("private, max-age=300");
  });
});
