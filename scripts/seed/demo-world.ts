import type { Network } from "../../worker/contracts/networks/rules.ts";
import { DAY, HOUR } from "../../worker/clock.ts";
import type { PostMetrics } from "../../worker/contracts/campaign-rules.ts";
import type { CampaignStatus, PostStatus, UserRole } from "../../worker/contracts/vocabulary.ts";
import type { AdvertiserMemberRow } from "../../worker/db/advertiser-members.ts";
import type { Advertiser } from "../../worker/db/advertisers.ts";
import type { Campaign } from "../../worker/db/campaigns.ts";
import type { NewInvitation } from "../../worker/db/invitations.ts";
import type { Partner } from "../../worker/db/partners.ts";
import type { Post } from "../../worker/db/posts.ts";
import type { Suggestion } from "../../worker/db/suggestions.ts";
import type { User } from "../../worker/db/users.ts";
import { scoreOf } from "../../worker/domain/rewards/scoring.ts";
import { buildAdvertiser, buildCampaign, buildPartner, buildPost, buildUser } from "./factories.ts";

/**
 * The demo world of `npm start`, as data: three partner brands, three advertisers, a campaign in every status,
 * creators, an admin, and a post in every status. Pure and deterministic: the same time gives the same world, and
 * its ids never change, so seeding again (scripts/seed/demo-data.ts) keeps what is there.
 */
export const demoCampaignIds = [
  "campaign-aurora-launch",
  "campaign-nimbus-backup",
  "campaign-lumen-devtools",
  "campaign-aurora-summer",
  "campaign-nimbus-spring",
  "campaign-lumen-insiders",
] as const;

export type DemoPost = {
  /** With the status the demo shows; a post still `evaluating` has not matured yet. */
  post: Post;
  campaign: Campaign;
  metrics: PostMetrics;
  score: number;
  /** When it matured; its last poll was then too. Null while evaluating. */
  maturedAt: number | null;
  bonus: boolean;
};

export type DemoWorld = {
  partners: { partner: Partner; hostnames: string[] }[];
  advertisers: Advertiser[];
  users: { user: User; roles: UserRole[] }[];
  /** Members of the demo advertiser accounts (their `advertiser` role is derived from this, never stored). */
  advertiserMembers: AdvertiserMemberRow[];
  campaigns: Campaign[];
  suggestions: Suggestion[];
  invitation: NewInvitation;
  /** Who joined which campaign, and when. */
  participants: { campaignId: string; userId: string; joinedAt: number }[];
  posts: DemoPost[];
};

const bonusStatuses: readonly PostStatus[] = ["eligible-bonus", "expired-bonus", "paid-bonus"];

/** Deterministic, plausible metrics per demo post: bonus posts did best; a not-rewarded post scored nothing. */
export function demoMetrics(postId: string, status: PostStatus): PostMetrics {
  if (status === "not-rewarded") return { impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 };
  let hash = 0;
  for (const character of postId) hash = (hash * 31 + character.charCodeAt(0)) % 100_003;
  const impressions = (bonusStatuses.includes(status) ? 6_000 : 800) + (hash % 2_000);
  const likes = Math.floor(impressions / 40);
  return {
    impressions,
    likes,
    reposts: Math.floor(likes / 8),
    replies: Math.floor(likes / 5),
    quotes: Math.floor(likes / 20),
    bookmarks: Math.floor(likes / 6),
  };
}

