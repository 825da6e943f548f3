import { createMiddleware } from "hono/factory";
import type { UserRole } from "../contracts/vocabulary.ts";
import { AppError } from "../contracts/errors.ts";
import { hasRole } from "../domain/accounts/roles.ts";
import type { SignedInEnv } from "../worker-env.ts";

/** After requireBearer: the signed-in user must hold `role` (an admin acting as someone acts with their roles). */
export function requireRole(role: UserRole) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    if (!(await hasRole(c.var.capabilities, c.var.session.userId, role))) {
      throw new AppError(403, "forbidden", `This needs the ${role} role.`);
    }
    await next();
  });
}
