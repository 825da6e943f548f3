import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOUR } from "../../worker/clock.ts";
import { fixedClock } from "../support/clock.ts";
import type { PublicMetrics } from "../../emulators/x/metrics.ts";
import { createXEmulator, type XEmulator, type XEmulatorOptions } from "../../emulators/x/server.ts";

const CLIENT_ID = "chorus-test";
const CLIENT_SECRET = "chorus-test-secret";
const REDIRECT_URI = "https://app.example.com/auth/x/callback";
const ALL_SCOPES = "tweet.read tweet.write users.read offline.access";
const APP_BEARER = "app-only-bearer-token";
const basicAuth = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;

type Tokens = { token_type: string; expires_in: number; access_token: string; scope: string; refresh_token?: string };

let directory: string;
let statePath: string;
let clock: ReturnType<typeof fixedClock>;
let running: XEmulator[];
let base: string;

async function startEmulator(extra: Partial<XEmulatorOptions> = {}): Promise<string> {
  const emulator = createXEmulator({
    port: 0,
    statePath,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [REDIRECT_URI],
    allowLocalRedirects: true,
    appBearerToken: APP_BEARER,
    now: clock.now,
    ...extra,
  });
  running.push(emulator);
  const { url } = await emulator.start();
  return url;
}

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "x-emulator-"));
  statePath = join(directory, "emulators", "x.json");
  clock = fixedClock(Date.UTC(2026, 10, 2, 9, 0, 0));
  running = [];
  base = await startEmulator();
});

afterEach(async () => {
  for (const emulator of running) await emulator.stop();
  await rm(directory, { recursive: true, force: true });
});

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizeParams(challenge: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    response_type: "code",
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: ALL_SCOPES,
    state: "state-123",
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides,
  };
}

function authorizeUrl(params: Record<string, string>): string {
  return `${base}/i/oauth2/authorize?${new URLSearchParams(params)}`;
}

/** Follows the authorize step the way the app's callback sees it: the redirect's query. */
async function authorizeAs(handle: string, challenge: string, overrides: Record<string, string> = {}): Promise<URL> {
  const response = await fetch(authorizeUrl({ ...authorizeParams(challenge, overrides), emulator_login: handle }), {
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get("location") ?? "");
}

function tokenRequest(form: Record<string, string>, authorization: string | null = basicAuth): Promise<Response> {
  return fetch(`${base}/2/oauth2/token`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(authorization === null ? {} : { Authorization: authorization }),
    },
    body: new URLSearchParams(form),
  });
}

