import { createMiddleware } from "hono/factory";
import type { UserRole } from "../contracts/vocabulary.ts";
import { userHasRole } from "../db/users.ts";
import { AppError } from "../contracts/errors.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** After requireBearer: the signed-in user must hold `role` (an admin acting as someone acts with their roles). */
export function requireRole(role: UserRole) {
  return createMiddleware<WorkerEnv>(async (c, next) => {
    const session = c.get("session");
    if (session === null || !(await userHasRole(c.env.DB, session.userId, role))) {
      throw new AppError(403, "forbidden", `This needs the ${role} role.`);
    }
    await next();
  });
}
