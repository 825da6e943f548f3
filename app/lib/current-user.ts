import type { CurrentUser } from "@contracts/current-user.ts";
import { useRootData } from "./root-data";

/** The signed-in user as the root loader rendered it, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useRootData()?.currentUser ?? null;
}
