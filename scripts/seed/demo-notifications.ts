import { DAY, HOUR } from "../../worker/clock.ts";
import type { NewNotification } from "../../worker/db/notifications.ts";
import { campaignJoinedNotification, welcomeNotification } from "../../worker/domain/notifications/events.ts";

const campaigns = {
  auroraLaunch: { id: "campaign-aurora-launch", title: "Aurora wallet launch week" },
  nimbusBackup: { id: "campaign-nimbus-backup", title: "Back up your work with Nimbus" },
  auroraSummer: { id: "campaign-aurora-summer", title: "Aurora summer of payments" },
  nimbusSpring: { id: "campaign-nimbus-spring", title: "Nimbus spring cleaning" },
};

/** A demo notification with a fixed dedupe key, so seeding twice adds nothing. */
function demo(key: string, notification: Omit<NewNotification, "dedupeKey" | "createdAt"> & { ago: number }, now: number): NewNotification {
  const { ago, ...rest } = notification;
  return { ...rest, dedupeKey: `demo:${key}`, createdAt: now - ago };
}

/**
 * The notifications of the demo creators (demo-world.ts): ada has a read welcome, joined campaigns, and
 * an eligible campaign to confirm (a dashboard banner) among 2 unread; bytebard has 13 unread (one of them of a type
 * the sidebar drops), so the bell shows "9+"; chloe has not seen her welcome yet. Ada also has one type the sidebar
 * drops.
 */
