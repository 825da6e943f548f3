import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../fixtures/factories.ts";
import { userSettingsSchema } from "../../../worker/contracts/settings.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";
import { inProduction } from "../support/production.ts";

/*
 * Read replicas (docs/decisions/035-read-replicas.md): every request runs on one D1 session started from the bookmark
 * its client carried, and hands the session's bookmark back. Local D1 runs the same Sessions API against its one
 * copy, where a bookmark is where that copy stands: a bookmark the database has not reached yet comes back unchanged,
 * which shows that a request's session started from what the client carried.
 */

/** Well formed, and further than this test's database will ever get. */
const AHEAD = "0000ffff-00000000-00000000-00000000000000000000000000000000";
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

let creators = 0;
async function newCreator(): Promise<{ userId: string; bearer: string }> {
  creators += 1;
  const user = buildUser(`replica_${creators}`, Date.now(), { name: `Replica ${creators}` });
  await env.DB.batch(insertUserStatements(env.DB, user, ["creator"]));
  return { userId: user.id, bearer: await bearerFor(user.id) };
}

function saveDisplayName(bearer: string, displayName: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetchWorker("/v1/user/settings/basic", {
    method: "PUT",
    headers: { Authorization: bearer, "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ displayName, preferredAdvertiserId: null, mailedNotificationKinds: [] }),
  });
}

function readSettings(bearer: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetchWorker("/v1/user/settings", { headers: { Authorization: bearer, ...headers } });
}

/** The bookmark cookie an answer sets, split into its value and attributes; null when it sets none. */
function bookmarkCookieOf(response: Response): { value: string; attributes: string[] } | null {
  const cookie = response.headers.getSetCookie().find((line) => /^(__Host-)?chorus_d1_bookmark=/.test(line));
  if (cookie === undefined) return null;
  const [pair = "", ...attributes] = cookie.split(";").map((part) => part.trim());
  return { value: pair.slice(pair.indexOf("=") + 1), attributes };
}

describe("a creator reads their own writes across requests", () => {
  // Which copy answers cannot be seen on the one local copy (any read there sees every write), so these show the
  // worker's part: it hands a write's bookmark back, and a request carrying one starts its session there, shown with
  // a bookmark further than the copy, which comes back unchanged.
  it("hands a write's bookmark back in a cookie for the browser and in the x-d1-bookmark header for an API client", async () => {
    const creator = await newCreator();
    const written = await saveDisplayName(creator.bearer, "Ada Near");
    expect(written.status).toBe(200);
    const cookie = bookmarkCookieOf(written);
    expect(cookie?.value).toMatch(BOOKMARK);
    expect(cookie?.attributes).toEqual(["Max-Age=600", "Path=/", "HttpOnly", "SameSite=Lax"]);
    expect(written.headers.get("x-d1-bookmark")).toBe(cookie?.value);
  });

  it("starts each request's session where the client's bookmark says, by cookie or by header (the header first)", async () => {
    const creator = await newCreator();
    const byCookie = await readSettings(creator.bearer, { Cookie: `chorus_d1_bookmark=${AHEAD}` });
    expect(byCookie.headers.get("x-d1-bookmark")).toBe(AHEAD);
    expect(bookmarkCookieOf(byCookie)?.value).toBe(AHEAD);

    const byHeader = await saveDisplayName(creator.bearer, "Ahead", { "x-d1-bookmark": AHEAD, Cookie: "chorus_d1_bookmark=garbage" });
    expect(byHeader.status).toBe(200);
    expect(byHeader.headers.get("x-d1-bookmark")).toBe(AHEAD);
  });

  it("runs a page on the same session and hands its bookmark back to the browser", async () => {
    const creator = await newCreator();
    const page = await fetchPage("/profile/settings", `${await sessionCookieFor(creator.userId)}; chorus_d1_bookmark=${AHEAD}`);
    expect(page.status).toBe(200);
    await page.text();
    expect(bookmarkCookieOf(page)?.value).toBe(AHEAD);
  });
});

describe("a request without a bookmark", () => {
  it("still works, unconstrained, and gets one", async () => {
    const creator = await newCreator();
    const read = await readSettings(creator.bearer);
    expect(read.status).toBe(200);
    expect(userSettingsSchema.parse(await read.json()).displayName).toBe(`Replica ${creators}`);
    expect(bookmarkCookieOf(read)?.value).toMatch(BOOKMARK);
  });

  it("ignores a malformed bookmark instead of refusing the request", async () => {
    const creator = await newCreator();
    for (const carried of [
      "garbage",
      "0000ffff-00000000-00000000",
      `${AHEAD}0`,
      "0000FFFF-00000000-00000000-00000000000000000000000000000000",
    ]) {
      const read = await readSettings(creator.bearer, { "x-d1-bookmark": carried });
      expect(read.status, carried).toBe(200);
      const returned = read.headers.get("x-d1-bookmark") ?? "";
      expect(returned, carried).toMatch(BOOKMARK);
      expect(returned, carried).not.toBe(AHEAD);
    }
  });
});

describe("where the bookmark is not handed back", () => {
  it("leaves it off an answer shared caches may keep", async () => {
    const icons = await fetchWorker("/icons/lucide.json?icons=clock", { headers: { Cookie: `chorus_d1_bookmark=${AHEAD}` } });
    expect(icons.status).toBe(200);
    expect(icons.headers.get("Cache-Control")).toContain("public");
    expect(icons.headers.get("x-d1-bookmark")).toBeNull();
    expect(icons.headers.getSetCookie()).toEqual([]);
  });
});

describe("in production", () => {
  it("names the cookie with the __Host- prefix, marks it Secure, and reads only that name", async () => {
    const creator = await newCreator();
    const headers = { Authorization: creator.bearer };
    const prefixed = await inProduction(
      new Request("https://chorus.example/v1/user/settings", { headers: { ...headers, Cookie: `__Host-chorus_d1_bookmark=${AHEAD}` } }),
    );
    expect(prefixed.status).toBe(200);
    const cookie = bookmarkCookieOf(prefixed);
    expect(prefixed.headers.getSetCookie().some((line) => line.startsWith(`__Host-chorus_d1_bookmark=${AHEAD};`))).toBe(true);
    expect(cookie?.attributes).toEqual(["Max-Age=600", "Path=/", "HttpOnly", "Secure", "SameSite=Lax"]);

    const plain = await inProduction(
      new Request("https://chorus.example/v1/user/settings", { headers: { ...headers, Cookie: `chorus_d1_bookmark=${AHEAD}` } }),
    );
    expect(plain.status).toBe(200);
    expect(plain.headers.get("x-d1-bookmark")).not.toBe(AHEAD);
  });
});
