import { TERMS_PAGE_PATH } from "../../contracts/terms.ts";
import { formatUnits } from "../../contracts/withdrawals.ts";
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

/**
 * An advertiser invited a known creator, by handle, to a campaign (docs/decisions/020-funding-and-invitations.md);
 * once per invitation. The link is the invitation page, which the creator joins from.
 */
export function campaignInvitedNotification(input: {
  userId: string;
  campaign: { id: string; title: string };
  advertiserName: string;
  invitation: { id: string; publicToken: string };
  now: number;
}): NewNotification {
  const { userId, campaign, advertiserName, invitation, now } = input;
  return {
    userId,
    eventType: "campaign-invited",
    title: `${advertiserName} invites you to ${campaign.title}`,
    body: "Open the invitation to join the campaign and post about it through Chorus.",
    link: `/invitation/${invitation.publicToken}`,
    campaignId: campaign.id,
    dedupeKey: `campaign-invited:${invitation.id}`,
    createdAt: now,
  };
}

/** The status changes of a withdrawal that the creator hears of, each once per withdrawal. */
export type WithdrawalEvent = "verifying" | "pending" | "cancelled" | "failed" | "completed";

/**
 * A withdrawal moved (docs/decisions/015-withdrawals.md): `transaction-{event}`, keyed by the withdrawal, so each
 * change notifies once however many requests or scheduler runs make it.
 */
export function withdrawalNotification(input: {
  event: WithdrawalEvent;
  withdrawal: { id: string; userId: string; amount: number; currency: string; secondFactor: "authenticator" | "email" };
  reason?: string | null;
  now: number;
}): NewNotification {
  const { event, withdrawal, now } = input;
  const amount = `${formatUnits(withdrawal.amount, withdrawal.currency)} ${withdrawal.currency}`;
  const texts: Record<WithdrawalEvent, { title: string; body: string }> = {
    verifying: {
      title: `Confirm your withdrawal of ${amount}`,
      body:
        withdrawal.secondFactor === "authenticator"
          ? "Enter the code from your authenticator app within 15 minutes; the amount is held until then."
          : "Enter the code we e-mailed you within 15 minutes; the amount is held until then.",
    },
    pending: {
      title: `Your withdrawal of ${amount} is on its way`,
      body: "It was handed to the payout rail; it completes in a few moments.",
    },
    cancelled: {
      title: `Your withdrawal of ${amount} was cancelled`,
      body: `${input.reason ?? "It was cancelled"}. The amount is back in your available balance.`,
    },
    failed: {
      title: `Your withdrawal of ${amount} failed`,
      body: `${input.reason ?? "The payout rail could not pay it"}. The amount is back in your available balance.`,
    },
    completed: { title: `Your withdrawal of ${amount} is complete`, body: "The money has been paid to your wallet." },
  };
  return {
    userId: withdrawal.userId,
    eventType: `transaction-${event}`,
    ...texts[event],
    link: "/profile#withdrawals",
    dedupeKey: `transaction-${event}:${withdrawal.id}`,
    createdAt: now,
  };
}

/** A held item the advertiser decided (docs/decisions/047-risk-and-review.md): a commission or a pool-rewarded post. */
export type DecidedReviewItem = {
  itemId: string;
  kind: "commission" | "post";
  creatorId: string;
  campaign: { id: string; title: string };
  /** The commission's amount, or the post's held pool and bonus shares, in the smallest unit of `currency`. */
  amount: number;
  currency: string;
  /** The conversion's type (`purchase`, `lead`…) for a commission; null for a post. */
  eventType: string | null;
};

/**
 * An advertiser approved or rejected a held commission or post (docs/decisions/051-review-decision-notifications.md):
 * what was decided, for which campaign, the advertiser's reason, and a link to where the creator sees the item (their
 * commissions on the dashboard, their posts on the campaign's page). Keyed by the item, which is decided once, so a
 * repeated decision cannot notify twice.
 */
export function reviewDecisionNotification(input: {
  item: DecidedReviewItem;
  decision: "approve" | "reject";
  reason: string | null;
  now: number;
}): NewNotification {
  const { item, decision, reason, now } = input;
  const amount = `${formatUnits(item.amount, item.currency)} ${item.currency}`;
  const decided = decision === "approve" ? "approved" : "rejected";
  const what = item.kind === "commission" ? `commission for ${item.campaign.title}` : `post in ${item.campaign.title}`;
  const outcome =
    item.kind === "commission"
      ? decision === "approve"
        ? `The ${amount} for a ${item.eventType ?? "conversion"} becomes available to withdraw once its validation window is over.`
        : `The ${amount} for a ${item.eventType ?? "conversion"} will not be paid.`
      : decision === "approve"
        ? `Its reward of ${amount} is in your available balance.`
        : "It is not rewarded.";
  const why = reason === null ? "" : ` The advertiser's ${decision === "approve" ? "note" : "reason"}: ${reason}`;
  return {
    userId: item.creatorId,
    eventType: decision === "approve" ? "review-approved" : "review-rejected",
    title: `Your held ${what} was ${decided}`,
    body: `${outcome}${why}`,
    link: item.kind === "commission" ? "/#my-commissions" : `/campaign/${item.campaign.id}`,
    campaignId: item.campaign.id,
    dedupeKey: `review-decided:${item.itemId}`,
    createdAt: now,
  };
}

/**
 * New terms are in force (docs/decisions/032-spec-server-items.md section 2): what every creator's
 * `terms-and-conditions` notification says. The link opens the terms, where the Accept button waits until accepted.
 */
export function termsChangedNotice(terms: { effectiveDate: string; summary: string }): { title: string; body: string; link: string } {
  return {
    title: `Our terms and conditions change on ${terms.effectiveDate}`,
    body: `${terms.summary} Read the new terms and accept them.`,
    link: TERMS_PAGE_PATH,
  };
}
