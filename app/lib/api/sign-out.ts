import { createTokenStorage } from "./token-storage.ts";

/** Signs out on the server (session revoked, cookie cleared), forgets the tokens and starts over at the root. */
export async function signOut(): Promise<void> {
  try {
    await window.fetch("/auth/logout", { method: "POST", credentials: "same-origin", cache: "no-store" });
  } finally {
    createTokenStorage(window.localStorage).clear();
    window.location.assign("/");
  }
}
