import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { HOUR, systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { findSession, insertSessionStatement } from "../../../worker/db/sessions.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import {
  IMPERSONATION_TTL,
  issueTokens,
  liveSessionForToken,
  sessionFromCookie,
  startSession,
} from "../../../worker/domain/accounts/sessions.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { TestBrowser, tokensOf } from "../support/browser.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor } from "../support/sessions.ts";
import { uniqueClientAddress } from "../support/client-address.ts";

/* Admin spoofing (docs/decisions/024-impersonation.md): the link shows a confirmation page, the form starts a session
 * of at most an hour, and while it lasts the money, publishing and admin doors stay shut and every change is audited. */

const origin = "http://127.0.0.1:8787";
const now = Date.now();
const admin = buildUser("imp_admin", now);
const otherAdmin = buildUser("imp_other_admin", now);
const creator = buildUser("imp_creator", now, { name: "Ivy Creator" });
const secret = () => String(Reflect.get(env, "ADMIN_SPOOFING_SECRET"));
const signingKey = () => String(Reflect.get(env, "JWT_SIGNING_KEY"));

let adminToken = "";
/** Each test spoofs from its own address, so the spoofing rate limit of one test never touches another. */
const freshAddress = uniqueClientAddress;

const linkFor = (token: string, impersonate: string, secretValue = secret()) =>
  `/auth/admin-spoofing/${token}/${secretValue}?impersonate=${encodeURIComponent(impersonate)}`;

async function countRows(table: string): Promise<number> {
  return Number(await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first("n"));
}

async function tableCounts() {
  return { sessions: await countRows("sessions"), audit: await countRows("audit_log"), failures: await countRows("spoofing_failures") };
}

/** The admin presses Start on the confirmation page: a same-origin form POST to the link. */
function pressStart(browser: TestBrowser, link: string, address: string, headers: Record<string, string> = { Origin: origin }) {
  return browser.fetch(link, { method: "POST", headers: { "cf-connecting-ip": address, ...headers } });
}

/** A browser acting as the creator, started the way support does it. */
async function impersonatingBrowser(): Promise<{ browser: TestBrowser; bearer: string }> {
  const browser = new TestBrowser();
  const started = await pressStart(browser, linkFor(adminToken, creator.id), freshAddress());
  expect(started.status).toBe(303);
  return { browser, bearer: `Bearer ${(await tokensOf(browser)).accessToken}` };
}

beforeAll(async () => {
  await env.DB.batch([
    ...insertUserStatements(env.DB, admin, ["admin"]),
    ...insertUserStatements(env.DB, otherAdmin, ["admin", "creator"]),
    ...insertUserStatements(env.DB, creator, ["creator"]),
  ]);
  adminToken = (await bearerFor(admin.id)).replace(/^Bearer /, "");
});