async function signIn(handle: string, scope = ALL_SCOPES): Promise<Tokens> {
  const { verifier, challenge } = pkcePair();
  const callback = await authorizeAs(handle, challenge, { scope });
  const response = await tokenRequest({
    grant_type: "authorization_code",
    code: callback.searchParams.get("code") ?? "",
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Tokens;
}

function api(path: string, accessToken: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}${path}`, { ...init, headers: { Authorization: `Bearer ${accessToken}`, ...init.headers } });
}

function post(accessToken: string, body: unknown): Promise<Response> {
  return api("/2/tweets", accessToken, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function postText(accessToken: string, text: string): Promise<string> {
  const response = await post(accessToken, { text });
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as { data: { id: string } };
  return data.id;
}

async function metricsOf(accessToken: string, id: string): Promise<PublicMetrics> {
  const response = await api(`/2/tweets?ids=${id}&tweet.fields=public_metrics,created_at,author_id`, accessToken);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { public_metrics: PublicMetrics }[] };
  const [tweet] = body.data;
  if (tweet === undefined) throw new Error(`post ${id} not found`);
  return tweet.public_metrics;
}

describe("X emulator: OAuth 2.0", () => {
  it("knows the accounts it is started with, so signing in as one reaches that account (the demo world's people)", async () => {
    for (const emulator of running) await emulator.stop();
    running = [];
    const known = [{ id: "x-ada_creates", username: "ada_creates", name: "ada creates" }];
    base = await startEmulator({ knownAccounts: known });
    const tokens = await signIn("Ada_Creates");
    const me = (await (await api("/2/users/me?user.fields=profile_image_url", tokens.access_token)).json()) as {
      data: { id: string; username: string; profile_image_url: string };
    };
    expect(me.data).toMatchObject({ id: "x-ada_creates", username: "ada_creates" });
    expect((await fetch(me.data.profile_image_url)).status).toBe(200);
    // Started again with the same list: still one account of that name.
    for (const emulator of running) await emulator.stop();
    running = [];
    base = await startEmulator({ knownAccounts: known });
    const again = await signIn("ada_creates");
    const meAgain = (await (await api("/2/users/me", again.access_token)).json()) as { data: { id: string } };
    expect(meAgain.data.id).toBe("x-ada_creates");
  });

  it("runs the authorization-code flow with PKCE and answers users/me", async () => {
    const { verifier, challenge } = pkcePair();
    const callback = await authorizeAs("alice", challenge);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get("state")).toBe("state-123");
    const code = callback.searchParams.get("code");
    expect(code).toBeTruthy();

    const response = await tokenRequest({
      grant_type: "authorization_code",
      code: code ?? "",
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      client_id: CLIENT_ID,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as Tokens;
    expect(tokens).toEqual({
      token_type: "bearer",
      expires_in: 7200,
      access_token: expect.any(String),
      scope: ALL_SCOPES,
      refresh_token: expect.any(String),
    });

    const me = await api("/2/users/me?user.fields=profile_image_url", tokens.access_token);
    expect(me.status).toBe(200);
    const { data } = (await me.json()) as { data: { id: string; name: string; username: string; profile_image_url: string } };
    expect(data).toEqual({
      id: expect.stringMatching(/^\d{15,19}$/),
      name: "alice",
      username: "alice",
      profile_image_url: expect.any(String),
    });
    const avatar = await fetch(data.profile_image_url);
    expect(avatar.headers.get("content-type")).toContain("image/svg+xml");

    // Without user.fields, X answers only the default fields.
    const plain = (await (await api("/2/users/me", tokens.access_token)).json()) as { data: object };
    expect(plain.data).toEqual({ id: data.id, name: "alice", username: "alice" });
  });

  it("refuses a wrong code verifier and a code used twice", async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await authorizeAs("bob", challenge)).searchParams.get("code") ?? "";
    const exchange = (codeVerifier: string) =>
      tokenRequest({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: codeVerifier });

    const wrong = await exchange(pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: "invalid_request",
      error_description: "Value passed for the code verifier did not match the code challenge.",
    });

    expect((await exchange(verifier)).status).toBe(200);
    const reused = await exchange(verifier);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      error: "invalid_request",
      error_description: "Value passed for the authorization code was invalid.",
    });
  });

  it("refuses a code after ten minutes and a token request without the client's credentials", async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await authorizeAs("carol", challenge)).searchParams.get("code") ?? "";
    const form = { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: verifier };

    const anonymous = await tokenRequest(form, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: "unauthorized_client", error_description: "Missing valid authorization header" });
    const wrongSecret = await tokenRequest(form, `Basic ${Buffer.from(`${CLIENT_ID}:nope`).toString("base64")}`);
    expect(wrongSecret.status).toBe(401);

    clock.advance(10 * 60 * 1000 + 1);
    expect((await tokenRequest(form)).status).toBe(400);
  });

  it("rotates refresh tokens: each works once", async () => {
    const first = await signIn("dana");
    const refresh = (token: string) => tokenRequest({ grant_type: "refresh_token", refresh_token: token });

    const rotated = await refresh(first.refresh_token ?? "");
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as Tokens;
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await api("/2/users/me", second.access_token)).status).toBe(200);

    const reused = await refresh(first.refresh_token ?? "");
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: "invalid_request", error_description: "Value passed for the token was invalid." });
    expect((await refresh(second.refresh_token ?? "")).status).toBe(200);
  });

  it("issues no refresh token without offline.access", async () => {
    const tokens = await signIn("erin", "tweet.read users.read");
    expect(tokens.refresh_token).toBeUndefined();
    expect(tokens.scope).toBe("tweet.read users.read");
  });

  it("answers 401 for an unknown or expired access token", async () => {
    const unknown = await api("/2/users/me", "not-a-token");
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
    expect(await unknown.json()).toEqual({ title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });

    const { access_token } = await signIn("frank");
    clock.advance(2 * HOUR);
    expect((await api("/2/users/me", access_token)).status).toBe(401);
  });

  it("refuses the app-only bearer token where X needs a user", async () => {
    const me = await api("/2/users/me", APP_BEARER);
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ title: "Unsupported Authentication", status: 403 });
    expect((await post(APP_BEARER, { text: "From the app" })).status).toBe(403);
  });
});

describe("X emulator: authorize page", () => {
  it("lists the accounts, cancels with access_denied and creates an account from the form", async () => {
    await signIn("alice");
    const { challenge } = pkcePair();
    const params = authorizeParams(challenge);
    const page = await fetch(authorizeUrl(params));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Sign in as @alice");
    expect(html).toContain('<label for="username">Handle</label>');
    expect(html).toContain(">Cancel</button>");

    const decide = (fields: Record<string, string>) =>
      fetch(`${base}/i/oauth2/authorize/decide`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...params, ...fields }),
        redirect: "manual",
      });

    const cancelled = await decide({ decision: "cancel" });
    expect(cancelled.status).toBe(302);
    const denied = new URL(cancelled.headers.get("location") ?? "");
    expect(`${denied.origin}${denied.pathname}`).toBe(REDIRECT_URI);
    expect(denied.searchParams.get("error")).toBe("access_denied");
    expect(denied.searchParams.get("error_description")).toBeTruthy();
    expect(denied.searchParams.get("state")).toBe("state-123");
    expect(denied.searchParams.has("code")).toBe(false);

    const created = await decide({ decision: "create", username: "@grace_h", name: "Grace Hopper" });
    expect(created.status).toBe(302);
    expect(new URL(created.headers.get("location") ?? "").searchParams.get("code")).toBeTruthy();
    const again = await fetch(authorizeUrl(params));
    expect(await again.text()).toContain("Sign in as @grace_h");

    const taken = await decide({ decision: "create", username: "ALICE", name: "" });
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('role="alert"');
  });

  it("shows an error page instead of redirecting for a bad request, and accepts local callbacks", async () => {
    const { challenge } = pkcePair();
    const unknownClient = await fetch(authorizeUrl(authorizeParams(challenge, { client_id: "someone-else" })));
    expect(unknownClient.status).toBe(400);
    expect(await unknownClient.text()).toContain("Something went wrong");
    const foreignCallback = await fetch(authorizeUrl(authorizeParams(challenge, { redirect_uri: "https://evil.example/cb" })), {
      redirect: "manual",
    });
    expect(foreignCallback.status).toBe(400);
    const { code_challenge: _omitted, ...withoutChallenge } = authorizeParams(challenge);
    expect((await fetch(authorizeUrl(withoutChallenge))).status).toBe(400);

    const local = await authorizeAs("henry", challenge, { redirect_uri: "http://aurora.localhost:5173/auth/x/callback" });
    expect(local.origin).toBe("http://aurora.localhost:5173");
  });
});

describe("X emulator: posts", () => {
  it("creates a post, refuses a duplicate, a too-long text and a token without tweet.write", async () => {
    const { access_token } = await signIn("ivy");
    const created = await post(access_token, { text: "Hello #chorus" });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: string; text: string; edit_history_tweet_ids: string[] } };
    expect(data).toEqual({ id: expect.stringMatching(/^\d+$/), text: "Hello #chorus", edit_history_tweet_ids: [data.id] });

    const duplicate = await post(access_token, { text: "Hello #chorus" });
    expect(duplicate.status).toBe(403);
    expect(await duplicate.json()).toEqual({
      detail: "You are not allowed to create a Tweet with duplicate content.",
      type: "about:blank",
      title: "Forbidden",
      status: 403,
    });

    const tooLong = await post(access_token, { text: "a".repeat(281) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ title: "Invalid Request", type: "https://api.twitter.com/2/problems/invalid-request" });
    // Links count as 23 characters whatever their length.
    const withLink = await post(access_token, { text: `${"b".repeat(256)} https://example.com/${"c".repeat(100)}` });
    expect(withLink.status).toBe(201);

    const readOnly = await signIn("ivy", "tweet.read users.read");
    const refused = await post(readOnly.access_token, { text: "Not allowed" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ title: "Unsupported Authentication", status: 403 });
  });

  it("replaces links by t.co links and reports the original in entities", async () => {
    const { access_token } = await signIn("jack");
    const id = await postText(access_token, "Try https://chorus.example/join?ref=jack now @jack");
    const response = await api(`/2/tweets?ids=${id}&tweet.fields=entities`, access_token);
    const body = (await response.json()) as {
      data: { text: string; entities: { urls: { expanded_url: string; url: string }[]; mentions: { username: string }[] } }[];
    };
    const [tweet] = body.data;
    expect(tweet?.text).toMatch(/^Try https:\/\/t\.co\/[A-Za-z0-9]{10} now @jack$/);
    expect(tweet?.entities.urls[0]?.expanded_url).toBe("https://chorus.example/join?ref=jack");
    expect(tweet?.entities.mentions[0]?.username).toBe("jack");
  });

  it("reports public metrics that grow with the clock and are the same for the same moment", async () => {
    const { access_token } = await signIn("kate");
    const id = await postText(access_token, "Metrics, please");
    const other = await postText(access_token, "Another post");

    const lookup = await api(`/2/tweets?ids=${id}&tweet.fields=public_metrics,created_at,author_id`, access_token);
    const { data } = (await lookup.json()) as { data: Record<string, unknown>[] };
    expect(data[0]).toEqual({
      id,
      text: "Metrics, please",
      edit_history_tweet_ids: [id],
      author_id: expect.stringMatching(/^\d+$/),
      created_at: "2026-11-02T09:00:00.000Z",
      public_metrics: {
        retweet_count: 0,
        reply_count: 0,
        like_count: 0,
        quote_count: 0,
        bookmark_count: 0,
        impression_count: 0,
      },
    });

    // The user's access token lives two hours; later lookups use the app-only bearer token, as a poller would.
    clock.advance(2 * HOUR);
    const early = await metricsOf(APP_BEARER, id);
    expect(await metricsOf(APP_BEARER, id)).toEqual(early);
    expect(early.impression_count).toBeGreaterThan(0);

    clock.advance(22 * HOUR);
    const day = await metricsOf(APP_BEARER, id);
    expect(day.impression_count).toBeGreaterThan(early.impression_count);
    const names: (keyof PublicMetrics)[] = ["retweet_count", "reply_count", "like_count", "quote_count", "bookmark_count"];
    for (const name of names) expect(day[name]).toBeGreaterThanOrEqual(early[name]);
    expect(day.like_count).toBeGreaterThan(0);
    expect(await metricsOf(APP_BEARER, other)).not.toEqual(day);

    clock.advance(24 * HOUR);
    const mature = await metricsOf(APP_BEARER, id);
    clock.advance(48 * HOUR);
    const later = await metricsOf(APP_BEARER, id);
    // Flat after about 48 h: the last two days add little.
    expect(later.impression_count - mature.impression_count).toBeLessThan(0.05 * mature.impression_count);
  });

  it("ages a post on request, as if the time had passed on X, and names a bad request", async () => {
    const { access_token } = await signIn("nora");
    const id = await postText(access_token, "Two days on");
    expect((await metricsOf(APP_BEARER, id)).impression_count).toBe(0);
    const age = (postId: string, body: unknown) =>
      fetch(`${base}/emulator/tweets/${postId}/age`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });

    const aged = await age(id, { hours: 48 });
    expect(aged.status).toBe(200);
    expect(await aged.json()).toEqual({ data: { id, created_at: "2026-10-31T09:00:00.000Z" } });
    // The least-seen post peaks at 300 impressions, 98 % of it after 48 hours.
    expect((await metricsOf(APP_BEARER, id)).impression_count).toBeGreaterThanOrEqual(294);

    const refused = await age(id, { hours: 0 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "hours must be a whole number from 1 to 8784" });
    expect((await age("1", { hours: 1 })).status).toBe(404);
  });

  it("deletes a post for its owner only; lookup then reports it as not found", async () => {
    const owner = await signIn("liam");
    const stranger = await signIn("mia");
    const id = await postText(owner.access_token, "Short-lived");

    const refused = await api(`/2/tweets/${id}`, stranger.access_token, { method: "DELETE" });
    expect(refused.status).toBe(403);
    const deleted = await api(`/2/tweets/${id}`, owner.access_token, { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ data: { deleted: true } });

    const lookup = await api(`/2/tweets?ids=${id}&tweet.fields=public_metrics`, owner.access_token);
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toEqual({
      errors: [
        {
          value: id,
          detail: `Could not find tweet with ids: [${id}].`,
          title: "Not Found Error",
          resource_type: "tweet",
          parameter: "ids",
          resource_id: id,
          type: "https://api.twitter.com/2/problems/resource-not-found",
        },
      ],
    });
    // The same text may be posted again once the first is gone.
    expect((await post(owner.access_token, { text: "Short-lived" })).status).toBe(201);
  });
});

