import { createMiddleware } from "hono/factory";
import { isImpersonating } from "../contracts/current-user.ts";
import { AppError } from "../contracts/errors.ts";
import { recordImpersonatedWrite } from "../domain/accounts/admin-spoofing.ts";
import type { SignedInEnv, WorkerEnv } from "../worker-env.ts";

/**
 * After requireBearer: what only the user may do themselves is refused while an admin acts as them (admin spoofing),
 * naming what was refused and why. `action` completes "cannot …".
 */
export function refuseWhileImpersonating(action: string) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    if (isImpersonating(c.get("session"))) {
      throw new AppError(
        403,
        "forbidden",
        `An admin acting as this user cannot ${action}. Only the user can do it; sign out to end acting as them.`,
      );
    }
    await next();
  });
}

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * On the API: every change made while an admin acts as a user is written to the audit log with both ids (actor: the
 * admin, subject: the user), whether it succeeded or was refused. It reads the session after the route ran, as the
 * route's requireBearer set it.
 */
export const auditImpersonatedWrites = createMiddleware<WorkerEnv>(async (c, next) => {
  await next();
  const session = c.get("session");
  if (!writeMethods.has(c.req.method) || session === null || !isImpersonating(session)) return;
  await recordImpersonatedWrite(c.get("capabilities"), session, { method: c.req.method, path: c.req.path, status: c.res.status });
});
