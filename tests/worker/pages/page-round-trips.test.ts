import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { issueTokens, startSession } from "../../../worker/domain/accounts/sessions.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

/*
 * Each D1 round trip is network latency in production, so a page reads who is signed in and then its data in one
 * batch: at most 2 round trips, counted from the `d1` entry of the Server-Timing header (docs/decisions/028-page-cost.md).
 * The dashboard and the profile then read the posts of the campaign the creator posted in last, which they learn from
 * the catalog: one read of that campaign's store more (docs/decisions/039-a-million-creators.md), a D1 round trip while
 * the posts are in D1.
 */
const MAX_ROUND_TRIPS = 2;
const CAMPAIGN_STORE_READ = 1;

let cookie: string;
let bearer: string;
let advertiserCookie: string;
let adminCookie: string;
let adminAccessToken: string;
beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
  // Ada has joined campaigns, posts in them and reward balances: every query of her pages finds rows.
  cookie = await sessionCookieFor("user-ada_creates");
  bearer = await bearerFor("user-ada_creates");
  advertiserCookie = await sessionCookieFor("user-lumen_team");
  adminCookie = await sessionCookieFor("user-chorus_admin");
  adminAccessToken = (await bearerFor("user-chorus_admin")).replace(/^Bearer /, "");
});

/** The number of D1 round trips the response reports, after checking that it answered what the page shows. */
async function roundTripsOf(response: Response, shows: string, status = 200): Promise<number> {
  const body = await response.text();
  expect(response.status, body.slice(0, 300)).toBe(status);
  expect(body).toContain(shows);
  const serverTiming = response.headers.get("server-timing") ?? "";
  // A request that reached no D1 has no d1 entry, but every page has the header.
  expect(serverTiming).toMatch(/(?:^|,\s*)total;dur=[\d.]+$/);
  const d1 = /(?:^|,\s*)d1;dur=[\d.]+;desc="(\d+) round trips?[ "]/.exec(serverTiming);
  return d1 === null ? 0 : Number(d1[1]);
}

const html = (path: string, headers: Record<string, string> = {}, origin = "http://127.0.0.1:8787") =>
  fetchWorker(new URL(path, origin).href, { headers: { Accept: "text/html", ...headers } });
const json = (path: string, headers: Record<string, string> = {}) => fetchWorker(path, { headers });