describe("the spoofing link", () => {
  it("only shows a confirmation page: a link-preview bot fetching it creates nothing and writes no audit row", async () => {
    const before = await tableCounts();
    const preview = await new TestBrowser().fetch(linkFor(adminToken, creator.id), {
      headers: { Accept: "text/html", "cf-connecting-ip": freshAddress(), "User-Agent": "Slackbot-LinkExpanding 1.0" },
    });
    expect(preview.status).toBe(200);
    // No session: the only cookie is D1's bookmark, which every answer that read carries (docs/decisions/035-read-replicas.md).
    expect(preview.headers.getSetCookie().map((cookie) => cookie.split("=")[0])).toEqual(["chorus_d1_bookmark"]);
    expect(preview.headers.get("cache-control")).toBe("no-store");
    const html = await preview.text();
    expect(html).toContain("Act as @imp_creator?");
    expect(html).toMatch(/<form method="post">/);
    // The form posts back to the link itself: the secret is not copied into the page. (The test build's development
    // stylesheet names the page's path; a production build has no such link.)
    expect(html.replaceAll(/\/@react-router\/critical\.css\?pathname=[^"]*/g, "")).not.toContain(secret());
    expect(await tableCounts()).toEqual(before);
  });

  it("starts a session of one hour as the user on Start, with the admin as realUserId, audited with both ids", async () => {
    const browser = new TestBrowser();
    const started = await pressStart(browser, linkFor(adminToken, creator.id), freshAddress());
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe("/");
    const { accessToken } = await tokensOf(browser);
    const profile = (await (await browser.fetch("/auth/profile", { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as {
      userId: string;
      realUserId: string;
    };
    expect(profile).toMatchObject({ userId: creator.id, realUserId: admin.id });

    const session = await env.DB.prepare(`SELECT * FROM sessions WHERE user_id = ? AND real_user_id = ? ORDER BY created_at DESC LIMIT 1`)
      .bind(creator.id, admin.id)
      .first<{ id: string; created_at: number; expires_at: number }>();
    expect((session?.expires_at ?? 0) - (session?.created_at ?? 0)).toBe(HOUR);
    const audit = await env.DB.prepare(
      `SELECT * FROM audit_log WHERE action = 'admin-spoofing' AND outcome = 'allowed' AND subject_user_id = ?`,
    )
      .bind(creator.id)
      .all<{ actor_user_id: string; detail: string }>();
    expect(audit.results.map((row) => [row.actor_user_id, JSON.parse(row.detail).sessionId])).toContainEqual([admin.id, session?.id]);
  });

  it("ends the impersonation after an hour on the server, whatever the browser still holds", async () => {
    const { browser, bearer } = await impersonatingBrowser();
    const cookie = browser.cookie("chorus_session");
    const later = fixedClock(Date.now() + IMPERSONATION_TTL + 1000);
    await expect(sessionFromCookie({ db: env.DB, clock: later }, cookie)).resolves.toBeNull();
    const token = bearer.replace(/^Bearer /, "");
    await expect(
      liveSessionForToken({ db: env.DB, clock: fixedClock(Date.now() + IMPERSONATION_TTL + 1000), signingKey: signingKey() }, token),
    ).rejects.toMatchObject({ status: 401 });
    await expect(
      insertSessionStatement(env.DB, {
        id: "ses_too_long",
        userId: creator.id,
        realUserId: admin.id,
        cookieSecretHash: "x",
        createdAt: now,
        expiresAt: now + 2 * HOUR,
      }).run(),
    ).rejects.toThrow(/at most one hour/);
  });

  it("refuses a POST that is not from a page of the site, and starts nothing", async () => {
    const before = await tableCounts();
    const address = freshAddress();
    const crossSite = await pressStart(new TestBrowser(), linkFor(adminToken, creator.id), address, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const noOrigin = await pressStart(new TestBrowser(), linkFor(adminToken, creator.id), address, {});
    expect(noOrigin.status).toBe(403);
    expect((await tableCounts()).sessions).toBe(before.sessions);
  });

  it("refuses the token of a signed-out admin session, even though the token itself has not expired", async () => {
    const signedOut = buildUser("imp_signed_out_admin", now);
    await env.DB.batch(insertUserStatements(env.DB, signedOut, ["admin"]));
    const started = await startSession({ db: env.DB, clock: systemClock }, { userId: signedOut.id, realUserId: null });
    const sessionRow = await findSession(env.DB, started.sessionId);
    if (sessionRow === null) throw new Error("no session");
    const { accessToken } = await issueTokens({ db: env.DB, clock: systemClock, signingKey: signingKey() }, sessionRow);
    const logout = await fetchWorker("/auth/logout", {
      method: "POST",
      headers: { Origin: origin, Cookie: `chorus_session=${started.cookieValue}` },
    });
    expect(logout.status).toBe(204);

    const sessionsBefore = await countRows("sessions");
    const address = freshAddress();
    const page = await new TestBrowser().fetch(linkFor(accessToken, creator.id), {
      headers: { Accept: "text/html", "cf-connecting-ip": address },
    });
    expect(page.status).toBe(401);
    expect(await page.text()).toContain("its session has ended");
    const start = await pressStart(new TestBrowser(), linkFor(accessToken, creator.id), address);
    expect(start.status).toBe(401);
    expect(await countRows("sessions")).toBe(sessionsBefore);
  });

  it("refuses to act as an admin, and resolves impersonate by user id only (a handle is not found)", async () => {
    const address = freshAddress();
    const asAdmin = await pressStart(new TestBrowser(), linkFor(adminToken, otherAdmin.id), address);
    expect(asAdmin.status).toBe(403);
    expect(errorBodySchema.parse(await asAdmin.json()).message).toBe("An admin cannot act as another admin.");
    const byHandle = await pressStart(new TestBrowser(), linkFor(adminToken, "@imp_creator"), address);
    expect(byHandle.status).toBe(404);
    expect(await byHandle.json()).toMatchObject({ detail: [{ loc: ["query", "impersonate"], msg: "no user has this id" }] });
  });

  it("refuses a user who is not an admin, even with the right secret", async () => {
    const creatorToken = (await bearerFor(creator.id)).replace(/^Bearer /, "");
    const response = await pressStart(new TestBrowser(), linkFor(creatorToken, creator.id), freshAddress());
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: "Spoofing is not allowed" });
  });

  it("cannot be started from a session that is itself acting as someone", async () => {
    const { bearer } = await impersonatingBrowser();
    const response = await pressStart(new TestBrowser(), linkFor(bearer.replace(/^Bearer /, ""), creator.id), freshAddress());
    expect(response.status).toBe(403);
  });
});

describe("failed spoofing attempts", () => {
  it("are counted per source and hour, not written one by one, and nothing the caller sent is stored", async () => {
    const address = freshAddress();
    const guess = "'; DROP TABLE users; -- <script>guess-0042</script>";
    const lastAuditId = Number(await env.DB.prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM audit_log`).first("id"));
    const startedAt = Date.now();
    const attempts = [
      pressStart(new TestBrowser(), linkFor(adminToken, guess, "wrong-secret-1"), address),
      pressStart(new TestBrowser(), linkFor(adminToken, guess, "wrong-secret-2"), address),
      pressStart(new TestBrowser(), linkFor("not-a-token", guess), address),
      new TestBrowser().fetch(linkFor(adminToken, guess, "wrong-secret-3"), {
        headers: { Accept: "text/html", "cf-connecting-ip": address },
      }),
    ];
    for (const attempt of attempts) expect([401, 403]).toContain((await attempt).status);

    const counted = await env.DB.prepare(`SELECT failures FROM spoofing_failures WHERE last_failed_at >= ?`).bind(startedAt).all();
    expect(counted.results).toEqual([{ failures: attempts.length }]);
    const newAudit = await env.DB.prepare(`SELECT COUNT(*) AS n FROM audit_log WHERE id > ?`).bind(lastAuditId).first("n");
    expect(newAudit).toBe(0);
    const everything = JSON.stringify([
      (await env.DB.prepare(`SELECT * FROM audit_log`).all()).results,
      (await env.DB.prepare(`SELECT * FROM spoofing_failures`).all()).results,
    ]);
    for (const sent of ["guess-0042", "wrong-secret-1", "not-a-token", address]) expect(everything).not.toContain(sent);
  });
});

describe("while an admin acts as a user", () => {
  it("cannot publish on X, confirm payouts, withdraw or use the admin API: 403 saying why", async () => {
    const { bearer } = await impersonatingBrowser();
    const json = { Authorization: bearer, "Content-Type": "application/json", Origin: origin };
    const browser = new TestBrowser();
    const refused = [
      await browser.fetch("/v1/action/post/create", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ content: "hello", attachments: [], campaignId: "any", selectedSuggestionId: null }),
      }),
      await browser.fetch("/v1/action/payout/confirm/any-campaign", { method: "POST", headers: json }),
      await browser.fetch("/v1/withdrawal", { method: "POST", headers: { ...json, "Idempotency-Key": crypto.randomUUID() }, body: "{}" }),
      await browser.fetch("/v1/withdrawal/wd_any/verify", { method: "POST", headers: json, body: JSON.stringify({ code: "123456" }) }),
      await browser.fetch("/v1/admin/feedback", { headers: json }),
      await browser.fetch("/v1/admin/partners/partner-any", { method: "PUT", headers: json, body: "{}" }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(errorBodySchema.parse(await response.json()).message).toMatch(
        /^An admin acting as this user cannot .+ Only the user can do it/,
      );
    }
  });

  it("audits every change with the admin as actor and the user as subject, refused or not", async () => {
    const { bearer } = await impersonatingBrowser();
    const session = await liveSessionForToken({ db: env.DB, clock: fixedClock(Date.now()), signingKey: signingKey() }, bearer.slice(7));
    const browser = new TestBrowser();
    const markedRead = await browser.fetch("/v1/notification", { method: "DELETE", headers: { Authorization: bearer, Origin: origin } });
    expect(markedRead.status).toBeLessThan(300);
    const confirm = await browser.fetch("/v1/action/payout/confirm/any-campaign", {
      method: "POST",
      headers: { Authorization: bearer, Origin: origin },
    });
    expect(confirm.status).toBe(403);
    await browser.fetch("/v1/page/dashboard", { headers: { Authorization: bearer } });

    const rows = await env.DB.prepare(
      `SELECT * FROM audit_log WHERE action = 'impersonation.write' AND json_extract(detail, '$.sessionId') = ? ORDER BY id`,
    )
      .bind(session.id)
      .all<{ actor_user_id: string; subject_user_id: string; outcome: string; detail: string }>();
    expect(
      rows.results.map((row) => [
        row.actor_user_id,
        row.subject_user_id,
        row.outcome,
        JSON.parse(row.detail).method,
        JSON.parse(row.detail).path,
      ]),
    ).toEqual([
      [admin.id, creator.id, "allowed", "DELETE", "/v1/notification"],
      [admin.id, creator.id, "refused", "POST", "/v1/action/payout/confirm/any-campaign"],
    ]);
  });
});

describe("logs", () => {
  it("never print the spoofing link, which carries an access token and the secret", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await new TestBrowser().fetch(linkFor(adminToken, creator.id), {
        headers: {
          Accept: "text/html",
          "cf-connecting-ip": freshAddress(),
          traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
        },
      });
      const lines = log.mock.calls.map((args) => args.map(String).join(" "));
      expect(lines.some((line) => line.includes("/auth/admin-spoofing/[redacted]"))).toBe(true);
      expect(lines.join("\n")).not.toContain(secret());
      expect(lines.join("\n")).not.toContain(adminToken);
    } finally {
      log.mockRestore();
    }
  });
});
