import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { findNetworkAccountBySubject } from "../../../worker/db/network-accounts.ts";
import { signInThroughX, TestBrowser } from "../support/browser.ts";
import { createBlueskyAccount, currentUser, throughBluesky, uniqueHandle } from "./bluesky-stand-in.ts";

async function didOf(handle: string): Promise<string> {
  const response = await fetch(
    `${String(Reflect.get(env, "BLUESKY_HANDLE_RESOLVER_URL"))}/xrpc/com.atproto.identity.resolveHandle?handle=${handle}`,
  );
  return ((await response.json()) as { did: string }).did;
}

describe("Sign in with Bluesky", () => {
  it("creates a creator for a new Bluesky account and signs them in; the same account signs the same user in again", async () => {
    const handle = uniqueHandle("ines");
    await createBlueskyAccount(handle, "Inès");
    const browser = new TestBrowser();
    const landing = await throughBluesky(browser, `/auth/bluesky/login?handle=${handle}`, handle);
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe("http://127.0.0.1:8787/");
    const user = await currentUser(browser);
    expect(user.handle).toBe(handle);
    const link = await findNetworkAccountBySubject(env.DB, "bluesky", await didOf(handle));
    expect(link?.userId).toBe(user.id);

    const again = new TestBrowser();
    await throughBluesky(again, `/auth/bluesky/login?handle=${handle}`, handle);
    expect((await currentUser(again)).id).toBe(user.id);
  });

  it("names the handle field when it is missing or not a handle", async () => {
    const response = await new TestBrowser().fetch("/auth/bluesky/login?handle=not%20a%20handle");
    expect(response.status).toBe(400);
    const body = (await response.json()) as { detail: { loc: string[]; msg: string }[] };
    expect(body.detail).toEqual([{ loc: ["query", "handle"], msg: "must be a handle such as alice.bsky.social" }]);
  });

  it("says so when no Bluesky account answers to the handle", async () => {
    const response = await new TestBrowser().fetch(`/auth/bluesky/login?handle=${uniqueHandle("nobody")}`);
    expect(response.headers.get("location")).toBe("/login-error?network=bluesky&reason=unknown_handle");
  });

  it("refuses a callback that did not start in this browser", async () => {
    const handle = uniqueHandle("eve");
    await createBlueskyAccount(handle);
    const started = await new TestBrowser().fetch(`/auth/bluesky/login?handle=${handle}`);
    const authorize = new URL(started.headers.get("location") ?? "");
    authorize.searchParams.set("emulator_login", handle);
    const approved = await fetch(authorize, { redirect: "manual" });
    const elsewhere = await new TestBrowser().fetch(approved.headers.get("location") ?? "");
    expect(elsewhere.headers.get("location")).toBe("/login-error?network=bluesky&reason=invalid_state");
  });
});

describe("Linking a Bluesky account to a Chorus account", () => {
  it("links the account for a signed-in user, who can then sign in with either", async () => {
    const { browser } = await signInThroughX("linking_lou");
    const xUser = await currentUser(browser);
    const handle = uniqueHandle("lou");
    await createBlueskyAccount(handle);
    const back = await throughBluesky(browser, `/auth/bluesky/link?handle=${handle}&afterLoginRedirectUrl=/profile/settings`, handle);
    expect(back.headers.get("location")).toBe("http://127.0.0.1:8787/profile/settings");
    expect((await findNetworkAccountBySubject(env.DB, "bluesky", await didOf(handle)))?.userId).toBe(xUser.id);

    const viaBluesky = new TestBrowser();
    await throughBluesky(viaBluesky, `/auth/bluesky/login?handle=${handle}`, handle);
    expect((await currentUser(viaBluesky)).id).toBe(xUser.id);
  });

  it("needs a Chorus session to start", async () => {
    const response = await new TestBrowser().fetch(`/auth/bluesky/link?handle=${uniqueHandle("anon")}`);
    expect(response.headers.get("location")).toBe("/login-error?network=bluesky&reason=not_signed_in");
  });

  it("refuses an account that another Chorus user has", async () => {
    const handle = uniqueHandle("taken");
    await createBlueskyAccount(handle);
    await throughBluesky(new TestBrowser(), `/auth/bluesky/login?handle=${handle}`, handle);
    const { browser } = await signInThroughX("other_otto");
    const back = await throughBluesky(browser, `/auth/bluesky/link?handle=${handle}`, handle);
    expect(back.headers.get("location")).toBe("/login-error?network=bluesky&reason=account_taken");
  });
});
