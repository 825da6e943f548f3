import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import { hasRole } from "../accounts/roles.ts";

/** The admin page's rule, the same as the admin API's: the admin role, or a 403 that says so. */
export async function requireAdmin(caps: Pick<Capabilities, "db">, userId: string): Promise<void> {
  if (!(await hasRole(caps, userId, "admin"))) throw new AppError(403, "forbidden", "This page is for Chorus admins only.");
}
