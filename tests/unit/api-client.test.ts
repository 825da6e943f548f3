import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApiClient } from "~/lib/api/http-client";
import { createSessionTokens } from "~/lib/api/session-tokens";
import { createTokenStorage, tokenStorageKeys } from "~/lib/api/token-storage";
import { bodyBytes, browserApiClient, sendJson, startStandInServer } from "../support/api-client-harness.ts";

/**
 * The browser's API client against a real HTTP server that behaves like the worker on expired tokens: it refuses
 * the old access token with 401 and hands out a new pair on /auth/token.
 */
type ServerState = { refreshCalls: number; cookieTrades: number; requests: string[]; endSessionFor: string | null };

let baseUrl: string;
let closeServer: () => Promise<void>;
let state: ServerState;

beforeEach(async () => {
  state = { refreshCalls: 0, cookieTrades: 0, requests: [], endSessionFor: null };
  ({ baseUrl, close: closeServer } = await startStandInServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const auth = request.headers.authorization ?? "";
    state.requests.push(`${request.method} ${url.pathname} ${auth}`);
    if (url.pathname === "/auth/token") {
      state.refreshCalls += 1;
      const body = z
        .object({ refreshToken: z.string(), accessToken: z.string() })
        .parse(JSON.parse((await bodyBytes(request)).toString() || "null"));
      if (body.refreshToken !== "refresh-1") return sendJson(response, 401, { message: "Refresh token not recognised" });
      // A slow refresh, so that other failing requests queue up behind it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return sendJson(response, 200, { accessToken: "access-2", refreshToken: "refresh-2" });
    }
    if (url.pathname === "/auth/session/tokens") {
      // The session cookie is still good: a new pair of the same session.
      state.cookieTrades += 1;
      return sendJson(response, 200, { accessToken: "access-2", refreshToken: "refresh-3" });
    }
    if (state.endSessionFor !== null && auth === `Bearer ${state.endSessionFor}`) {
      return sendJson(response, 401, { message: "X: Your session has ended. Please sign in again." });
    }
    if (auth !== "Bearer access-2") return sendJson(response, 401, { message: "Access token expired" });
    return sendJson(response, 200, { path: url.pathname, query: url.search });
  }));
});

afterEach(() => closeServer());

const browser = (initial: Record<string, string>) => browserApiClient(baseUrl, initial);

const answer = z.object({ path: z.string(), query: z.string() });
const signedIn = { [tokenStorageKeys.accessToken]: "access-1", [tokenStorageKeys.refreshToken]: "refresh-1" };

