import { z } from "zod/mini";

/**
 * The server's notification vocabulary (SPEC.md section 3), and the two of issue 28: an advertiser approved or rejected
 * the creator's held commission or post (docs/decisions/051-review-decision-notifications.md). Each is also a row of
 * `notification_event_types` (migration 0067): a new type is added in both places.
 */
export const notificationEventTypeSchema = z.enum([
  "welcome",
  "terms-and-conditions",
  "campaign-invited",
  "campaign-started",
  "campaign-joined",
  "campaign-ending",
  "campaign-ended",
  "campaign-maturity",
  "posts-eligible",
  "posts-rewarded",
  "campaign-eligible",
  "campaign-not-eligible",
  "transaction-verifying",
  "transaction-pending",
  "transaction-cancelled",
  "transaction-failed",
  "transaction-completed",
  "ad-hoc-notification",
  "vlayer-badge",
  "review-approved",
  "review-rejected",
]);
export type NotificationEventType = z.infer<typeof notificationEventTypeSchema>;

/** Ids are made by `insertNotificationStatement`: `ntf_` and a UUID. */
export const notificationIdSchema = z
  .string()
  .check(z.regex(/^ntf_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "must be a notification id (ntf_ and a UUID)"));

/** One notification as the API returns it (`GET /v1/notification/recent`). Times are UTC milliseconds. */
export const notificationSchema = z.object({
  id: z.string(),
  eventType: notificationEventTypeSchema,
  title: z.string(),
  body: z.string(),
  link: z.nullable(z.string()),
  campaignId: z.nullable(z.string()),
  isRead: z.boolean(),
  createdAt: z.number().check(z.int()),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * `GET /v1/notification/recent`: the recent ones, newest first, and the unread count of the bell and the title, which
 * covers every unread notification but the unread welcome (SPEC.md section 4), also those the list does not carry.
 */
export const recentNotificationsSchema = z.object({
  data: z.array(notificationSchema),
  unreadCount: z.number().check(z.int(), z.nonnegative()),
});
export type RecentNotifications = z.infer<typeof recentNotificationsSchema>;