export function demoNotifications(now: number): NewNotification[] {
  const ada = "user-ada_creates";
  const bytebard = "user-bytebard";
  const chloe = "user-chloe_codes";
  return [
    { ...welcomeNotification(ada, now - 30 * DAY), readAt: now - 30 * DAY },
    { ...campaignJoinedNotification({ userId: ada, campaign: campaigns.nimbusBackup, now: now - 12 * DAY }), readAt: now - 12 * DAY },
    { ...campaignJoinedNotification({ userId: ada, campaign: campaigns.auroraLaunch, now: now - 2 * DAY }), readAt: now - DAY },
    demo(
      "ada:transaction-completed",
      {
        userId: ada,
        eventType: "transaction-completed",
        title: "Withdrawal completed",
        body: "Your rewards from Nimbus spring cleaning reached your wallet.",
        link: "/profile",
        campaignId: campaigns.nimbusSpring.id,
        readAt: now - 5 * DAY,
        ago: 6 * DAY,
      },
      now,
    ),
    demo(
      "ada:campaign-started",
      {
        userId: ada,
        eventType: "campaign-started",
        title: `${campaigns.auroraLaunch.title} has started`,
        link: `/campaign/${campaigns.auroraLaunch.id}`,
        campaignId: campaigns.auroraLaunch.id,
        ago: 2 * DAY,
      },
      now,
    ),
    demo(
      "ada:posts-eligible",
      {
        userId: ada,
        eventType: "posts-eligible",
        title: "New eligible posts",
        body: `1 of your posts in ${campaigns.nimbusBackup.title} is eligible for a reward.`,
        link: `/campaign/${campaigns.nimbusBackup.id}`,
        campaignId: campaigns.nimbusBackup.id,
        ago: 3 * HOUR,
      },
      now,
    ),
    demo(
      "ada:campaign-eligible",
      {
        userId: ada,
        eventType: "campaign-eligible",
        title: `Confirm your payout for ${campaigns.nimbusBackup.title}`,
        body: "You have eligible posts. Confirm your payout before the campaign is evaluated, or they expire.",
        link: `/campaign/${campaigns.nimbusBackup.id}`,
        campaignId: campaigns.nimbusBackup.id,
        ago: 2 * HOUR,
      },
      now,
    ),

    { ...welcomeNotification(bytebard, now - 30 * DAY), readAt: now - 30 * DAY },
    { ...campaignJoinedNotification({ userId: bytebard, campaign: campaigns.nimbusSpring, now: now - 20 * DAY }) },
    { ...campaignJoinedNotification({ userId: bytebard, campaign: campaigns.auroraSummer, now: now - 14 * DAY }) },
    demo(
      "bytebard:nimbus-spring-ended",
      {
        userId: bytebard,
        eventType: "campaign-ended",
        title: `${campaigns.nimbusSpring.title} has ended`,
        body: "Your posts are maturing; rewards follow after evaluation.",
        link: `/campaign/${campaigns.nimbusSpring.id}`,
        campaignId: campaigns.nimbusSpring.id,
        ago: 12 * DAY,
      },
      now,
    ),
    demo(
      "bytebard:posts-rewarded",
      {
        userId: bytebard,
        eventType: "posts-rewarded",
        title: "Your posts were rewarded",
        link: `/campaign/${campaigns.nimbusSpring.id}`,
        campaignId: campaigns.nimbusSpring.id,
        ago: 11 * DAY,
      },
      now,
    ),
    demo(
      "bytebard:transaction-verifying",
      {
        userId: bytebard,
        eventType: "transaction-verifying",
        title: "Confirm your withdrawal",
        body: "Enter the code we sent you to confirm the withdrawal.",
        link: "/profile",
        ago: 9 * DAY,
      },
      now,
    ),
    demo(
      "bytebard:transaction-completed",
      {
        userId: bytebard,
        eventType: "transaction-completed",
        title: "Withdrawal completed",
        body: "Your rewards reached your wallet.",
        link: "/profile",
        ago: 8 * DAY,
      },
      now,
    ),
    demo(
      "bytebard:terms",
      {
        userId: bytebard,
        eventType: "terms-and-conditions",
        title: "Our terms have changed",
        body: "Read what changed in the terms of use.",
        link: "/articles/terms",
        ago: 7 * DAY,
      },
      now,
    ),
    { ...campaignJoinedNotification({ userId: bytebard, campaign: campaigns.auroraLaunch, now: now - 2 * DAY + HOUR }) },
    demo(
      "bytebard:aurora-summer-ended",
      {
        userId: bytebard,
        eventType: "campaign-ended",
        title: `${campaigns.auroraSummer.title} has ended`,
        body: "Your posts are maturing; rewards follow after evaluation.",
        link: `/campaign/${campaigns.auroraSummer.id}`,
        campaignId: campaigns.auroraSummer.id,
        ago: DAY,
      },
      now,
    ),
    demo(
      "bytebard:aurora-summer-not-eligible",
      {
        userId: bytebard,
        eventType: "campaign-not-eligible",
        title: `No eligible posts in ${campaigns.auroraSummer.title}`,
        body: "None of your posts met the campaign's rules. Open the campaign to see why.",
        link: `/campaign/${campaigns.auroraSummer.id}`,
        campaignId: campaigns.auroraSummer.id,
        ago: 20 * HOUR,
      },
      now,
    ),
    demo(
      "bytebard:aurora-summer-maturity",
      {
        userId: bytebard,
        eventType: "campaign-maturity",
        title: `Posts in ${campaigns.auroraSummer.title} have matured`,
        body: "Their final numbers are in.",
        link: `/campaign/${campaigns.auroraSummer.id}`,
        campaignId: campaigns.auroraSummer.id,
        ago: 12 * HOUR,
      },
      now,
    ),
    demo(
      "bytebard:ad-hoc",
      {
        userId: bytebard,
        eventType: "ad-hoc-notification",
        title: "New campaigns every week",
        body: "Check All Campaigns on Mondays: that is when most campaigns start.",
        link: "/campaigns",
        ago: 6 * HOUR,
      },
      now,
    ),
    demo(
      "bytebard:badge",
      {
        userId: bytebard,
        eventType: "vlayer-badge",
        title: "You earned a verified creator badge",
        body: "It shows on your profile.",
        link: "/profile",
        ago: HOUR,
      },
      now,
    ),

    welcomeNotification(chloe, now - HOUR),
  ];
}
