import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../worker/clock.ts";
import { defaultCampaignRules } from "../../worker/contracts/campaign-rules.ts";
import { checkPostRules, meetsRulesReason, type PostFacts, type RuleCampaign } from "../../worker/domain/rewards/rules.ts";

const start = Date.UTC(2026, 5, 1);
const campaign: RuleCampaign = {
  startsAt: start,
  endsAt: start + 14 * DAY,
  disclosure: "#ad",
  rules: {
    ...defaultCampaignRules,
    requiredMentions: ["@aurora"],
    requiredHashtags: ["AuroraWallet"],
    requiredLink: "https://aurora.example/launch",
    minImpressions: 100,
    maxPostsPerWeek: 2,
  },
};
const goodMetrics = { impressions: 250, likes: 3, reposts: 0, replies: 1, quotes: 0, bookmarks: 0 };
const goodPost: PostFacts = {
  network: "x",
  content: "#ad Loving the new wallet from @aurora! #AuroraWallet https://aurora.example/launch",
  readText: "#ad Loving the new wallet from @aurora! #AuroraWallet https://aurora.example/launch",
  paidPartnership: true,
  postedAt: start + DAY,
  joinedAt: start + HOUR,
  weekRank: 1,
  accountFlagged: false,
  metrics: goodMetrics,
};

const codes = (facts: Partial<PostFacts>, rules: Partial<RuleCampaign["rules"]> = {}) =>
  checkPostRules({ ...campaign, rules: { ...campaign.rules, ...rules } }, { ...goodPost, ...facts }).reasons.map((reason) => reason.code);

describe("checkPostRules", () => {
  it("finds a post that meets every rule eligible, with the reason shown to the creator", () => {
    expect(checkPostRules(campaign, goodPost)).toEqual({ eligible: true, reasons: [meetsRulesReason] });
  });

  it("wants each mention and hashtag as a whole word, in any letter case", () => {
    expect(codes({ content: "@AURORA #aurorawallet aurora.example/launch" })).toEqual(["meets-rules"]);
    expect(codes({ content: "@auroraX #AuroraWallet https://aurora.example/launch" })).toEqual(["missing-mention"]);
    expect(codes({ content: "mail@aurora #AuroraWalletPro https://aurora.example/launch" })).toEqual([
      "missing-mention",
      "missing-hashtag",
    ]);
  });

  it("accepts the link with or without scheme, www or trailing slash, but not another path", () => {
    expect(codes({ content: "@aurora #AuroraWallet www.aurora.example/launch/" })).toEqual(["meets-rules"]);
    expect(codes({ content: "@aurora #AuroraWallet https://aurora.example/launchpad" })).toEqual(["missing-link"]);
    expect(codes({ content: "@aurora #AuroraWallet" }, { requiredLink: null })).toEqual(["meets-rules"]);
  });

  it("asks for the minimum impressions, and says so when X never answered", () => {
    expect(codes({ metrics: { ...goodMetrics, impressions: 99 } })).toEqual(["below-min-impressions"]);
    expect(codes({ metrics: null })).toEqual(["metrics-unavailable"]);
    expect(checkPostRules(campaign, { ...goodPost, metrics: { ...goodMetrics, impressions: 99 } }).reasons[0]?.message).toBe(
      "The post reached 99 impressions; the campaign asks for at least 100.",
    );
  });

  it("applies no view rule on Bluesky, which publishes no view counts", () => {
    const onBluesky = { network: "bluesky" as const, paidPartnership: null };
    expect(codes({ ...onBluesky, metrics: { ...goodMetrics, impressions: 0, bookmarks: 0 } })).toEqual(["meets-rules"]);
    expect(codes({ ...onBluesky, metrics: { ...goodMetrics, impressions: 0 } }, { minImpressions: 1_000_000 })).toEqual(["meets-rules"]);
    expect(codes({ network: "x", metrics: { ...goodMetrics, impressions: 0 } })).toEqual(["below-min-impressions"]);
    expect(checkPostRules(campaign, { ...goodPost, ...onBluesky, metrics: null }).reasons[0]?.message).toBe(
      "Bluesky did not let us read this post's metrics before it matured.",
    );
  });

  it("counts only posts inside the campaign window, after joining", () => {
    expect(codes({ postedAt: start - 1, joinedAt: start - DAY })).toEqual(["outside-window"]);
    expect(codes({ postedAt: campaign.endsAt })).toEqual(["outside-window"]);
    expect(codes({ postedAt: campaign.endsAt - 1 })).toEqual(["meets-rules"]);
    expect(codes({ joinedAt: start + 2 * DAY })).toEqual(["posted-before-joining"]);
    expect(codes({ joinedAt: null })).toEqual(["not-joined"]);
  });

  it("limits posts per creator per week, and refuses flagged accounts", () => {
    expect(codes({ weekRank: 2 })).toEqual(["meets-rules"]);
    expect(codes({ weekRank: 3 })).toEqual(["over-weekly-limit"]);
    expect(codes({ accountFlagged: true })).toEqual(["account-flagged"]);
  });

  it("gives every failed rule, not only the first", () => {
    const verdict = checkPostRules(campaign, { ...goodPost, content: "nothing", weekRank: 5, accountFlagged: true });
    expect(verdict.eligible).toBe(false);
    expect(verdict.reasons.map((reason) => reason.code)).toEqual([
      "missing-mention",
      "missing-hashtag",
      "missing-link",
      "over-weekly-limit",
      "account-flagged",
    ]);
    expect(verdict.reasons.every((reason) => reason.message.length > 0)).toBe(true);
  });
});
