import { decimalsOf } from "../../contracts/currencies.ts";
import type { AudienceNotification } from "../../db/notification-fanout.ts";
import type { NewNotification } from "../../db/notifications.ts";

/**
 * What the rewards engine tells creators, in one place so wording and dedupe keys stay the same wherever the event
 * is produced. Every key names the event and the user, so each user hears of each event once however many
 * scheduler runs produce it.
 */
type CampaignRef = { id: string; title: string };

const campaignLink = (campaign: CampaignRef) => `/campaign/${campaign.id}`;

export function campaignStartedNotice(campaign: CampaignRef): AudienceNotification {
  return {
    audience: "participants",
    eventType: "campaign-started",
    title: `${campaign.title} has started`,
    body: "Post about it through Chorus: posts published from now on count.",
    link: campaignLink(campaign),
    dedupePrefix: `campaign-started:${campaign.id}`,
  };
}

export function campaignEndingNotice(campaign: CampaignRef): AudienceNotification {
  return {
    audience: "participants",
    eventType: "campaign-ending",
    title: `${campaign.title} ends in less than 24 hours`,
    body: "Posts published before the end still count.",
    link: campaignLink(campaign),
    dedupePrefix: `campaign-ending:${campaign.id}`,
  };
}

export function campaignEndedNotice(campaign: CampaignRef & { maturityHours: number }): AudienceNotification {
  return {
    audience: "participants",
    eventType: "campaign-ended",
    title: `${campaign.title} has ended`,
    body: `Posts keep maturing for ${campaign.maturityHours} hours; then rewards are worked out.`,
    link: campaignLink(campaign),
    dedupePrefix: `campaign-ended:${campaign.id}`,
  };
}

export function campaignMaturityNotice(campaign: CampaignRef): AudienceNotification {
  return {
    audience: "posters",
    eventType: "campaign-maturity",
    title: `Posts in ${campaign.title} have matured`,
    body: "Their metrics are final and rewards are being worked out now.",
    link: campaignLink(campaign),
    dedupePrefix: `campaign-maturity:${campaign.id}`,
  };
}

export function campaignNotEligibleNotice(campaign: CampaignRef): AudienceNotification {
  return {
    audience: "posters-without-eligible-posts",
    eventType: "campaign-not-eligible",
    title: `No eligible posts in ${campaign.title}`,
    body: "None of your posts met the campaign's rules. The campaign page shows why for each post.",
    link: campaignLink(campaign),
    dedupePrefix: `campaign-not-eligible:${campaign.id}`,
  };
}

export function postEligibleNotification(input: { userId: string; postId: string; campaign: CampaignRef; now: number }): NewNotification {
  return {
    userId: input.userId,
    eventType: "posts-eligible",
    title: `Your post for ${input.campaign.title} is eligible`,
    body: "It met every rule of the campaign. Confirm payout on the campaign page to claim its reward.",
    link: campaignLink(input.campaign),
    campaignId: input.campaign.id,
    dedupeKey: `posts-eligible:${input.postId}`,
    createdAt: input.now,
  };
}

/** "You have eligible posts: confirm payout" — once per creator and campaign, until they confirm. */
export function campaignEligibleNotification(input: { userId: string; campaign: CampaignRef; now: number }): NewNotification {
  return {
    userId: input.userId,
    eventType: "campaign-eligible",
    title: `Confirm your payout for ${input.campaign.title}`,
    body: "You have eligible posts. Confirm payout before the campaign is evaluated, or their rewards expire.",
    link: campaignLink(input.campaign),
    campaignId: input.campaign.id,
    dedupeKey: `campaign-eligible:${input.campaign.id}:${input.userId}`,
    createdAt: input.now,
  };
}

export function postsRewardedNotification(input: {
  userId: string;
  campaign: CampaignRef;
  amount: number;
  currency: string;
  posts: number;
  now: number;
}): NewNotification {
  const what = input.posts === 1 ? "1 post" : `${input.posts} posts`;
  return {
    userId: input.userId,
    eventType: "posts-rewarded",
    title: `You earned ${formatAmount(input.amount, input.currency)} in ${input.campaign.title}`,
    body: `Rewards for ${what} were credited to your balance.`,
    link: campaignLink(input.campaign),
    campaignId: input.campaign.id,
    dedupeKey: `posts-rewarded:${input.campaign.id}:${input.userId}`,
    createdAt: input.now,
  };
}

/** The badge a creator earns with their first rewarded post (docs/decisions/032-spec-server-items.md section 2). */
export function firstRewardBadgeNotice(campaign: CampaignRef): { title: string; body: string; link: string } {
  return {
    title: "Badge earned: first rewarded post",
    body: `Your first post to earn a reward was in ${campaign.title}. Keep posting to earn more.`,
    link: campaignLink(campaign),
  };
}

/** "1,234.56 USDC": as the app shows amounts (app/lib/format.ts), two decimals, rounded down, never up. */
export function formatAmount(amount: number, currency: string): string {
  const decimals = decimalsOf(currency);
  const unit = 10n ** BigInt(decimals);
  const units = BigInt(amount);
  const whole = (units / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const cents = decimals >= 2 ? ((units % unit) * 100n) / unit : 0n;
  return `${whole}.${cents.toString().padStart(2, "0")} ${currency}`;
}
