import { z } from "zod/mini";
import { personTextChecks } from "./text.ts";
import { campaignStatusSchema } from "./vocabulary.ts";
import { funnelRowSchema } from "./funnel.ts";
import type { AdminPartner } from "./partners.ts";

/* The admin page `/admin` and its API (`/v1/admin/*`): the feedback inbox, ad-hoc notifications, the funnel counts. */

export const feedbackStatusFilterSchema = z.enum(["open", "handled", "all"]);
export type FeedbackStatusFilter = z.infer<typeof feedbackStatusFilterSchema>;

/** `GET /v1/admin/feedback?status=open|handled|all` (open when absent). */
export const feedbackListQuerySchema = z.object({
  status: z._default(z.enum(feedbackStatusFilterSchema.options, { error: "must be one of open, handled, all" }), "open"),
});

const personSchema = z.object({ userId: z.string(), handle: z.string() });

/** One message of the inbox. Times are UTC milliseconds. */
export const adminFeedbackSchema = z.object({
  id: z.string(),
  author: personSchema,
  content: z.string(),
  /** The page the author was on when writing it. */
  pagePath: z.nullable(z.string()),
  createdAt: z.number().check(z.int()),
  readAt: z.nullable(z.number().check(z.int())),
  handledAt: z.nullable(z.number().check(z.int())),
  handledBy: z.nullable(personSchema),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;

/** How many messages the inbox lists at most (unhandled first, then newest first). */
export const FEEDBACK_INBOX_LIMIT = 200;

export const adminFeedbackListSchema = z.object({
  items: z.array(adminFeedbackSchema),
  /** Over the whole inbox, whatever the filter: what the filter buttons show. */
  counts: z.object({ open: z.number().check(z.int()), handled: z.number().check(z.int()) }),
});
export type AdminFeedbackList = z.infer<typeof adminFeedbackListSchema>;

/** `POST /v1/admin/feedback/{id}/read` and `…/handled`: the message, and whether this call changed it. */
export const feedbackChangeSchema = z.object({ feedback: adminFeedbackSchema, changed: z.boolean() });
export type FeedbackChange = z.infer<typeof feedbackChangeSchema>;

export const AD_HOC_TITLE_MAX = 120;
export const AD_HOC_MESSAGE_MAX = 1000;
const LINK_MAX = 2048;

/** An in-app path (`/campaigns`) or an https URL; nothing else can be opened safely from the sidebar. */
function isAllowedLink(link: string): boolean {
  if (link.startsWith("/")) return !link.startsWith("//") && !link.startsWith("/\\");
  try {
    return new URL(link).protocol === "https:";
  } catch {
    return false;
  }
}

export const adHocAudienceSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("all-creators") }),
    z.object({
      kind: z.literal("campaign"),
      campaignId: z.string({ error: "is required: pick a campaign" }).check(z.trim(), z.minLength(1, "is required: pick a campaign")),
    }),
  ],
  { error: 'must be {"kind": "all-creators"} or {"kind": "campaign", "campaignId": …}' },
);
export type AdHocAudience = z.infer<typeof adHocAudienceSchema>;

/** `POST /v1/admin/notifications` body (the `Idempotency-Key` header is required too). */
export const adHocNotificationInputSchema = z.object({
  title: z.string({ error: "is required" }).check(...personTextChecks("name", AD_HOC_TITLE_MAX, "is required")),
  message: z.pipe(
    z.optional(z.string().check(...personTextChecks("multiline", AD_HOC_MESSAGE_MAX))),
    z.transform((message) => message ?? ""),
  ),
  link: z.pipe(
    z.nullish(
      z.string().check(
        z.trim(),
        z.maxLength(LINK_MAX, `must be at most ${LINK_MAX} characters`),
        z.refine((link) => link === "" || isAllowedLink(link), "must be a path of this app (starting with /) or an https:// address"),
      ),
    ),
    z.transform((link) => (link === undefined || link === null || link === "" ? null : link)),
  ),
  audience: adHocAudienceSchema,
});
export type AdHocNotificationInput = z.input<typeof adHocNotificationInputSchema>;
export type AdHocNotification = z.output<typeof adHocNotificationInputSchema>;

/** The `Idempotency-Key` header of `POST /v1/admin/notifications`: a retry with the same key notifies no one again. */
export const adHocIdempotencyKeySchema = z
  .string({ error: "is required: send a unique Idempotency-Key header (for example a UUID) with each new notification" })
  .check(z.regex(/^[A-Za-z0-9_-]{8,128}$/, "must be 8 to 128 letters, digits, dashes or underscores (a UUID will do)"));

/** The answer: how many creators have it; `replayed` when an earlier call with the same key sent it already. */
export const adHocNotificationResultSchema = z.object({ notified: z.number().check(z.int()), replayed: z.boolean() });
export type AdHocNotificationResult = z.infer<typeof adHocNotificationResultSchema>;

/** A published campaign an ad-hoc notification can go to, with how many creators joined it. */
export const audienceCampaignSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: campaignStatusSchema,
  advertiserId: z.string(),
  advertiserName: z.string(),
  creators: z.number().check(z.int()),
});
export type AudienceCampaign = z.infer<typeof audienceCampaignSchema>;

/** Campaigns shown by the notification form's picker at a time. */
export const CAMPAIGN_AUDIENCES_PAGE_SIZE = 20;

/** A page of the picker: `next` is the `after` of the following page, null on the last. */
export const campaignAudiencePageSchema = z.object({ campaigns: z.array(audienceCampaignSchema), next: z.nullable(z.string()) });
export type CampaignAudiencePage = z.infer<typeof campaignAudiencePageSchema>;

/**
 * `GET /v1/admin/notification-audiences/campaigns?q=&after=`: the most recently published campaigns, or those whose
 * title starts with `q` (ignoring case) in title order; `after`: the `next` of the page before.
 */
export const campaignAudiencesQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, "must be at most 100 characters"))),
  after: z.optional(z.string().check(z.minLength(1, "must not be empty"), z.maxLength(128, "must be at most 128 characters"))),
});

/** Whom an ad-hoc notification can reach: every creator, or the creators who joined one campaign (first page shown). */
export const notificationAudiencesSchema = z.object({
  allCreators: z.number().check(z.int()),
  campaigns: campaignAudiencePageSchema,
});
export type NotificationAudiences = z.infer<typeof notificationAudiencesSchema>;

/** `GET /v1/admin/analytics/funnel?advertiserId=` (every advertiser when absent). */
export const adminFunnelQuerySchema = z.object({
  advertiserId: z.optional(
    z.string().check(z.trim(), z.minLength(1, "must not be empty"), z.maxLength(128, "must be at most 128 characters")),
  ),
});

export const adminFunnelSchema = z.object({ rows: z.array(funnelRowSchema) });
export type AdminFunnel = z.infer<typeof adminFunnelSchema>;

/** What `/admin` renders from the server: the open feedback, the audiences of the notification form, the partners. */
export type AdminPage = { feedback: AdminFeedbackList; audiences: NotificationAudiences; partners: AdminPartner[]; now: number };
