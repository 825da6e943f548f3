import { z } from "zod/mini";
import { campaignInvitationStateSchema } from "./campaign-invitations.ts";

/**
 * Creators inviting creators (docs/decisions/032-spec-server-items.md section 5): a creator who joined a campaign
 * gets an invitation link to it (`POST /v1/campaign/{campaignId}/invitation`) and sees who joined through their links
 * (`GET` the same path). Times are UTC milliseconds.
 */

/** New links a creator may make in any 24 hours, over all campaigns. */
export const CREATOR_INVITATIONS_PER_DAY = 5;
/** A creator's link works this long… */
export const CREATOR_INVITATION_DAYS = 14;
/** …for this many creators. */
export const CREATOR_INVITATION_MAX_USES = 10;
/** Who joined through you: the newest this many. */
export const JOINED_THROUGH_LIMIT = 100;

export const creatorInvitationSchema = z.object({
  id: z.string(),
  /** `{origin}/invitation/{publicToken}`: the page that shows the campaign and you as the inviter. */
  link: z.string(),
  uses: z.number().check(z.int()),
  maxUses: z.number().check(z.int()),
  expiresAt: z.number(),
  createdAt: z.number(),
  state: campaignInvitationStateSchema,
});
export type CreatorInvitation = z.infer<typeof creatorInvitationSchema>;

export const joinedThroughSchema = z.object({
  handle: z.string(),
  name: z.string(),
  joinedAt: z.number(),
});
export type JoinedThrough = z.infer<typeof joinedThroughSchema>;

/** `GET /v1/campaign/{campaignId}/invitation`: your usable link (null: none now) and who joined through your links. */
export const creatorInvitationsSchema = z.object({
  invitation: z.nullable(creatorInvitationSchema),
  joined: z.array(joinedThroughSchema),
  /** Links you may still make in the next 24 hours. */
  linksLeftToday: z.number().check(z.int()),
});
export type CreatorInvitations = z.infer<typeof creatorInvitationsSchema>;

/** `POST /v1/campaign/{campaignId}/invitation`: your usable link, `created` when it was made by this call. */
export const createdCreatorInvitationSchema = z.object({ invitation: creatorInvitationSchema, created: z.boolean() });
export type CreatedCreatorInvitation = z.infer<typeof createdCreatorInvitationSchema>;
