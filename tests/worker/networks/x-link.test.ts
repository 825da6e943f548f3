import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { configFrom } from "../../../worker/config.ts";
import { networksFor } from "../../../worker/domain/networks/registry.ts";
import { apiCallsFrom, signInThroughX, TestBrowser, tokensOf } from "../support/browser.ts";
import { currentUser, signInThroughBluesky, uniqueHandle } from "./bluesky-stand-in.ts";

const config = configFrom(env);
const x = networksFor({ db: env.DB, clock: systemClock, config, encryptionKey: config.secrets.tokenEncryptionKey })("x");

/** Follows `/auth/twitter/link/login` to the X emulator (approving as `handle`) and back to Chorus's callback. */
async function linkXThrough(browser: TestBrowser, handle: string): Promise<Response> {
  const started = await browser.fetch("/auth/twitter/link/login");
  expect(started.status).toBe(302);
  const authorize = new URL(started.headers.get("location") ?? "");
  expect(authorize.searchParams.get("scope")).toContain("tweet.write");
  authorize.searchParams.set("emulator_login", handle);
  return browser.follow(await browser.fetch(authorize.toString()));
}

async function linkedAccounts(browser: TestBrowser): Promise<unknown> {
  const { accessToken } = await tokensOf(browser);
  const settings = await apiCallsFrom(browser, accessToken)("/v1/user/settings");
  return ((await settings.json()) as { linkedAccounts: unknown }).linkedAccounts;
}

describe("Linking an X account to a Chorus account made through Bluesky", () => {
  it("gives the account its X identity: it publishes to X, and X signs the same user in", async () => {
    const blueskyHandle = uniqueHandle("xlink");
    const { browser, userId } = await signInThroughBluesky(blueskyHandle);
    expect(await linkedAccounts(browser)).toEqual([{ network: "bluesky", handle: blueskyHandle }]);
    expect(await x.canPublish(userId)).toBe(false);

    const back = await linkXThrough(browser, "bsky_linked_x");
    expect(back.headers.get("location")).toBe("http://127.0.0.1:8787/profile/settings");
    expect(await linkedAccounts(browser)).toEqual([
      { network: "x", handle: "bsky_linked_x" },
      { network: "bluesky", handle: blueskyHandle },
    ]);
    expect(await x.canPublish(userId)).toBe(true);

    const { browser: viaX } = await signInThroughX("bsky_linked_x");
    expect((await currentUser(viaX)).id).toBe(userId);
  });

  it("refuses an X account another Chorus user signed in with, and keeps the account as it was", async () => {
    await signInThroughX("x_owner_olga");
    const blueskyHandle = uniqueHandle("xtaken");
    const { browser, userId } = await signInThroughBluesky(blueskyHandle);
    const back = await linkXThrough(browser, "x_owner_olga");
    expect(back.headers.get("location")).toBe("/login-error?network=x&reason=account_taken");
    expect(await linkedAccounts(browser)).toEqual([{ network: "bluesky", handle: blueskyHandle }]);
    expect(await x.canPublish(userId)).toBe(false);
  });

  it("refuses a second X account for an account that has one", async () => {
    const { browser } = await signInThroughX("first_x_fay");
    const back = await linkXThrough(browser, "second_x_fay");
    expect(back.headers.get("location")).toBe("/login-error?network=x&reason=account_taken");
    expect(await linkedAccounts(browser)).toEqual([{ network: "x", handle: "first_x_fay" }]);
  });

  it("needs a Chorus session to start", async () => {
    const response = await new TestBrowser().fetch("/auth/twitter/link/login");
    expect(response.headers.get("location")).toBe("/login-error?network=x&reason=not_signed_in");
  });
});