describe("the API client on 401", () => {
  it("refreshes once while many requests fail at once, then retries them all with the new token", async () => {
    const { api, storage, reloads } = browser(signedIn);
    const results = await Promise.all(["/v1/a", "/v1/b", "/v1/c", "/v1/d", "/v1/e"].map((path) => api.get(path, answer)));
    expect(results.map((result) => result.path)).toEqual(["/v1/a", "/v1/b", "/v1/c", "/v1/d", "/v1/e"]);
    expect(state.refreshCalls).toBe(1);
    expect(storage.get("access_token")).toBe("access-2");
    expect(storage.get("refresh_token")).toBe("refresh-2");
    expect(storage.get("session_token")).toBe("access-2");
    expect(reloads()).toBe(0);
  });

  it("clears the tokens and reloads when the message starts with X:, without trying to refresh", async () => {
    state.endSessionFor = "access-1";
    const { api, storage, reloads } = browser(signedIn);
    await expect(api.get("/v1/profile", answer)).rejects.toThrow("Your session has ended");
    expect(state.refreshCalls).toBe(0);
    expect([...storage.keys()]).toEqual([]);
    expect(reloads()).toBe(1);
  });

  it("clears the tokens and reloads when the refresh fails", async () => {
    const { api, storage, reloads } = browser({ access_token: "access-1", refresh_token: "stolen" });
    await expect(api.get("/v1/profile", answer)).rejects.toThrow();
    expect(state.refreshCalls).toBe(1);
    expect(storage.size).toBe(0);
    expect(reloads()).toBe(1);
  });

  it("after a page left while its refresh was in flight, trades the session cookie instead of presenting the spent token", async () => {
    const { api, storage, reloads } = browser({ ...signedIn, refresh_in_flight: "refresh-1".slice(-12) });
    expect((await api.get("/v1/profile", answer)).path).toBe("/v1/profile");
    expect(state.refreshCalls).toBe(0);
    expect(state.cookieTrades).toBe(1);
    expect(storage.get("refresh_token")).toBe("refresh-3");
    expect(storage.has("refresh_in_flight")).toBe(false);
    expect(reloads()).toBe(0);
  });

  it("keeps a refresh marked in flight when its answer never came, so the next page trades the cookie instead", async () => {
    const storage = new Map(Object.entries(signedIn));
    const tokens = createTokenStorage({
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    });
    // The page leaves while its refresh is on the way: the server spends the token, the page never reads the answer.
    const leaving: typeof fetch = async (input, init) => {
      await fetch(input, init);
      throw new TypeError("Failed to fetch");
    };
    const leavingPage = createSessionTokens({ fetch: leaving, tokens, baseUrl, reload: () => undefined });
    await expect(leavingPage.refreshAfter("access-1")).rejects.toThrow("Failed to fetch");
    expect(state.refreshCalls).toBe(1);
    expect(storage.get("refresh_in_flight")).toBe("refresh-1".slice(-12));

    const nextPage = createSessionTokens({ fetch, tokens, baseUrl, reload: () => undefined });
    expect(await nextPage.refreshAfter("access-1")).toBe("access-2");
    expect(state.refreshCalls).toBe(1);
    expect(state.cookieTrades).toBe(1);
    expect(storage.has("refresh_in_flight")).toBe(false);
  });

  it("marks a refresh as in flight only until its answer is stored", async () => {
    const { api, storage } = browser(signedIn);
    await api.get("/v1/profile", answer);
    expect(state.refreshCalls).toBe(1);
    expect(storage.has("refresh_in_flight")).toBe(false);
  });

  it("does not even try a refresh without a refresh token", async () => {
    const { api, reloads } = browser({ access_token: "access-1" });
    await expect(api.get("/v1/profile", answer)).rejects.toThrow("No refresh token available");
    expect(state.refreshCalls).toBe(0);
    expect(reloads()).toBe(1);
  });
});

describe("every request", () => {
  it("names a missing required parameter before sending anything", async () => {
    const { api } = browser(signedIn);
    await expect(api.get("/v1/wallet", answer, { required: { walletId: undefined } })).rejects.toThrow("walletId is required");
    await expect(api.delete("/v1/notification", answer, { required: { notificationId: null } })).rejects.toThrow(
      "notificationId is required",
    );
    expect(state.requests).toEqual([]);
  });

  it("sends the bearer token and only the non-empty query values", async () => {
    const { api } = browser({ access_token: "access-2", refresh_token: "refresh-2" });
    const result = await api.get("/v1/wallet", answer, { query: { currency: "USDC", empty: "", missing: undefined } });
    expect(result.query).toBe("?currency=USDC");
    expect(state.requests).toEqual(["GET /v1/wallet Bearer access-2"]);
  });

  it("gives up after the timeout with an error", async () => {
    // A server that never answers.
    const slow = await startStandInServer(() => new Promise(() => undefined));
    const tokens = createTokenStorage({ getItem: () => "access-2", setItem: () => undefined, removeItem: () => undefined });
    const slowUrl = slow.baseUrl;
    const session = createSessionTokens({ fetch, tokens, baseUrl: slowUrl, reload: () => undefined });
    const api = createApiClient({ fetch, session, baseUrl: slowUrl, timeoutMs: 100 });
    await expect(api.get("/v1/balance", answer)).rejects.toThrow(/timeout|aborted/i);
    await slow.close();
  });
});
