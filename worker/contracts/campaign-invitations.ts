import { z } from "zod";

/**
 * Campaign invitations made by an advertiser account's members (docs/decisions/020-funding-and-invitations.md):
 * `/v1/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`. Times are UTC milliseconds.
 */

export const CAMPAIGN_INVITATION_DEFAULT_DAYS = 14;
export const CAMPAIGN_INVITATION_MAX_DAYS = 90;
export const CAMPAIGN_INVITATION_MAX_USES = 100_000;

const xHandleSchema = z
  .string()
  .trim()
  .transform((handle) => handle.replace(/^@/, ""))
  .pipe(z.string().regex(/^[A-Za-z0-9_]{1,15}$/, "must be an X handle: 1 to 15 letters, digits or underscores"));

export const createCampaignInvitationInputSchema = z.object({
  /** Only this X handle may use the invitation. */
  xHandle: z
    .union([xHandleSchema, z.literal(""), z.null()])
    .optional()
    .transform((handle) => (handle === "" || handle === null ? undefined : handle)),
  expiresInDays: z
    .number()
    .int("must be a whole number of days")
    .min(1, "must be at least 1 day")
    .max(CAMPAIGN_INVITATION_MAX_DAYS, `must be at most ${CAMPAIGN_INVITATION_MAX_DAYS} days`)
    .optional(),
  /** How many creators may join with it; unlimited when absent. */
  maxUses: z
    .number()
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(CAMPAIGN_INVITATION_MAX_USES, `must be at most ${CAMPAIGN_INVITATION_MAX_USES}`)
    .nullable()
    .optional(),
});
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
  xHandle: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  expiresAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
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