describe("D1 round trips per page, the session look-up included", () => {
  const signedInPages: [path: string, shows: string, budget: number][] = [
    ["/", "Aurora wallet launch week", MAX_ROUND_TRIPS + CAMPAIGN_STORE_READ],
    ["/campaign/campaign-aurora-launch", "Aurora wallet launch week", MAX_ROUND_TRIPS],
    ["/profile", "Loving Aurora wallet launch week", MAX_ROUND_TRIPS + CAMPAIGN_STORE_READ],
    ["/campaigns", "Back up your work with Nimbus", MAX_ROUND_TRIPS],
    ["/past-campaigns", "Nimbus spring cleaning", MAX_ROUND_TRIPS],
  ];
  it.each(signedInPages)("signed in, %s", async (path, shows, budget) => {
    expect(await roundTripsOf(await html(path, { Cookie: cookie }), shows)).toBeLessThanOrEqual(budget);
  });

  const advertiserPages: [path: string, shows: string][] = [
    ["/advertiser", "Lumen Labs"],
    ["/advertiser/advertiser-lumen/campaigns", "Lumen insiders"],
    ["/advertiser/advertiser-lumen/api-keys", "Lumen Labs"],
    ["/advertiser/advertiser-lumen/members", "Lumen Marketing"],
    ["/advertiser/advertiser-lumen/funds", "Funds of Lumen Labs"],
    ["/advertiser/advertiser-lumen/campaigns/new", "Lumen Labs"],
    ["/advertiser/advertiser-lumen/campaigns/campaign-lumen-insiders", "Lumen insiders"],
    ["/advertiser/advertiser-lumen/campaigns/campaign-lumen-insiders/invitations", "invite-lumen-insiders"],
    ["/advertiser/advertiser-lumen/reports", "Reports for Lumen Labs"],
    ["/advertiser/advertiser-lumen/reports?from=2026-01-01&to=2026-12-31", "Lumen insiders"],
    ["/advertiser/advertiser-lumen/campaigns/campaign-lumen-insiders/report", "Lumen insiders"],
    // One end given: the other is the campaign's, worked out in the same batch.
    [`/advertiser/advertiser-lumen/campaigns/campaign-lumen-insiders/report?to=${new Date().toISOString().slice(0, 10)}`, "Lumen insiders"],
  ];
  it.each(advertiserPages)("signed in as an advertiser, %s", async (path, shows) => {
    expect(await roundTripsOf(await html(path, { Cookie: advertiserCookie }), shows)).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it("signed in as an admin, /admin", async () => {
    expect(await roundTripsOf(await html("/admin", { Cookie: adminCookie }), "Send a notification")).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it("the admin spoofing link's confirmation page", async () => {
    const secret = String(Reflect.get(env, "ADMIN_SPOOFING_SECRET"));
    const link = `/auth/admin-spoofing/${adminAccessToken}/${secret}?impersonate=user-ada_creates`;
    expect(await roundTripsOf(await html(link), "Act as @ada_creates?")).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  const publicPages: [path: string, host: string, shows: string][] = [
    ["/landing/aurora", "127.0.0.1", "Aurora wallet launch week"],
    // A partner host also looks its brand up (a cold cache reads D1 once).
    ["/landing/aurora", "aurora.localhost", "Aurora wallet launch week"],
    ["/invitation/invite-lumen-insiders", "127.0.0.1", "Invitation from Lumen Labs"],
    ["/campaign-preview/preview-lumen-insiders", "127.0.0.1", "Lumen insiders"],
  ];
  it.each(publicPages)("signed out, %s on %s", async (path, host, shows) => {
    expect(await roundTripsOf(await html(path, {}, `http://${host}:8787`), shows)).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it("signed out, a page of the app asks to sign in without reading D1", async () => {
    expect(await roundTripsOf(await html("/campaign/campaign-aurora-launch"), "Sign in to continue", 401)).toBe(0);
  });

  it("signed in, a public page", async () => {
    expect(await roundTripsOf(await html("/landing/aurora", { Cookie: cookie }), "Aurora wallet launch week")).toBeLessThanOrEqual(
      MAX_ROUND_TRIPS,
    );
  });

  const jsonPages: [path: string, shows: string, signedIn: boolean, budget: number][] = [
    ["/v1/page/dashboard", "Aurora wallet launch week", true, MAX_ROUND_TRIPS + CAMPAIGN_STORE_READ],
    ["/v1/page/profile", "Loving Aurora wallet launch week", true, MAX_ROUND_TRIPS + CAMPAIGN_STORE_READ],
    ["/v1/page/invitation/token/invite-lumen-insiders", "Lumen Labs", false, MAX_ROUND_TRIPS],
  ];
  it.each(jsonPages)("JSON %s", async (path, shows, signedIn, budget) => {
    const response = await json(path, signedIn ? { Authorization: bearer } : {});
    expect(await roundTripsOf(response, shows)).toBeLessThanOrEqual(budget);
  });
});

describe("a session this isolate has read: its check rides with the page's data", () => {
  it("a signed-in page and its JSON take one round trip fewer the second time", async () => {
    const pageCookie = await sessionCookieFor("user-ada_creates");
    const pageBearer = await bearerFor("user-ada_creates");
    expect(await roundTripsOf(await html("/", { Cookie: pageCookie }), "Aurora wallet launch week")).toBe(2 + CAMPAIGN_STORE_READ);
    expect(await roundTripsOf(await html("/", { Cookie: pageCookie }), "Aurora wallet launch week")).toBe(1 + CAMPAIGN_STORE_READ);
    expect(await roundTripsOf(await json("/v1/page/dashboard", { Authorization: pageBearer }), "Aurora wallet launch week")).toBe(
      2 + CAMPAIGN_STORE_READ,
    );
    expect(await roundTripsOf(await json("/v1/page/dashboard", { Authorization: pageBearer }), "Aurora wallet launch week")).toBe(
      1 + CAMPAIGN_STORE_READ,
    );
  });

  it("a known session's id with another secret is still refused: only its own cookie skips the secret's check", async () => {
    const pageCookie = await sessionCookieFor("user-ada_creates");
    expect(await roundTripsOf(await html("/profile", { Cookie: pageCookie }), "Loving Aurora wallet launch week")).toBe(
      2 + CAMPAIGN_STORE_READ,
    );
    expect(await roundTripsOf(await html("/profile", { Cookie: pageCookie }), "Loving Aurora wallet launch week")).toBe(
      1 + CAMPAIGN_STORE_READ,
    );
    const [sessionId = "", secret = ""] = pageCookie.replace(/^chorus_session=/, "").split(".");
    const forged = `chorus_session=${sessionId}.${secret.slice(0, -1)}${secret.endsWith("A") ? "B" : "A"}`;
    const page = await html("/profile", { Cookie: forged });
    const body = await page.text();
    expect(page.status).toBe(401);
    expect(body).toContain("Sign in to see this page.");
    expect(body).not.toContain("Loving Aurora wallet launch week");
  });

  it("signed out since: the page is rendered for a visitor and the JSON is a 401, with nothing of the user's", async () => {
    const started = await startSession({ db: env.DB, clock: systemClock }, { userId: "user-ada_creates", realUserId: null });
    const session = await findSession(env.DB, started.sessionId);
    if (session === null) throw new Error("no session");
    const signingKey = String(Reflect.get(env, "JWT_SIGNING_KEY"));
    const { accessToken } = await issueTokens({ db: env.DB, clock: systemClock, signingKey }, session);
    const pageCookie = `chorus_session=${started.cookieValue}`;
    const ownBearer = { Authorization: `Bearer ${accessToken}` };
    expect(await roundTripsOf(await html("/profile", { Cookie: pageCookie }), "Loving Aurora wallet launch week")).toBe(
      2 + CAMPAIGN_STORE_READ,
    );
    // The same session: known now, so its check rode with the page's data.
    expect(await roundTripsOf(await json("/v1/page/profile", ownBearer), "Loving Aurora wallet launch week")).toBe(1 + CAMPAIGN_STORE_READ);

    const signOut = await fetchWorker("/auth/logout", { method: "POST", headers: { Cookie: pageCookie, Origin: "http://127.0.0.1:8787" } });
    expect(signOut.status).toBe(204);
    const page = await html("/profile", { Cookie: pageCookie });
    const pageBody = await page.text();
    expect(page.status).toBe(401);
    expect(pageBody).toContain("Sign in to see this page.");
    expect(pageBody).not.toContain("Loving Aurora wallet launch week");

    const answer = await json("/v1/page/profile", ownBearer);
    const answerBody = await answer.text();
    expect(answer.status).toBe(401);
    expect(answerBody).toContain("X: Your session has ended");
    expect(answerBody).not.toContain("Loving Aurora wallet launch week");
  });
});
