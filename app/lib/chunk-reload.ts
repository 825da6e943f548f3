/**
 * After a deploy, an open page may ask for a code chunk that no longer exists. Reloading fetches the new build; the
 * guard makes that happen at most once per path within 10 seconds (SPEC.md section 8), so a chunk that is truly
 * broken cannot cause a reload loop.
 */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const storageKey = "chorus:chunk-reload";

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

export function claimChunkReload(storage: Storage, path: string, now: number): boolean {
  try {
    const previous: unknown = JSON.parse(storage.getItem(storageKey) ?? "null");
    if (
      typeof previous === "object" &&
      previous !== null &&
      "path" in previous &&
      "at" in previous &&
      previous.path === path &&
      typeof previous.at === "number" &&
      now - previous.at < CHUNK_RELOAD_GUARD_MS
    ) {
      return false;
    }
  } catch {
    // An unreadable record counts as none.
  }
  storage.setItem(storageKey, JSON.stringify({ path, at: now }));
  return true;
}

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === "string" ? reason : "";
  return chunkErrorPatterns.some((pattern) => pattern.test(message));
}