/** A 1×1 PNG: the smallest real image. */
const TINY_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

function uploadForm(bytes: Buffer, fields: Record<string, string> = { media_category: "tweet_image" }): FormData {
  const form = new FormData();
  form.append("media", new Blob([new Uint8Array(bytes)]), "image");
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function upload(accessToken: string, form: FormData): Promise<Response> {
  return api("/2/media/upload", accessToken, { method: "POST", body: form });
}

describe("X emulator: media upload", () => {
  it("takes an image in one multipart request and lets its uploader attach it to a post", async () => {
    const { access_token } = await signIn("pia", `${ALL_SCOPES} media.write`);
    const uploaded = await upload(access_token, uploadForm(TINY_PNG, { media_category: "tweet_image", media_type: "image/png" }));
    expect(uploaded.status).toBe(200);
    const { data } = (await uploaded.json()) as { data: { id: string; media_key: string; size: number; expires_after_secs: number } };
    expect(data).toEqual({
      id: expect.stringMatching(/^\d+$/),
      media_key: `3_${data.id}`,
      size: TINY_PNG.length,
      expires_after_secs: 86_400,
    });

    const created = await post(access_token, { text: "With a picture", media: { media_ids: [data.id] } });
    expect(created.status).toBe(201);
    const { data: tweet } = (await created.json()) as { data: { id: string } };
    const lookup = await api(`/2/tweets?ids=${tweet.id}&tweet.fields=attachments`, access_token);
    expect(await lookup.json()).toMatchObject({ data: [{ id: tweet.id, attachments: { media_keys: [`3_${data.id}`] } }] });

    const stranger = await signIn("quin", `${ALL_SCOPES} media.write`);
    const borrowed = await post(stranger.access_token, { text: "Not my picture", media: { media_ids: [data.id] } });
    expect(borrowed.status).toBe(400);
    expect(await borrowed.json()).toMatchObject({ errors: [{ message: "Your media IDs are invalid." }] });
    const unknown = await post(access_token, { text: "No such picture", media: { media_ids: ["123456789"] } });
    expect(unknown.status).toBe(400);

    clock.advance(25 * HOUR);
    const later = await signIn("pia", `${ALL_SCOPES} media.write`);
    const expired = await post(later.access_token, { text: "Too late", media: { media_ids: [data.id] } });
    expect(expired.status).toBe(400);
  });

  it("refuses what is not an image, a type that does not match, and a token without media.write", async () => {
    const { access_token } = await signIn("rex", `${ALL_SCOPES} media.write`);
    const text = await upload(access_token, uploadForm(Buffer.from("just some text, not a picture")));
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ title: "Invalid Request", errors: [{ message: "media type unrecognized." }] });

    const mismatch = await upload(access_token, uploadForm(TINY_PNG, { media_category: "tweet_image", media_type: "image/jpeg" }));
    expect(mismatch.status).toBe(400);
    const noCategory = await upload(access_token, uploadForm(TINY_PNG, {}));
    expect(noCategory.status).toBe(400);

    const withoutScope = await signIn("rex", ALL_SCOPES);
    const refused = await upload(withoutScope.access_token, uploadForm(TINY_PNG));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ title: "Unsupported Authentication" });
  });
});

