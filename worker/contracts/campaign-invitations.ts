import { z } from "zod/mini";
import { invitationDaysField, inviteeHandleCheck, inviteeInputFields, inviteeOutputFields } from "./invitee.ts";

/**
 * Campaign invitations made by an advertiser account's members (docs/decisions/020-funding-and-invitations.md):
 * `/v1/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`. Times are UTC milliseconds.
 */

export const CAMPAIGN_INVITATION_DEFAULT_DAYS = 14;
export const CAMPAIGN_INVITATION_MAX_DAYS = 90;
export const CAMPAIGN_INVITATION_MAX_USES = 100_000;

export const createCampaignInvitationInputSchema = z
  .strictObject({
    ...inviteeInputFields,
    expiresInDays: invitationDaysField(CAMPAIGN_INVITATION_MAX_DAYS),
    /** How many creators may join with it; unlimited when absent. */
    maxUses: z.optional(
      z.nullable(
        z
          .number()
          .check(
            z.int("must be a whole number"),
            z.gte(1, "must be at least 1"),
            z.lte(CAMPAIGN_INVITATION_MAX_USES, `must be at most ${CAMPAIGN_INVITATION_MAX_USES}`),
          ),
      ),
    ),
  })
  .check(inviteeHandleCheck);
export type CreateCampaignInvitationInput = z.infer<typeof createCampaignInvitationInputSchema>;
/** What a caller sends (before the schema tidies it). */
export type CreateCampaignInvitationRequest = z.input<typeof createCampaignInvitationInputSchema>;

/** What an invitation meets right now if someone tries to join with it. */
export const campaignInvitationStateSchema = z.enum(["ok", "expired", "revoked", "used-up", "campaign-closed"]);
export type CampaignInvitationState = z.infer<typeof campaignInvitationStateSchema>;

export const campaignInvitationSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  /** The link that opens the invitation page: `{origin}/invitation/{publicToken}`. */
  link: z.string(),
  ...inviteeOutputFields,
  maxUses: z.nullable(z.number().check(z.int())),
  uses: z.number().check(z.int()),
  expiresAt: z.nullable(z.number()),
  revokedAt: z.nullable(z.number()),
  createdAt: z.number(),
  state: campaignInvitationStateSchema,
});
export type CampaignInvitation = z.infer<typeof campaignInvitationSchema>;

export const campaignInvitationsSchema = z.object({ invitations: z.array(campaignInvitationSchema) });
export type CampaignInvitations = z.infer<typeof campaignInvitationsSchema>;

export const createdCampaignInvitationSchema = z.object({ invitation: campaignInvitationSchema, link: z.string() });
export type CreatedCampaignInvitation = z.infer<typeof createdCampaignInvitationSchema>;

/** `/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`. */
export const campaignInvitationsPageSchema = z.object({
  account: z.object({ id: z.string(), name: z.string() }),
  campaign: z.object({ id: z.string(), title: z.string(), status: z.string(), visibility: z.string() }),
  invitations: z.array(campaignInvitationSchema),
});
export type CampaignInvitationsPage = z.infer<typeof campaignInvitationsPageSchema>;
