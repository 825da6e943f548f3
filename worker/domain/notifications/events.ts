import type { NewNotification } from "../../db/notifications.ts";

/**
 * The notifications that domain events create, built in one place so their wording and dedupe keys stay the same
 * wherever the event happens. Each returns a `NewNotification` to batch with the change that causes it through
 * `insertNotificationStatement`.
 */

/** The first sign-in. Unread, it is the first-time-user notification: the browser shows it as a welcome dialog. */
export function welcomeNotification(userId: string, now: number): NewNotification {
  return {
    userId,
    eventType: "welcome",
    title: "Welcome to Chorus!",
    body: "Join a campaign, post about it on X through Chorus, and earn rewards for what you post.",
    link: "/campaigns",
    dedupeKey: `welcome:${userId}`,
    createdAt: now,
  };
}

/** A creator joined a campaign; once per creator and campaign. */
export function campaignJoinedNotification(input: {
  userId: string;
  campaign: { id: string; title: string };
  now: number;
}): NewNotification {
  const { userId, campaign, now } = input;
  return {
    userId,
    eventType: "campaign-joined",
    title: `You joined ${campaign.title}`,
    body: "Post about it through Chorus: your posts count from now on.",
    link: `/campaign/${campaign.id}`,
    campaignId: campaign.id,
    dedupeKey: `campaign-joined:${campaign.id}:${userId}`,
    createdAt: now,
  };
}
