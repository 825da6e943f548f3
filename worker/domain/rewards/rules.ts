import type { CampaignRules, StatusReason } from "../../contracts/campaign-rules.ts";
import type { PostMetrics } from "../../contracts/campaign-rules.ts";
import { startsWithDisclosure } from "../../contracts/disclosure.ts";
import { checkPostRequirements, type RequirementCheck } from "../../contracts/post-requirements.ts";
import { networkReports } from "../../contracts/campaign-networks.ts";
import { rulesOf } from "../../contracts/networks/registry.ts";
import type { Network } from "../../contracts/networks/rules.ts";

/**
 * The campaign's rules, checked on a post when it matures (PRODUCT.md "Campaigns"): required mentions, hashtags and
 * link; minimum impressions (on a network that counts views: docs/decisions/044-campaign-networks.md); posted after joining and inside the campaign window; at most N posts per creator per
 * week; account not flagged. A post X no longer has never gets here: it becomes `deleted` when X says so. Pure.
 */
export type RuleCampaign = { rules: CampaignRules; startsAt: number; endsAt: number; disclosure: string };

export type PostFacts = {
  /** The network the post is on: which counts exist there. */
  network: Network;
  /** The text as the creator posted it through Chorus (X shortens links, so X's copy cannot show the link rule). */
  content: string;
  /** The text as the network showed it at the latest poll (links expanded); null when it never answered. */
  readText: string | null;
  /** Whether the network's paid-partnership label was on at the latest poll; null when unknown or the network has none. */
  paidPartnership: boolean | null;
  postedAt: number;
  /** When the creator joined the campaign; null if they never did. */
  joinedAt: number | null;
  /** 1 for the creator's first post of its campaign week, 2 for the second… (deleted posts do not count). */
  weekRank: number;
  accountFlagged: boolean;
  /** The latest metrics from the network; null when it never answered for this post. */
  metrics: PostMetrics | null;
};

export type RuleVerdict = { eligible: boolean; reasons: StatusReason[] };

export const meetsRulesReason: StatusReason = { code: "meets-rules", message: "Meets every rule of the campaign." };

/** The reason for a requirement the post misses, worded with the requirement as the editor shows it. */
function missingRequirementReason({ kind, shown }: RequirementCheck): StatusReason {
  switch (kind) {
    case "mention":
      return { code: "missing-mention", message: `The post does not mention ${shown}.` };
    case "hashtag":
      return { code: "missing-hashtag", message: `The post does not use ${shown}.` };
    case "link":
      return { code: "missing-link", message: `The post does not link to ${shown}.` };
  }
}

export function checkPostRules(campaign: RuleCampaign, post: PostFacts): RuleVerdict {
  const { rules } = campaign;
  const reasons: StatusReason[] = [];
  for (const requirement of checkPostRequirements(rules, post.content)) {
    if (!requirement.met) reasons.push(missingRequirementReason(requirement));
  }
  // Disclosure (docs/decisions/041-disclosure.md): the post must still open with it as the network shows it now,
  // and where the network has a paid-partnership label (X), the label must still be on.
  if (!startsWithDisclosure(post.readText ?? post.content, campaign.disclosure)) {
    reasons.push({
      code: "missing-disclosure",
      message: `The post no longer opens with ${campaign.disclosure}: a sponsored post must say it is an ad, up front.`,
    });
  }
  if (post.paidPartnership === false) {
    reasons.push({
      code: "paid-partnership-label-removed",
      message: 'The post\'s "Paid partnership" label was removed on X: a sponsored post must keep it.',
    });
  }
  if (post.metrics === null) {
    reasons.push({
      code: "metrics-unavailable",
      message: `${rulesOf(post.network).name} did not let us read this post's metrics before it matured.`,
    });
  } else if (networkReports(post.network, "impressions") && post.metrics.impressions < rules.minImpressions) {
    reasons.push({
      code: "below-min-impressions",
      message: `The post reached ${post.metrics.impressions} impressions; the campaign asks for at least ${rules.minImpressions}.`,
    });
  }
  if (post.postedAt < campaign.startsAt || post.postedAt >= campaign.endsAt) {
    reasons.push({ code: "outside-window", message: "The post was published outside the campaign's dates." });
  }
  if (post.joinedAt === null) {
    reasons.push({ code: "not-joined", message: "You had not joined the campaign." });
  } else if (post.postedAt < post.joinedAt) {
    reasons.push({ code: "posted-before-joining", message: "The post was published before you joined the campaign." });
  }
  if (post.weekRank > rules.maxPostsPerWeek) {
    reasons.push({
      code: "over-weekly-limit",
      message: `Only your first ${rules.maxPostsPerWeek} posts of a campaign week count; this was number ${post.weekRank}.`,
    });
  }
  if (post.accountFlagged) reasons.push({ code: "account-flagged", message: "Your account is flagged for review." });
  return reasons.length === 0 ? { eligible: true, reasons: [meetsRulesReason] } : { eligible: false, reasons };
}
