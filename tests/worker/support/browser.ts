import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { fromThisFile } from "./client-address.ts";

const origin = "http://127.0.0.1:8787";

/**
 * A minimal browser for worker tests: keeps cookies per host, never follows redirects on its own (tests look at
 * each hop), and sends requests either to the worker under test or, for other hosts, over real HTTP.
 */
export class TestBrowser {
  private readonly cookies = new Map<string, Map<string, string>>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, origin);
    const headers = new Headers(init.headers);
    const jar = this.cookies.get(target.host);
    if (jar !== undefined && jar.size > 0) {
      headers.set("Cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const request = new Request(target, { ...init, headers, redirect: "manual" });
    const response = target.origin === origin ? await exports.default.fetch(fromThisFile(request)) : await fetch(request);
    this.remember(target, response);
    return response;
  }

  /** Follows one redirect and returns the next response. */
  async follow(response: Response): Promise<Response> {
    const location = response.headers.get("location");
    if (location === null) throw new Error(`Expected a redirect, got ${response.status}`);
    return this.fetch(location);
  }

  cookie(name: string, host = new URL(origin).host): string | undefined {
    return this.cookies.get(host)?.get(name);
  }

  forget(name: string, host = new URL(origin).host): void {
    this.cookies.get(host)?.delete(name);
  }

  private remember(target: URL, response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const jar = this.cookies.get(target.host) ?? new Map<string, string>();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === "";
      if (expired) jar.delete(name);
      else jar.set(name, value);
      this.cookies.set(target.host, jar);
    }
  }
}

/** Signs a new X account in through the read login and the emulator; returns the browser, now holding a session. */
export async function signInThroughX(
  handle: string,
  loginQuery: Record<string, string> = {},
): Promise<{ browser: TestBrowser; landing: Response }> {
  const browser = new TestBrowser();
  const start = await browser.fetch(`/auth/twitter/read/login?${new URLSearchParams(loginQuery)}`);
  const authorize = new URL(start.headers.get("location") ?? "");
  authorize.searchParams.set("emulator_login", handle);
  const approved = await browser.fetch(authorize.toString());
  const landing = await browser.follow(approved);
  return { browser, landing };
}

/** The token pair the app's client asks the browser's session for (by its cookie, from the app's own origin). */
export async function tokensOf(browser: TestBrowser): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await browser.fetch("/auth/session/tokens", { method: "POST", headers: { Origin: origin } });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { accessToken: string; refreshToken: string };
}

/** API calls from the browser with an access token, as the app's client makes them. */
export function apiCallsFrom(browser: TestBrowser, accessToken: string): (path: string, init?: RequestInit) => Promise<Response> {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${accessToken}`);
    return browser.fetch(path, { ...init, headers });
  };
}
