import type { Clock } from "../../clock.ts";
import { AppError } from "../../contracts/errors.ts";
import { recordAudit } from "../../db/audit-log.ts";
import { findUserIdByIdOrHandle, userHasRole } from "../../db/users.ts";
import { constantTimeEqual } from "../../security/tokens.ts";
import { verifyAccessToken } from "./access-tokens.ts";
import { startSession, type StartedSession } from "./sessions.ts";

/**
 * `GET /auth/admin-spoofing/{token}/{secret}?impersonate=…`: an admin (by their own access token) with the
 * platform's spoofing secret acts as another user for support. Every attempt is audited, allowed or refused.
 */
export async function spoofUser(
  deps: { db: D1Database; clock: Clock; signingKey: string; spoofingSecret: string },
  request: { adminAccessToken: string; secret: string; impersonate: string | undefined },
): Promise<{ session: StartedSession; userId: string; realUserId: string }> {
  const { db, clock } = deps;
  const refuse = async (actorUserId: string | null, reason: string, error: AppError) => {
    await recordAudit(db, {
      action: "admin-spoofing",
      actorUserId,
      subjectUserId: null,
      outcome: "refused",
      detail: { reason, impersonate: request.impersonate ?? null },
      at: clock.now(),
    });
    return error;
  };

  let adminId: string;
  try {
    adminId = (await verifyAccessToken(request.adminAccessToken, deps.signingKey, clock)).userId;
  } catch {
    throw await refuse(null, "invalid-token", new AppError(401, "invalid_token", "The admin access token is not valid"));
  }
  const secretMatches = await constantTimeEqual(request.secret, deps.spoofingSecret);
  if (!(await userHasRole(db, adminId, "admin")) || !secretMatches) {
    throw await refuse(adminId, secretMatches ? "not-admin" : "wrong-secret", new AppError(403, "forbidden", "Spoofing is not allowed"));
  }
  if (request.impersonate === undefined || request.impersonate.trim() === "") {
    throw await refuse(
      adminId,
      "no-subject",
      new AppError(400, "invalid_request", "impersonate is required", [{ loc: ["query", "impersonate"], msg: "impersonate is required" }]),
    );
  }
  const userId = await findUserIdByIdOrHandle(db, request.impersonate.trim());
  if (userId === null) {
    throw await refuse(adminId, "unknown-user", new AppError(404, "not_found", `No user ${request.impersonate}`));
  }
  const session = await startSession({ db, clock }, { userId, realUserId: adminId });
  await recordAudit(db, {
    action: "admin-spoofing",
    actorUserId: adminId,
    subjectUserId: userId,
    outcome: "allowed",
    detail: { sessionId: session.sessionId },
    at: clock.now(),
  });
  return { session, userId, realUserId: adminId };
}
