import type { TokenPair } from "../../../worker/contracts/current-user.ts";

/** The browser storage keys of SPEC.md section 3. The typed RPC's session token is the same access token. */
export const tokenStorageKeys = {
  accessToken: "access_token",
  refreshToken: "refresh_token",
  sessionToken: "session_token",
} as const;

export type TokenStorage = {
  accessToken(): string | null;
  refreshToken(): string | null;
  sessionToken(): string | null;
  write(pair: TokenPair): void;
  clear(): void;
};

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
      for (const key of Object.values(tokenStorageKeys)) storage.removeItem(key);
    },
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