describe("X emulator: rate limits", () => {
  it("sends the rate-limit headers and answers 429 over the limit until the window resets", async () => {
    base = await startEmulator({ statePath: join(directory, "limited.json"), rateLimits: { "users.me": 2 } });
    const { access_token } = await signIn("nora");
    const windowReset = String(Math.ceil((clock.now() + 15 * 60 * 1000) / 1000));

    const first = await api("/2/users/me", access_token);
    expect(first.headers.get("x-rate-limit-limit")).toBe("2");
    expect(first.headers.get("x-rate-limit-remaining")).toBe("1");
    expect(first.headers.get("x-rate-limit-reset")).toBe(windowReset);
    expect((await api("/2/users/me", access_token)).headers.get("x-rate-limit-remaining")).toBe("0");

    const limited = await api("/2/users/me", access_token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-rate-limit-remaining")).toBe("0");
    expect(await limited.json()).toEqual({ title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 });

    clock.advance(15 * 60 * 1000);
    expect((await api("/2/users/me", access_token)).status).toBe(200);
  });
});

describe("X emulator: state on disk", () => {
  it("keeps accounts, tokens and posts across a restart", async () => {
    const { access_token } = await signIn("olga");
    const id = await postText(access_token, "Still here after a restart");
    const labelled = post(access_token, { text: "Labelled before a restart", paid_partnership: true });
    const labelledId = ((await (await labelled).json()) as { data: { id: string } }).data.id;
    const [emulator] = running;
    await emulator?.stop();
    running = [];

    const saved: unknown = JSON.parse(await readFile(statePath, "utf8"));
    expect(saved).toMatchObject({ version: 1 });
    expect((await readdir(join(directory, "emulators"))).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    base = await startEmulator();
    const me = (await (await api("/2/users/me", access_token)).json()) as { data: { username: string } };
    expect(me.data.username).toBe("olga");
    expect((await metricsOf(access_token, id)).impression_count).toBe(0);
    const label = await api(`/2/tweets?ids=${labelledId}&tweet.fields=paid_partnership`, access_token);
    expect(((await label.json()) as { data: { paid_partnership: boolean }[] }).data[0]?.paid_partnership).toBe(true);
    const { challenge } = pkcePair();
    expect(await (await fetch(authorizeUrl(authorizeParams(challenge)))).text()).toContain("Sign in as @olga");
    const home = await (await fetch(`${base}/`)).text();
    expect(home).toContain("Still here after a restart");
  });
});
