import { createMiddleware } from "hono/factory";
import { isImpersonating } from "../contracts/current-user.ts";
import type { UserRole } from "../contracts/vocabulary.ts";
import { AppError } from "../contracts/errors.ts";
import { hasRole } from "../domain/accounts/roles.ts";
import type { SignedInEnv } from "../worker-env.ts";

/**
 * After requireBearer: the signed-in user must hold `role`. An admin acting as someone acts with that someone's
 * roles, never their own: the admin role is refused outright while impersonating (admins cannot be impersonated).
 */
export function requireRole(role: UserRole) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const impersonatingAdmin = role === "admin" && isImpersonating(c.get("session"));
    if (impersonatingAdmin || !(await hasRole(c.get("capabilities"), c.get("session").userId, role))) {
      throw new AppError(403, "forbidden", `This needs the ${role} role.`);
    }
    await next();
  });
}