export function demoWorld(now: number): DemoWorld {
  const partners = [
    {
      partner: buildPartner("aurora", now, { displayName: "Aurora", primaryColor: "#0f766e", accentColor: "#f472b6" }),
      hostnames: ["aurora.localhost"],
    },
    {
      partner: buildPartner("nimbus", now, { displayName: "Nimbus", primaryColor: "#1d4ed8", accentColor: "#facc15" }),
      hostnames: ["nimbus.localhost"],
    },
    {
      partner: buildPartner("acme", now, { displayName: "Acme Rewards", primaryColor: "#b91c1c", accentColor: "#111827" }),
      hostnames: ["acme.localhost"],
    },
  ];

  const aurora = buildAdvertiser("aurora", now, {
    name: "Aurora",
    tagline: "Wallets that light up the night.",
    websiteUrl: "https://aurora.example",
  });
  const nimbus = buildAdvertiser("nimbus", now, {
    name: "Nimbus",
    tagline: "Cloud storage for creators.",
    websiteUrl: "https://nimbus.example",
  });
  const lumen = buildAdvertiser("lumen", now, {
    name: "Lumen Labs",
    tagline: "Developer tools with a glow.",
    websiteUrl: "https://lumen.example",
  });

  const creators = ["ada_creates", "bytebard", "chloe_codes", "dev_dmitri", "eve_explains"].map((handle) =>
    buildUser(handle, now - 30 * DAY, { name: handle.replace(/_/g, " ") }),
  );
  const admin = buildUser("chorus_admin", now - 60 * DAY, { name: "Chorus Admin" });
  const advertiserMember = buildUser("lumen_marketing", now - 60 * DAY, { name: "Lumen Marketing" });
  // One owner per demo advertiser; sign in as one through the X emulator with `emulator_login` (README "Advertisers").
  const teams = [
    { user: buildUser("aurora_team", now - 60 * DAY, { name: "Aurora Team" }), advertiserId: aurora.id },
    { user: buildUser("nimbus_team", now - 60 * DAY, { name: "Nimbus Team" }), advertiserId: nimbus.id },
    { user: buildUser("lumen_team", now - 60 * DAY, { name: "Lumen Team" }), advertiserId: lumen.id },
  ];

  const campaignPlan: Array<{
    key: string;
    status: CampaignStatus;
    title: string;
    advertiserId: string;
    description: string;
    /** X unless said: Nimbus runs on X and Bluesky (docs/decisions/044-campaign-networks.md). */
    networks?: Network[];
  }> = [
    {
      key: "aurora-launch",
      status: "active",
      title: "Aurora wallet launch week",
      advertiserId: aurora.id,
      description:
        "Tell your followers what you like about the new **Aurora wallet**. Mention @aurora and use #AuroraWallet.\n\nRead the [launch notes](https://aurora.example/launch).",
    },
    {
      key: "nimbus-backup",
      status: "ending",
      title: "Back up your work with Nimbus",
      advertiserId: nimbus.id,
      description: "Share how you keep your drafts safe. Mention @nimbus and use #NimbusBackup.",
      networks: ["x", "bluesky"],
    },
    {
      key: "lumen-devtools",
      status: "inactive",
      title: "Lumen devtools preview",
      advertiserId: lumen.id,
      description: "Starts soon: show a trick you do with Lumen's devtools. Use #LumenTricks.",
    },
    {
      key: "aurora-summer",
      status: "evaluating",
      title: "Aurora summer of payments",
      advertiserId: aurora.id,
      description: "Posts are maturing; rewards are final once evaluation completes.",
    },
    {
      key: "nimbus-spring",
      status: "evaluated",
      title: "Nimbus spring cleaning",
      advertiserId: nimbus.id,
      description: "Finished: rewards have been credited to balances.",
    },
  ];
  const rulesByCampaign: Record<string, { mention: string; hashtag: string }> = {
    "aurora-launch": { mention: "@aurora", hashtag: "#AuroraWallet" },
    "nimbus-backup": { mention: "@nimbus", hashtag: "#NimbusBackup" },
    "lumen-devtools": { mention: "@lumenlabs", hashtag: "#LumenTricks" },
  };
  const campaigns = campaignPlan.map((plan) => {
    const rule = rulesByCampaign[plan.key];
    return buildCampaign(plan.key, { id: plan.advertiserId }, plan.status, now, {
      title: plan.title,
      description: plan.description,
      ...(plan.networks === undefined ? {} : { networks: plan.networks }),
      ...(rule === undefined
        ? {}
        : {
            rules: {
              requiredMentions: [rule.mention],
              requiredHashtags: [rule.hashtag],
              requiredLink: null,
              minImpressions: 100,
              maxPostsPerWeek: 3,
            },
          }),
    });
  });
  const suggestions = Object.entries(rulesByCampaign).flatMap(([key, rule]) => [
    {
      id: `suggestion-${key}-1`,
      campaignId: `campaign-${key}`,
      text: `Trying out ${rule.mention} this week and I'm impressed. ${rule.hashtag}`,
      position: 1,
    },
    {
      id: `suggestion-${key}-2`,
      campaignId: `campaign-${key}`,
      text: `Three things I learned from ${rule.mention} so far — a thread. ${rule.hashtag}`,
      position: 2,
    },
  ]);
  const inviteOnly = buildCampaign("lumen-insiders", lumen, "active", now, {
    title: "Lumen insiders",
    description: "An invite-only campaign for Lumen's early supporters.",
    visibility: "invite-only",
  });

  const postPlan: Array<{ campaignIndex: number; creatorIndex: number; status: PostStatus }> = [
    { campaignIndex: 0, creatorIndex: 0, status: "evaluating" },
    { campaignIndex: 0, creatorIndex: 1, status: "evaluating" },
    { campaignIndex: 1, creatorIndex: 0, status: "eligible" },
    { campaignIndex: 1, creatorIndex: 2, status: "eligible-bonus" },
    { campaignIndex: 1, creatorIndex: 3, status: "not-eligible" },
    { campaignIndex: 1, creatorIndex: 4, status: "deleted" },
    { campaignIndex: 3, creatorIndex: 0, status: "claimed" },
    { campaignIndex: 3, creatorIndex: 1, status: "expired" },
    { campaignIndex: 3, creatorIndex: 2, status: "expired-bonus" },
    { campaignIndex: 4, creatorIndex: 0, status: "paid" },
    { campaignIndex: 4, creatorIndex: 1, status: "rewarded" },
    { campaignIndex: 4, creatorIndex: 2, status: "not-rewarded" },
    { campaignIndex: 4, creatorIndex: 3, status: "paid-bonus" },
  ];
  const participants: DemoWorld["participants"] = [];
  const posts = postPlan.map((plan, index): DemoPost => {
    const campaign = campaigns[plan.campaignIndex];
    const creator = creators[plan.creatorIndex];
    if (campaign === undefined || creator === undefined) throw new Error(`Demo post ${index} refers to nothing`);
    participants.push({ campaignId: campaign.id, userId: creator.id, joinedAt: campaign.startsAt + HOUR });
    const post = buildPost(`demo-${index + 1}`, campaign, creator, plan.status, Math.min(now, campaign.endsAt), {
      content: `#ad Loving ${campaign.title}! #demo`,
    });
    const metrics = demoMetrics(post.id, plan.status);
    return {
      post,
      campaign,
      metrics,
      score: scoreOf(metrics, campaign.scoreWeights, post.network),
      maturedAt: plan.status === "evaluating" ? null : Math.min(now, post.postedAt + campaign.maturityHours * HOUR),
      bonus: bonusStatuses.includes(plan.status),
    };
  });

  return {
    partners,
    advertisers: [aurora, nimbus, lumen],
    users: [
      ...creators.map((user): DemoWorld["users"][number] => ({ user, roles: ["creator"] })),
      { user: admin, roles: ["admin"] },
      { user: advertiserMember, roles: [] },
      ...teams.map(({ user }): DemoWorld["users"][number] => ({ user, roles: ["creator"] })),
    ],
    advertiserMembers: [
      ...teams.map(({ user, advertiserId }) => ({
        advertiserId,
        userId: user.id,
        role: "owner" as const,
        invitedBy: null,
        createdAt: now - 60 * DAY,
      })),
      {
        advertiserId: lumen.id,
        userId: advertiserMember.id,
        role: "member",
        invitedBy: teams[2]?.user.id ?? null,
        createdAt: now - 30 * DAY,
      },
    ],
    campaigns: [...campaigns, inviteOnly],
    suggestions,
    invitation: {
      id: "invitation-lumen-insiders",
      publicToken: "invite-lumen-insiders",
      campaignId: inviteOnly.id,
      inviterUserId: null,
      inviterAdvertiserId: lumen.id,
      createdAt: now,
      expiresAt: null,
    },
    participants,
    posts,
  };
}
