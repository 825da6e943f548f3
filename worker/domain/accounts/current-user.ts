import type { Capabilities } from "../../capabilities.ts";
import { currentUserSchema, type CurrentUser } from "../../contracts/current-user.ts";
import { userRoleSchema } from "../../contracts/vocabulary.ts";
import { runBatch } from "../../db/query.ts";
import { accountQuery, type AccountRow } from "../../db/users.ts";

/** The name Chorus shows: the one chosen in settings, else the name from X. */
export function displayNameOf(account: Pick<AccountRow, "name" | "display_name">): string {
  return account.display_name ?? account.name;
}

/** The current-user fields for a session's user; `realUserId` is the admin when one is acting as the user. */
export async function currentUserFor(
  { db }: Pick<Capabilities, "db">,
  session: { userId: string; realUserId: string | null },
): Promise<CurrentUser | null> {
  // Batched, so that a document's root loader reads it in the same round trip as the page's data.
  const [account] = await runBatch(db, [accountQuery(db, session.userId)]);
  if (account === null) return null;
  return currentUserSchema.parse({
    userId: account.id,
    realUserId: session.realUserId ?? account.id,
    profileImageUrl: account.avatar_url ?? "",
    twitterHandle: account.handle,
    userName: displayNameOf(account),
    userRoles: (account.roles ?? "")
      .split(",")
      .filter((role) => role.length > 0)
      .map((role) => userRoleSchema.parse(role))
      .sort(),
    twoFactorAuthEnabled: account.two_factor_enabled === 1,
    verifiedTwoFactorAuthEnabled: account.two_factor_verified === 1,
    email: account.email ?? "",
    verifiedEmail: account.verified_email ?? "",
    preferredAdvertiserName: account.preferred_advertiser_name ?? "",
  });
}
