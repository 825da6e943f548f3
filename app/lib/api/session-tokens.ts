import { tokenPairSchema } from "@contracts/current-user.ts";
import type { TokenStorage } from "./token-storage.ts";

/** Refresh this long before the access token expires, so a request rarely meets a 401 at all. */
const EARLY_REFRESH_MS = 30_000;

export type SessionTokenDeps = {
  fetch: typeof fetch;
  tokens: TokenStorage;
  reload: () => void;
  baseUrl?: string;
  now?: () => number;
};

export class SessionEndedError extends Error {
  constructor() {
    super("Your session has ended");
    this.name = "SessionEndedError";
  }
}

function expiryOf(accessToken: string): number | null {
  try {
    const claims: unknown = JSON.parse(atob((accessToken.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")));
    return typeof claims === "object" && claims !== null && "exp" in claims && typeof claims.exp === "number" ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the browser's tokens usable, shared by the HTTP and RPC clients: one refresh at a time (requests failing
 * meanwhile wait for it), and a page signed in by cookie trades that cookie for a token pair once.
 */
export function createSessionTokens(deps: SessionTokenDeps) {
  const { tokens } = deps;
  const baseUrl = deps.baseUrl ?? "";
  const now = deps.now ?? Date.now;
  let refreshing: Promise<string> | null = null;
  let adopting: Promise<void> | null = null;

  const post = (path: string, body?: unknown) =>
    deps.fetch(`${baseUrl}${path}`, {
      method: "POST",
      cache: "no-store",
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  function adoptCookieSession(): Promise<void> {
    adopting ??= (async () => {
      const response = await post("/auth/session/tokens");
      if (response.ok) tokens.write(tokenPairSchema.parse(await response.json()));
    })().finally(() => {
      adopting = null;
    });
    return adopting;
  }

  /**
   * The answer to the last refresh never arrived (the page left while it was in flight): the stored refresh token is
   * spent, so the page trades its session cookie for a new pair of the same session instead.
   */
  async function renewFromCookie(): Promise<string> {
    tokens.clear();
    await adoptCookieSession();
    const adopted = tokens.accessToken();
    if (adopted === null) throw new Error("The session could not be renewed");
    return adopted;
  }

  /** A new access token after `failedToken` was refused; throws when there is no way to get one. */
  function refreshAfter(failedToken: string | null): Promise<string> {
    const current = tokens.accessToken();
    // Another request (or tab) refreshed since this one was sent: use its token.
    if (current !== null && current !== failedToken) return Promise.resolve(current);
    refreshing ??= (async () => {
      const refreshToken = tokens.refreshToken();
      const accessToken = tokens.accessToken();
      if (refreshToken === null || accessToken === null) throw new Error("No refresh token available");
      if (tokens.refreshWasInFlight(refreshToken)) return renewFromCookie();
      tokens.markRefreshInFlight(refreshToken);
      // Without an answer (the page left, the network failed) the server may have spent the token: the mark stays, so
      // the next attempt, here or on the next page, trades the session cookie instead of presenting it again.
      const response = await post("/auth/token", { refreshToken, accessToken });
      if (!response.ok) {
        tokens.clearRefreshInFlight();
        throw new Error(`Token refresh failed with status ${response.status}`);
      }
      const pair = tokenPairSchema.parse(await response.json());
      tokens.write(pair);
      tokens.clearRefreshInFlight();
      return pair.accessToken;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  return {
    refreshAfter,

    /** The access token to send now: adopted from the cookie if absent, refreshed early if about to expire. */
    async current(): Promise<string | null> {
      if (tokens.accessToken() === null) await adoptCookieSession();
      const token = tokens.accessToken();
      if (token === null) return null;
      const expiresAt = expiryOf(token);
      if (expiresAt !== null && expiresAt - EARLY_REFRESH_MS <= now()) {
        try {
          return await refreshAfter(token);
        } catch {
          return token;
        }
      }
      return token;
    },

    /** The session is over: forget the tokens and reload, so the server renders the signed-out page. */
    end(cause?: unknown): never {
      tokens.clear();
      deps.reload();
      throw cause instanceof Error ? cause : new SessionEndedError();
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
