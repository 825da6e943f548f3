import { z } from "zod/mini";
import { userRoleSchema } from "./vocabulary.ts";

/** The current-user fields of SPEC.md section 3, as `GET /auth/profile` and `getCurrentUser` answer them. */
export const currentUserSchema = z.object({
  userId: z.string(),
  realUserId: z.string(),
  profileImageUrl: z.string(),
  twitterHandle: z.string(),
  userName: z.string(),
  userRoles: z.array(userRoleSchema),
  twoFactorAuthEnabled: z.boolean(),
  verifiedTwoFactorAuthEnabled: z.boolean(),
  email: z.string(),
  verifiedEmail: z.string(),
  preferredAdvertiserName: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What the browser holds when nobody is signed in ("default when cleared"). */
export const signedOutUser: CurrentUser = {
  userId: "",
  realUserId: "",
  profileImageUrl: "",
  twitterHandle: "",
  userName: "",
  userRoles: [],
  twoFactorAuthEnabled: false,
  verifiedTwoFactorAuthEnabled: false,
  email: "",
  verifiedEmail: "",
  preferredAdvertiserName: "",
};

export const tokenPairSchema = z.object({ accessToken: z.string().check(z.minLength(1)), refreshToken: z.string().check(z.minLength(1)) });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Who a request acts for: the session, its user, and the admin behind it when one is acting as the user. */
export type SignedInSession = { id: string; userId: string; realUserId: string | null };

/** Whether an admin is acting as the session's user (admin spoofing): `realUserId` is the admin behind it. */
export function isImpersonating(session: Pick<SignedInSession, "userId" | "realUserId">): boolean {
  return session.realUserId !== null && session.realUserId !== session.userId;
}
