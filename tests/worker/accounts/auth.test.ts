import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HOUR, systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { configFrom } from "../../../worker/config.ts";
import { createXClient } from "../../../worker/domain/networks/x/client.ts";
import { completeLogin, LOGIN_STATE_TTL, startLogin } from "../../../worker/domain/accounts/login.ts";
import { REFRESH_REUSE_GRACE, refreshTokens, startSession, issueTokens } from "../../../worker/domain/accounts/sessions.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { signInThroughX, TestBrowser, tokensOf } from "../support/browser.ts";

const origin = "http://127.0.0.1:8787";
const xClient = () =>
  createXClient({
    authorizeUrl: env.X_AUTHORIZE_URL,
    apiBaseUrl: env.X_API_BASE_URL,
    clientId: env.X_CLIENT_ID,
    clientSecret: String(Reflect.get(env, "X_CLIENT_SECRET")),
  });
const secret = (name: string) => String(Reflect.get(env, name));

describe("sign in with X (read login)", () => {
  it("sends the browser to X with PKCE, a one-time state and the read scopes", async () => {
    const browser = new TestBrowser();
    const response = await browser.fetch("/auth/twitter/read/login");
    expect(response.status).toBe(302);
    const authorize = new URL(response.headers.get("location") ?? "");
    expect(`${authorize.origin}${authorize.pathname}`).toBe(env.X_AUTHORIZE_URL);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: env.X_CLIENT_ID,
      redirect_uri: `${origin}/auth/twitter/callback`,
      scope: "tweet.read users.read offline.access",
      code_challenge_method: "S256",
    });
    expect(authorize.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(browser.cookie("chorus_login_binding")).toBeDefined();
  });

  it("lands the advertiser login on the page it names, when it names one", async () => {
    const browser = new TestBrowser();
    const start = await browser.fetch("/auth/twitter/advertiser/login?afterLoginRedirectUrl=/advertiser/acme/funds");
    const authorize = new URL(start.headers.get("location") ?? "");
    authorize.searchParams.set("emulator_login", "brand_lead");
    const approved = await browser.fetch(authorize.toString());
    const landing = await browser.fetch(approved.headers.get("location") ?? "");
    expect(landing.headers.get("location")).toBe(`${origin}/advertiser/acme/funds`);
  });

  it("asks X for write access on the write login", async () => {
    const response = await new TestBrowser().fetch("/auth/twitter/write/login?page_path=/campaigns&modal_to_open=post-editor");
    const authorize = new URL(response.headers.get("location") ?? "");
    expect(authorize.searchParams.get("scope")).toBe("tweet.read users.read offline.access tweet.write media.write");
  });

  it("completes the dance against the X emulator: user created, attribution kept, session cookie set", async () => {
    const { browser, landing } = await signInThroughX("ada_signs_in", {
      afterLoginRedirectUrl: "/campaigns",
      utm_source: "newsletter",
      utm_campaign: "launch",
      invitationId: "inv-7",
      deviceId: "device-1",
    });
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe(`${origin}/campaigns`);
    expect(browser.cookie("chorus_session")).toMatch(/^ses_[\w-]+\.[\w-]+$/);
    expect(landing.headers.get("set-cookie")).toMatch(/HttpOnly/i);
    expect(landing.headers.get("set-cookie")).toMatch(/SameSite=Lax/i);

    const { accessToken } = await tokensOf(browser);
    const profile = await browser.fetch("/auth/profile", { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(profile.status).toBe(200);
    const user = (await profile.json()) as Record<string, unknown>;
    expect(user).toMatchObject({
      twitterHandle: "ada_signs_in",
      userName: "ada_signs_in",
      userRoles: ["creator"],
      twoFactorAuthEnabled: false,
      verifiedTwoFactorAuthEnabled: false,
      email: "",
      verifiedEmail: "",
      preferredAdvertiserName: "",
    });
    expect(user.realUserId).toBe(user.userId);

    const attribution = await env.DB.prepare(`SELECT * FROM user_attribution WHERE user_id = ?`).bind(user.userId).first();
    expect(attribution).toMatchObject({
      first_utm_source: "newsletter",
      first_utm_campaign: "launch",
      utm_source: "newsletter",
      invite_id: "inv-7",
      device_id: "device-1",
    });
    const credentials = await env.DB.prepare(`SELECT * FROM x_credentials WHERE user_id = ?`)
      .bind(user.userId)
      .first<Record<string, string>>();
    expect(credentials?.scopes).toBe("tweet.read users.read offline.access");
    expect(credentials?.access_token_encrypted).toMatch(/^v1\./);

    const page = await browser.fetch("/campaigns", { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("@ada_signs_in");
  });

  it("keeps the first-touch utm values and updates the last touch on a later login", async () => {
    await signInThroughX("returning_rui", { utm_source: "first", utm_medium: "email" });
    await signInThroughX("returning_rui", { utm_source: "second" });
    const row = await env.DB.prepare(
      `SELECT a.* FROM user_attribution a JOIN users u ON u.id = a.user_id WHERE u.handle = 'returning_rui'`,
    ).first();
    expect(row).toMatchObject({ first_utm_source: "first", first_utm_medium: "email", utm_source: "second", utm_medium: "email" });
    const users = await env.DB.prepare(`SELECT COUNT(*) AS n FROM users WHERE handle = 'returning_rui'`).first("n");
    expect(users).toBe(1);
  });

  it("only signs the person in on the advertiser login: the advertiser role comes from membership", async () => {
    const browser = new TestBrowser();
    const start = await browser.fetch("/auth/twitter/advertiser/login");
    const authorize = new URL(start.headers.get("location") ?? "");
    authorize.searchParams.set("emulator_login", "brand_manager");
    const approved = await browser.fetch(authorize.toString());
    const landing = await browser.fetch(approved.headers.get("location") ?? "");
    expect(landing.headers.get("location")).toBe(`${origin}/advertiser`);
    await browser.follow(landing);
    const { accessToken } = await tokensOf(browser);
    const user = await (await browser.fetch("/auth/profile", { headers: { Authorization: `Bearer ${accessToken}` } })).json();
    expect(user).toMatchObject({ userRoles: ["creator"] });
  });
});

describe("what the callback refuses", () => {
  async function startedLogin(query = "") {
    const browser = new TestBrowser();
    const start = await browser.fetch(`/auth/twitter/read/login${query}`);
    const authorize = new URL(start.headers.get("location") ?? "");
    authorize.searchParams.set("emulator_login", `u${crypto.randomUUID().slice(0, 8)}`);
    const approved = await browser.fetch(authorize.toString());
    return { browser, callback: new URL(approved.headers.get("location") ?? "") };
  }

  it("refuses a tampered state", async () => {
    const { browser, callback } = await startedLogin();
    callback.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    const response = await browser.fetch(callback.toString());
    expect(response.headers.get("location")).toBe("/login-error?network=x&reason=invalid_state");
    expect(browser.cookie("chorus_session")).toBeUndefined();
  });

  it("refuses a state used twice", async () => {
    const { browser, callback } = await startedLogin();
    expect((await browser.fetch(callback.toString())).headers.get("location")).toBe(`${origin}/`);
    browser.forget("chorus_session");
    expect((await browser.fetch(callback.toString())).headers.get("location")).toBe("/login-error?network=x&reason=invalid_state");
  });

  it("refuses a callback arriving in another browser than the one that started the sign-in", async () => {
    const { callback } = await startedLogin();
    const otherBrowser = new TestBrowser();
    expect((await otherBrowser.fetch(callback.toString())).headers.get("location")).toBe("/login-error?network=x&reason=invalid_state");
  });

  it("answers a missing state with the sign-in error page", async () => {
    const response = await new TestBrowser().fetch("/auth/twitter/callback?code=abc");
    expect(response.headers.get("location")).toBe("/login-error?network=x&reason=invalid_state");
  });

  it("returns to the cancel target with login=cancelled when the person cancels at X", async () => {
    const browser = new TestBrowser();
    const start = await browser.fetch("/auth/twitter/read/login?onCancelLoginRedirectUrl=/campaigns");
    const state = new URL(start.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const response = await browser.fetch(`/auth/twitter/callback?error=access_denied&state=${state}`);
    expect(response.headers.get("location")).toBe(`${origin}/campaigns?login=cancelled`);
  });

  it("never redirects to another site after login (no open redirect)", async () => {
    for (const target of ["https://evil.example/steal", "//evil.example/steal", "/\\evil.example", "javascript:alert(1)"]) {
      const { landing } = await signInThroughX(`r${crypto.randomUUID().slice(0, 8)}`, { afterLoginRedirectUrl: target });
      expect(landing.headers.get("location"), target).toBe(`${origin}/`);
    }
  });

  it("allows a registered partner domain as the redirect target", async () => {
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO partners (id, theme, display_name, primary_color, accent_color, created_at, updated_at)
         VALUES ('p-test', 'testbrand', 'Test', '#000', '#fff', 0, 0)`,
      ),
      env.DB.prepare(`INSERT INTO partner_hostnames (hostname, partner_id) VALUES ('partner.localhost', 'p-test')`),
    ]);
    const { landing } = await signInThroughX("partner_fan", { afterLoginRedirectUrl: "http://partner.localhost:8787/campaigns" });
    expect(landing.headers.get("location")).toBe("http://partner.localhost:8787/campaigns");
  });

  it("refuses a state older than 10 minutes", async () => {
    const clock = fixedClock(Date.now());
    const url = await startLogin(
      { db: env.DB, clock, config: configFrom(env), encryptionKey: secret("TOKEN_ENCRYPTION_KEY") },
      { network: "x", flow: "read", params: {}, requestOrigin: origin, browserBinding: "binding-1" },
    );
    const state = new URL(url).searchParams.get("state") ?? "";
    clock.advance(LOGIN_STATE_TTL + 1);
    const outcome = await completeLogin(
      { db: env.DB, clock, config: configFrom(env), encryptionKey: secret("TOKEN_ENCRYPTION_KEY"), isServedOrigin: async () => false },
      { state, code: "irrelevant", browserBinding: "binding-1", requestOrigin: origin },
    );
    expect(outcome).toEqual({ kind: "failed", reason: "expired" });
  });

  it("rejects an over-long query value with the field named", async () => {
    const response = await new TestBrowser().fetch(`/auth/twitter/read/login?utm_source=${"x".repeat(3000)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      code: "invalid_request",
      detail: [{ loc: ["query", "utm_source"], msg: "must be at most 2048 characters" }],
    });
  });
});

describe("tokens", () => {
  it("rotates the refresh token on every use, and the spent one stops working", async () => {
    const { browser } = await signInThroughX("rotating_rita");
    const first = await tokensOf(browser);
    const refreshed = await browser.fetch("/auth/token", { method: "POST", body: JSON.stringify(first) });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { accessToken: string; refreshToken: string };
    expect(second.refreshToken).not.toBe(first.refreshToken);

    const reused = await browser.fetch("/auth/token", { method: "POST", body: JSON.stringify(first) });
    expect(reused.status).toBe(401);
    // Within seconds of its rotation a reuse is treated as two tabs racing: refused, the session kept.
    expect(await reused.json()).toMatchObject({ message: "Refresh token already used" });
    const profile = await browser.fetch("/auth/profile", { headers: { Authorization: `Bearer ${second.accessToken}` } });
    expect(profile.status).toBe(200);
  });

  it("revokes the whole session when a spent refresh token comes back later", async () => {
    const clock = fixedClock(Date.now());
    const deps = { db: env.DB, signingKey: secret("JWT_SIGNING_KEY"), clock };
    await insertUserStatements(env.DB, buildUser("thief_target", clock.now()), ["creator"])[0]?.run();
    const session = await startSession(deps, { userId: "user-thief_target", realUserId: null });
    const stored = await findSession(env.DB, session.sessionId);
    if (stored === null) throw new Error("session missing");
    const first = await issueTokens(deps, stored);
    const second = await refreshTokens(deps, first);
    clock.advance(REFRESH_REUSE_GRACE + 1);
    await expect(refreshTokens(deps, first)).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/^X: /) });
    await expect(refreshTokens(deps, second)).rejects.toMatchObject({ message: expect.stringMatching(/^X: /) });
    expect((await findSession(env.DB, session.sessionId))?.revokedAt).toBe(clock.now());
  });

  it("answers an expired access token with a 401 the client refreshes on, and a bad one likewise", async () => {
    const { browser } = await signInThroughX("expiring_eve");
    const { accessToken } = await tokensOf(browser);
    const forged = `${accessToken.slice(0, -4)}AAAA`;
    const response = await browser.fetch("/auth/profile", { headers: { Authorization: `Bearer ${forged}` } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).not.toMatch(/^X:/);
    const missing = await browser.fetch("/auth/profile");
    expect(missing.status).toBe(401);
  });

  it("ends the session on sign-out: its tokens stop working at once", async () => {
    const { browser } = await signInThroughX("leaving_leo");
    const { accessToken } = await tokensOf(browser);
    expect((await browser.fetch("/auth/logout", { method: "POST", headers: { Origin: origin } })).status).toBe(204);
    expect(browser.cookie("chorus_session")).toBeUndefined();
    const response = await browser.fetch("/auth/profile", { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/^X: /);
  });

  it("does not hand tokens to another site", async () => {
    const { browser } = await signInThroughX("careful_cara");
    const response = await browser.fetch("/auth/session/tokens", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
  });

  it("serves getCurrentUser over the typed RPC: the user for a token, the spec's signed-out user without one, 401 for a bad one", async () => {
    const { browser } = await signInThroughX("rpc_rosa");
    const { accessToken } = await tokensOf(browser);
    const answer = await browser.fetch("/trpc/getCurrentUser", { headers: { Authorization: `Bearer ${accessToken}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ result: { data: { twitterHandle: "rpc_rosa", userRoles: ["creator"] } } });

    // A visitor (no token at all) is answered SPEC.md section 3's default user, not an error.
    const visitor = await new TestBrowser().fetch("/trpc/getCurrentUser");
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({
      result: {
        data: {
          userId: "",
          realUserId: "",
          profileImageUrl: "",
          twitterHandle: "",
          userName: "",
          userRoles: [],
          twoFactorAuthEnabled: false,
          verifiedTwoFactorAuthEnabled: false,
          email: "",
          verifiedEmail: "",
          preferredAdvertiserName: "",
        },
      },
    });
    // A token that is not (or no longer) good is refused, so the browser holding it refreshes it or signs out.
    const stale = await browser.fetch("/trpc/getCurrentUser", { headers: { Authorization: "Bearer not-a-token" } });
    expect(stale.status).toBe(401);
  });

  it("keeps X's tokens refreshable: the stored refresh token works against X", async () => {
    const { browser } = await signInThroughX("refresh_x");
    const { accessToken } = await tokensOf(browser);
    const user = (await (await browser.fetch("/auth/profile", { headers: { Authorization: `Bearer ${accessToken}` } })).json()) as {
      userId: string;
    };
    const { freshXAccessToken } = await import("../../../worker/domain/networks/x/credentials.ts");
    const clock = fixedClock(Date.now() + 3 * HOUR);
    const deps = { db: env.DB, clock, encryptionKey: secret("TOKEN_ENCRYPTION_KEY"), xClient: xClient() };
    const token = await freshXAccessToken(deps, user.userId);
    expect((await xClient().me(token)).handle).toBe("refresh_x");
    void systemClock;
  });
});

// Admin spoofing: tests/worker/impersonation.test.ts.
