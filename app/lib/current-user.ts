import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { CurrentUser } from "../../worker/contracts/current-user.ts";

/** The signed-in user as the root loader rendered it, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useRouteLoaderData<typeof rootLoader>("root")?.currentUser ?? null;
}
