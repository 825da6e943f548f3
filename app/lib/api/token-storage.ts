import type { TokenPair } from "@contracts/current-user.ts";

/** The browser storage keys of SPEC.md section 3. The typed RPC's session token is the same access token. */
export const tokenStorageKeys = {
  accessToken: "access_token",
  refreshToken: "refresh_token",
  sessionToken: "session_token",
} as const;

/**
 * Set while a refresh is in flight (the tail of the refresh token being spent). When the page is gone before the
 * answer (a navigation), the next page finds it: the stored refresh token was spent on the server, and presenting it
 * again would look like a stolen copy (docs/decisions/025-tokens-cookies-redirects.md).
 */
const refreshInFlightKey = "refresh_in_flight";

export type TokenStorage = {
  accessToken(): string | null;
  refreshToken(): string | null;
  sessionToken(): string | null;
  write(pair: TokenPair): void;
  clear(): void;
  /** Whether a refresh of `refreshToken` was sent and its answer never stored. */
  refreshWasInFlight(refreshToken: string): boolean;
  markRefreshInFlight(refreshToken: string): void;
  clearRefreshInFlight(): void;
};

const tailOf = (refreshToken: string) => refreshToken.slice(-12);

export function createTokenStorage(storage: Pick<Storage, "getItem" | "setItem" | "removeItem">): TokenStorage {
  return {
    accessToken: () => storage.getItem(tokenStorageKeys.accessToken),
    refreshToken: () => storage.getItem(tokenStorageKeys.refreshToken),
    sessionToken: () => storage.getItem(tokenStorageKeys.sessionToken),
    write(pair) {
      storage.setItem(tokenStorageKeys.accessToken, pair.accessToken);
      storage.setItem(tokenStorageKeys.refreshToken, pair.refreshToken);
      storage.setItem(tokenStorageKeys.sessionToken, pair.accessToken);
    },
    clear() {
      for (const key of [...Object.values(tokenStorageKeys), refreshInFlightKey]) storage.removeItem(key);
    },
    refreshWasInFlight: (refreshToken) => storage.getItem(refreshInFlightKey) === tailOf(refreshToken),
    markRefreshInFlight: (refreshToken) => storage.setItem(refreshInFlightKey, tailOf(refreshToken)),
    clearRefreshInFlight: () => storage.removeItem(refreshInFlightKey),
  };
}

/** The session id inside an access token (its `sid` claim), to tell whose tokens the browser holds. */
export function sessionIdOf(accessToken: string | null): string | null {
  const payload = accessToken?.split(".")[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    return typeof claims === "object" && claims !== null && "sid" in claims && typeof claims.sid === "string" ? claims.sid : null;
  } catch {
    return null;
  }
}
