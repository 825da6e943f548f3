import type { Capabilities } from "../../capabilities.ts";
import { HOUR } from "../../clock.ts";
import { isImpersonating, type SignedInSession } from "../../contracts/current-user.ts";
import { AppError } from "../../contracts/errors.ts";
import { countSpoofingFailure, recordAudit } from "../../db/audit-log.ts";
import { runBatch } from "../../db/query.ts";
import { accountQuery } from "../../db/users.ts";
import { constantTimeEqual, sha256 } from "../../security/tokens.ts";
import { liveSessionForToken, startSession, type StartedSession } from "./sessions.ts";

type Deps = Pick<Capabilities, "db" | "clock" | "signingKey" | "spoofingSecret">;

/** What the spoofing link carries, and the client address it came from (failures are counted per address). */
export type SpoofingRequest = { adminAccessToken: string; secret: string; impersonate: string | undefined; clientAddress: string };

export type SpoofingTarget = { adminId: string; user: { id: string; handle: string; name: string } };

class SpoofingRefused extends Error {
  constructor(
    readonly reason: string,
    readonly error: AppError,
  ) {
    super(reason);
  }
}

const notAllowed = (reason: string) => new SpoofingRefused(reason, new AppError(403, "forbidden", "Spoofing is not allowed"));

/**
 * Who may act as whom, read-only: the admin's access token names a live session (not one already acting as
 * someone), the admin holds the role, the secret matches, and `impersonate` is the id of an existing user who is not
 * an admin.
 */
async function resolveTarget(deps: Deps, request: SpoofingRequest): Promise<SpoofingTarget> {
  let adminId: string;
  try {
    const session = await liveSessionForToken(deps, request.adminAccessToken);
    if (isImpersonating(session)) throw notAllowed("already-impersonating");
    adminId = session.userId;
  } catch (error) {
    if (error instanceof SpoofingRefused) throw error;
    const reason = error instanceof AppError && error.code === "session_ended" ? "session-ended" : "invalid-token";
    throw new SpoofingRefused(
      reason,
      new AppError(
        401,
        "invalid_token",
        "The admin access token is not valid or its session has ended. Sign in again and copy a new link.",
      ),
    );
  }
  const userId = request.impersonate?.trim() ?? "";
  // The subject is read with the admin (one round trip) and looked at only once the admin and the secret pass.
  const [[admin, user], secretMatches] = await Promise.all([
    runBatch(deps.db, [accountQuery(deps.db, adminId), accountQuery(deps.db, userId)]),
    constantTimeEqual(request.secret, deps.spoofingSecret),
  ]);
  if (!rolesOf(admin).includes("admin")) throw notAllowed("not-admin");
  if (!secretMatches) throw notAllowed("wrong-secret");

  if (userId === "") {
    throw new SpoofingRefused(
      "no-subject",
      new AppError(400, "invalid_request", "impersonate: give the id of the user to act as", [
        { loc: ["query", "impersonate"], msg: "give the id of the user to act as" },
      ]),
    );
  }
  if (user === null) {
    throw new SpoofingRefused(
      "unknown-user",
      new AppError(404, "not_found", "impersonate: no user has this id (handles are not accepted)", [
        { loc: ["query", "impersonate"], msg: "no user has this id" },
      ]),
    );
  }
  if (rolesOf(user).includes("admin")) {
    throw new SpoofingRefused("admin-target", new AppError(403, "forbidden", "An admin cannot act as another admin."));
  }
  return { adminId, user: { id: user.id, handle: user.handle, name: user.display_name ?? user.name } };
}

function rolesOf(account: { roles: string | null } | null): string[] {
  return account?.roles?.split(",") ?? [];
}

/**
 * Counts a refused attempt for its source and hour (one row each, not one per attempt), keeping nothing the caller
 * sent: a script trying secrets or user ids fills no table with its guesses, and the count shows it was tried.
 */
async function countFailure(deps: Deps, clientAddress: string, reason: string): Promise<void> {
  const now = deps.clock.now();
  const sourceHash = (await sha256(`admin-spoofing-source:${clientAddress}`)).slice(0, 32);
  await countSpoofingFailure(deps.db, { sourceHash, hourStart: now - (now % HOUR), reason, at: now });
}

async function checked<T>(deps: Deps, request: SpoofingRequest, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof SpoofingRefused)) throw error;
    await countFailure(deps, request.clientAddress, error.reason);
    throw error.error;
  }
}

/**
 * `GET /auth/admin-spoofing/{token}/{secret}?impersonate={user id}`: whom the link would act as, for the confirmation
 * page. Writes nothing when the link is valid, so a link-preview bot fetching it starts no session.
 */
export function previewSpoofing(deps: Deps, request: SpoofingRequest): Promise<SpoofingTarget> {
  return checked(deps, request, () => resolveTarget(deps, request));
}

/**
 * The confirmation page's POST: checks everything again and starts a session as the user, for one hour, carrying the
 * admin as `real_user_id`. Audited with both ids.
 */
export function startSpoofing(deps: Deps, request: SpoofingRequest): Promise<{ session: StartedSession } & SpoofingTarget> {
  return checked(deps, request, async () => {
    const target = await resolveTarget(deps, request);
    const session = await startSession(deps, { userId: target.user.id, realUserId: target.adminId });
    await recordAudit(deps.db, {
      action: "admin-spoofing",
      actorUserId: target.adminId,
      subjectUserId: target.user.id,
      outcome: "allowed",
      detail: { sessionId: session.sessionId, expiresAt: session.expiresAt },
      at: deps.clock.now(),
    });
    return { session, ...target };
  });
}

/** A change made while an admin acts as a user: audited with both ids (actor: the admin, subject: the user). */
export async function recordImpersonatedWrite(
  { db, clock }: Pick<Capabilities, "db" | "clock">,
  session: SignedInSession,
  write: { method: string; path: string; status: number },
): Promise<void> {
  await recordAudit(db, {
    action: "impersonation.write",
    actorUserId: session.realUserId,
    subjectUserId: session.userId,
    outcome: write.status < 400 ? "allowed" : "refused",
    detail: { ...write, sessionId: session.id },
    at: clock.now(),
  });
}
