import { AppError } from "../../contracts/errors.ts";

/** The admin page's answer to anyone without the admin role (the admin API's `requireRole("admin")` answers the same way). */
export function adminsOnly(): AppError {
  return new AppError(403, "forbidden", "This page is for Chorus admins only.");
}
