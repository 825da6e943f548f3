import { env } from "cloudflare:test";
import { apiCallsFrom, TestBrowser, tokensOf } from "../support/browser.ts";

/** The worker tests' Bluesky stand-in (tests/support/x-emulator-setup.ts), reached over real HTTP. */
export const blueskyEmulator = String(Reflect.get(env, "BLUESKY_APPVIEW_URL"));

async function control(path: string, fields: Record<string, string>): Promise<void> {
  const response = await fetch(`${blueskyEmulator}${path}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  if (response.status !== 303) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
}

/** A handle no other test uses (every test file shares the one stand-in). */
export function uniqueHandle(prefix: string): string {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}.bsky.test`;
}

/** Signs up on the stand-in (an account must exist before an app can find it by handle). */
export function createBlueskyAccount(handle: string, displayName = handle): Promise<void> {
  return control("/emulator/accounts", { handle, display_name: displayName });
}

export function deleteBlueskyPostOnNetwork(uri: string): Promise<void> {
  return control("/emulator/posts/delete", { uri });
}

export function editBlueskyPostOnNetwork(uri: string, text: string): Promise<void> {
  return control("/emulator/posts/edit", { uri, text });
}

/** Time passes on Bluesky for one post: it becomes `hours` older, and its counts are those of a post that old. */
export function ageBlueskyPostOnNetwork(uri: string, hours: number): Promise<void> {
  return control("/emulator/posts/age", { uri, hours: String(hours) });
}

/** The account revokes every app's access in its settings. */
export function revokeBlueskyApps(handle: string): Promise<void> {
  return control("/emulator/accounts/revoke-apps", { handle });
}

/** Another app of the account spends its hourly write points: the next write is told to slow down. */
export function exhaustBlueskyWrites(handle: string): Promise<void> {
  return control("/emulator/accounts/exhaust-writes", { handle });
}

/** Approves a stand-in authorization URL at once as `handle`; returns where the stand-in sends the browser back. */
export async function approveOnBluesky(authorizationUrl: string, handle: string): Promise<URL> {
  const url = new URL(authorizationUrl);
  url.searchParams.set("emulator_login", handle);
  const response = await fetch(url, { redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 303 || location === null) throw new Error(`The stand-in answered ${response.status}: ${await response.text()}`);
  return new URL(location);
}

/** The record of a post as the stand-in's app view shows it (or null when it is gone). */
export async function blueskyRecord(uri: string): Promise<Record<string, unknown> | null> {
  const response = await fetch(`${blueskyEmulator}/xrpc/app.bsky.feed.getPosts?uris=${encodeURIComponent(uri)}`);
  const body = (await response.json()) as { posts: { record: Record<string, unknown> }[] };
  return body.posts[0]?.record ?? null;
}

/** Follows a Bluesky sign-in or link from Chorus to the stand-in (approving as `handle`) and back to Chorus's callback. */
export async function throughBluesky(browser: TestBrowser, start: string, handle: string): Promise<Response> {
  const started = await browser.fetch(start);
  if (started.status !== 302) throw new Error(`${start} answered ${started.status}`);
  const authorize = new URL(started.headers.get("location") ?? "");
  authorize.searchParams.set("emulator_login", handle);
  const approved = await browser.fetch(authorize.toString());
  if (approved.status !== 303) throw new Error(`The stand-in answered ${approved.status}`);
  return browser.follow(approved);
}

/** The signed-in user of a browser, as /auth/profile tells (its handle is named twitterHandle there, SPEC.md's field). */
export async function currentUser(browser: TestBrowser): Promise<{ id: string; handle: string }> {
  const { accessToken } = await tokensOf(browser);
  const profile = await apiCallsFrom(browser, accessToken)("/auth/profile");
  const user = (await profile.json()) as { userId: string; twitterHandle: string };
  return { id: user.userId, handle: user.twitterHandle };
}

/** A new Bluesky account signed in to Chorus through the stand-in: the Chorus user's id and the account's DID. */
export async function signInThroughBluesky(handle: string): Promise<{ browser: TestBrowser; userId: string; did: string }> {
  await createBlueskyAccount(handle);
  const browser = new TestBrowser();
  await throughBluesky(browser, `/auth/bluesky/login?handle=${handle}`, handle);
  const response = await fetch(`${blueskyEmulator}/xrpc/com.atproto.identity.resolveHandle?handle=${handle}`);
  const { did } = (await response.json()) as { did: string };
  return { browser, userId: (await currentUser(browser)).id, did };
}
