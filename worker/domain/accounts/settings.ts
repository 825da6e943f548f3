import type { Capabilities } from "../../capabilities.ts";
import type { SignedInSession } from "../../contracts/current-user.ts";
import { AppError } from "../../contracts/errors.ts";
import {
  ONE_TIME_CODE_MAX_WRONG_ATTEMPTS,
  ONE_TIME_CODE_RESEND_INTERVAL_MS,
  type BasicSettingsInput,
  type PendingEmail,
  type UserSettings,
} from "../../contracts/settings.ts";
import { listMailedNotificationKinds, replaceMailedNotificationKindsStatements } from "../../db/mailed-notification-kinds.ts";
import { listLinkedAccounts } from "../../db/network-accounts.ts";
import { findCode } from "../../db/one-time-codes.ts";
import { countUnusedRecoveryCodes } from "../../db/recovery-codes.ts";
import { findTwoFactorSecret } from "../../db/two-factor-secrets.ts";
import { findAccount, listAdvertisersOfJoinedCampaigns, updateBasicSettingsStatement } from "../../db/users.ts";
import { displayNameOf } from "./current-user.ts";
import type { Database } from "../../database.ts";

/** Who is changing settings: the session's user, and the admin behind it when one is acting as the user. */
export type SettingsSession = Pick<SignedInSession, "userId" | "realUserId">;

type Deps = Pick<Capabilities, "db" | "clock">;

/** The e-mail change's code is one per user: its subject is the user. */
export function emailChangeSubject(userId: string): { userId: string; purpose: "email-change"; subjectId: string } {
  return { userId, purpose: "email-change", subjectId: userId };
}

/**
 * An admin acting as a creator (admin spoofing) may look, but not change how the creator proves who they are: the
 * e-mail address and two-factor authentication stay the creator's own.
 */
export function refuseWhenActingAsSomeoneElse(session: SettingsSession): void {
  if (session.realUserId !== null && session.realUserId !== session.userId) {
    throw new AppError(
      403,
      "forbidden",
      "An admin acting as this creator cannot change their e-mail address or two-factor authentication. The creator can do it themselves.",
    );
  }
}

/** The e-mail change waiting for its code: a live code (not used, not expired, not locked), or null. */
async function pendingEmailOf(db: Database, userId: string, now: number): Promise<PendingEmail | null> {
  const code = await findCode(db, emailChangeSubject(userId));
  if (code === null || code.target === null || code.usedAt !== null || code.expiresAt <= now) return null;
  if (code.wrongAttempts >= ONE_TIME_CODE_MAX_WRONG_ATTEMPTS) return null;
  return { address: code.target, expiresAt: code.expiresAt, resendAvailableAt: code.createdAt + ONE_TIME_CODE_RESEND_INTERVAL_MS };
}

async function twoFactorStateOf(
  db: Database,
  userId: string,
  flags: { enabled: boolean; verified: boolean },
  now: number,
): Promise<UserSettings["twoFactor"]> {
  const [secret, recoveryCodesLeft] = await Promise.all([findTwoFactorSecret(db, userId), countUnusedRecoveryCodes(db, userId)]);
  const lockedUntil = secret?.lockedUntil ?? null;
  return { ...flags, lockedUntil: lockedUntil !== null && lockedUntil > now ? lockedUntil : null, recoveryCodesLeft };
}

/** `GET /v1/user/settings`: everything the settings page shows, read fresh. */
export async function getUserSettings({ db, clock }: Deps, userId: string): Promise<UserSettings> {
  const now = clock.now();
  const account = await findAccount(db, userId);
  if (account === null) throw new AppError(404, "not_found", "This account does not exist.");
  const flags = { enabled: account.two_factor_enabled === 1, verified: account.two_factor_verified === 1 };
  const [advertisers, mailedNotificationKinds, pendingEmail, twoFactor, linkedAccounts] = await Promise.all([
    listAdvertisersOfJoinedCampaigns(db, userId),
    listMailedNotificationKinds(db, userId),
    pendingEmailOf(db, userId, now),
    twoFactorStateOf(db, userId, flags, now),
    listLinkedAccounts(db, userId),
  ]);
  return {
    displayName: displayNameOf(account),
    xName: account.name,
    twitterHandle: account.handle,
    preferredAdvertiserId: account.preferred_advertiser_id,
    preferredAdvertiserName: account.preferred_advertiser_name ?? "",
    advertisers,
    mailedNotificationKinds,
    hiddenFromLeaderboards: account.leaderboard_hidden === 1,
    email: account.email ?? "",
    verifiedEmail: account.verified_email ?? "",
    pendingEmail,
    twoFactor,
    linkedAccounts,
  };
}

/**
 * `PUT /v1/user/settings/basic`: the display name (the name from X when it is the same, so it keeps following X), the
 * preferred advertiser (one of the campaigns the creator joined, or none), the notification kinds also mailed and
 * whether the creator's name is hidden from public leaderboards.
 */
export async function updateBasicSettings({ db, clock }: Deps, userId: string, input: BasicSettingsInput): Promise<UserSettings> {
  const account = await findAccount(db, userId);
  if (account === null) throw new AppError(404, "not_found", "This account does not exist.");
  if (input.preferredAdvertiserId !== null) {
    const advertisers = await listAdvertisersOfJoinedCampaigns(db, userId);
    if (!advertisers.some((advertiser) => advertiser.id === input.preferredAdvertiserId)) {
      throw new AppError(400, "invalid_request", "preferredAdvertiserId: choose an advertiser of a campaign you joined, or none", [
        { loc: ["body", "preferredAdvertiserId"], msg: "must be an advertiser of a campaign you joined" },
      ]);
    }
  }
  const now = clock.now();
  await db.batch([
    updateBasicSettingsStatement(db, userId, {
      displayName: input.displayName === account.name ? null : input.displayName,
      preferredAdvertiserId: input.preferredAdvertiserId,
      leaderboardHidden: input.hiddenFromLeaderboards ?? null,
      now,
    }),
    ...replaceMailedNotificationKindsStatements(db, userId, input.mailedNotificationKinds),
  ]);
  return getUserSettings({ db, clock }, userId);
}
