import { z } from "zod/mini";
import { invitationDaysField, inviteeHandleCheck, inviteeInputFields, inviteeOutputFields } from "./invitee.ts";
import { personTextChecks } from "./text.ts";

/**
 * Advertiser accounts and their members (docs/decisions/017-advertiser-accounts.md): `/v1/admin/advertisers…` and
 * `/v1/advertiser/…`. Times are UTC milliseconds.
 */

/** How long a member invitation lasts unless the inviter says otherwise, and the longest it may last. */
export const MEMBER_INVITATION_DEFAULT_DAYS = 7;
export const MEMBER_INVITATION_MAX_DAYS = 30;

export const memberRoleSchema = z.enum(["owner", "member"]);
export type MemberRole = z.infer<typeof memberRoleSchema>;

export const createAdvertiserInputSchema = z.object({
  name: z.string().check(...personTextChecks("name", 80, "is required")),
  slug: z
    .string()
    .check(
      z.trim(),
      z.regex(
        /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/,
        "must be 1 to 48 lowercase letters, digits or dashes, not starting or ending with a dash",
      ),
    ),
  tagline: z.optional(z.string().check(...personTextChecks("line", 160))),
  websiteUrl: z.optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })),
});
export type CreateAdvertiserInput = z.infer<typeof createAdvertiserInputSchema>;

export const advertiserAccountSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  websiteUrl: z.nullable(z.string()),
  createdAt: z.number(),
});
export type AdvertiserAccount = z.infer<typeof advertiserAccountSchema>;

export const createMemberInvitationInputSchema = z
  .strictObject({
    ...inviteeInputFields,
    expiresInDays: invitationDaysField(MEMBER_INVITATION_MAX_DAYS),
  })
  .check(inviteeHandleCheck);
/** What a caller sends (before the schema tidies it). */
export type CreateMemberInvitationRequest = z.input<typeof createMemberInvitationInputSchema>;
export type CreateMemberInvitationInput = z.infer<typeof createMemberInvitationInputSchema>;

export const memberInvitationSchema = z.object({
  id: z.string(),
  expiresAt: z.number(),
  ...inviteeOutputFields,
});
export type MemberInvitation = z.infer<typeof memberInvitationSchema>;

export const pendingMemberInvitationSchema = z.extend(memberInvitationSchema, {
  createdAt: z.number(),
  invitedBy: z.object({ userId: z.string(), handle: z.string() }),
});
export type PendingMemberInvitation = z.infer<typeof pendingMemberInvitationSchema>;

/** The answer to creating an invitation: the only place the token (inside `link`) is ever shown. */
export const createdMemberInvitationSchema = z.object({ invitation: memberInvitationSchema, link: z.string() });
export type CreatedMemberInvitation = z.infer<typeof createdMemberInvitationSchema>;

export const pendingMemberInvitationsSchema = z.object({ invitations: z.array(pendingMemberInvitationSchema) });

/** What anyone holding the link sees before accepting. `status` is what accepting would meet right now. */
export const memberInvitationStatusSchema = z.enum(["ok", "expired", "revoked", "used"]);
export type MemberInvitationStatus = z.infer<typeof memberInvitationStatusSchema>;

export const memberInvitationPreviewSchema = z.object({
  advertiser: z.object({ id: z.string(), name: z.string(), tagline: z.string() }),
  status: memberInvitationStatusSchema,
  /** Set when only this handle on this network may accept (decided at accept). */
  ...inviteeOutputFields,
  expiresAt: z.number(),
});
export type MemberInvitationPreview = z.infer<typeof memberInvitationPreviewSchema>;

export const membershipSchema = z.object({
  advertiser: advertiserAccountSchema,
  role: memberRoleSchema,
  joinedAt: z.number(),
});
export type Membership = z.infer<typeof membershipSchema>;

export const advertiserAccountsSchema = z.object({ accounts: z.array(membershipSchema) });
export type AdvertiserAccounts = z.infer<typeof advertiserAccountsSchema>;

export const advertiserMemberSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  role: memberRoleSchema,
  joinedAt: z.number(),
});
export type AdvertiserMember = z.infer<typeof advertiserMemberSchema>;

export const advertiserMembersSchema = z.object({ members: z.array(advertiserMemberSchema) });
export type AdvertiserMembers = z.infer<typeof advertiserMembersSchema>;

export const removedSchema = z.object({ removed: z.literal(true) });
export const revokedSchema = z.object({ revoked: z.literal(true) });

/** `/advertiser`: the accounts the person belongs to. */
export type AdvertiserHomePage = AdvertiserAccounts;

/** `/advertiser/{advertiserId}/members`: the account, the person's role in it, its members and pending invitations. */
export type AdvertiserMembersPage = {
  account: AdvertiserAccount;
  role: MemberRole;
  members: AdvertiserMember[];
  invitations: PendingMemberInvitation[];
};

/** `/advertiser/join/{token}`: the invitation, or that the link is not one (said in words on the page). */
export type AdvertiserJoinPage = { kind: "invitation"; invitation: MemberInvitationPreview } | { kind: "unknown" };
