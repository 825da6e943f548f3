import { DAY, HOUR, type Clock } from "../clock.ts";
import type { CampaignStatus, PostStatus } from "../contracts/vocabulary.ts";
import { insertAdvertiserStatement } from "./advertisers.ts";
import { insertCampaignStatement, insertParticipantStatement } from "./campaigns.ts";
import { seedDemoLedger } from "../domain/ledger/demo-ledger.ts";
import { demoNotifications } from "../domain/notifications/demo.ts";
import { insertInvitationStatement } from "./invitations.ts";
import { insertNotificationStatement } from "./notifications.ts";
import { insertSuggestionStatement } from "./suggestions.ts";
import { buildAdvertiser, buildCampaign, buildPartner, buildPost, buildUser } from "./factories.ts";
import { insertPartnerStatements } from "./partners.ts";
import { insertPostStatement } from "./posts.ts";
import { insertUserStatements } from "./users.ts";

/**
 * The demo world of `npm start`: three partner brands, three advertisers, a campaign in every status, creators and
 * a post in every status. Fixed ids and `ON CONFLICT DO NOTHING` make a second run keep what is there.
 */
export async function seedDemoData(db: D1Database, clock: Clock): Promise<void> {
  const now = clock.now();

  const partners = [
    { partner: buildPartner("aurora", now, { displayName: "Aurora", primaryColor: "#0f766e", accentColor: "#f472b6" }), hostnames: ["aurora.localhost"] },
    { partner: buildPartner("nimbus", now, { displayName: "Nimbus", primaryColor: "#1d4ed8", accentColor: "#facc15" }), hostnames: ["nimbus.localhost"] },
    { partner: buildPartner("acme", now, { displayName: "Acme Rewards", primaryColor: "#b91c1c", accentColor: "#111827" }), hostnames: ["acme.localhost"] },
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

  const campaignPlan: Array<{ key: string; status: CampaignStatus; title: string; advertiserId: string; description: string }> = [
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

  const statements: D1PreparedStatement[] = [
    ...partners.flatMap(({ partner, hostnames }) => insertPartnerStatements(db, partner, hostnames)),
    ...[aurora, nimbus, lumen].map((advertiser) => insertAdvertiserStatement(db, advertiser)),
    ...creators.flatMap((creator) => insertUserStatements(db, creator, ["creator"])),
    ...insertUserStatements(db, admin, ["admin"]),
    ...insertUserStatements(db, advertiserMember, ["advertiser"]),
    ...[...campaigns, inviteOnly].map((campaign) => insertCampaignStatement(db, campaign)),
    ...suggestions.map((suggestion) => insertSuggestionStatement(db, suggestion)),
    insertInvitationStatement(db, {
      id: "invitation-lumen-insiders",
      publicToken: "invite-lumen-insiders",
      campaignId: inviteOnly.id,
      inviterUserId: null,
      inviterAdvertiserId: lumen.id,
      createdAt: now,
      expiresAt: null,
    }),
  ];

  postPlan.forEach((plan, index) => {
    const campaign = campaigns[plan.campaignIndex];
    const creator = creators[plan.creatorIndex];
    if (campaign === undefined || creator === undefined) throw new Error(`Demo post ${index} refers to nothing`);
    statements.push(insertParticipantStatement(db, campaign.id, creator.id, campaign.startsAt + HOUR));
    statements.push(
      insertPostStatement(
        db,
        buildPost(`demo-${index + 1}`, campaign, creator, plan.status, Math.min(now, campaign.endsAt), {
          content: `Loving ${campaign.title}! #demo`,
        }),
      ),
    );
  });

  statements.push(...demoNotifications(now).map((notification) => insertNotificationStatement(db, notification)));
  await db.batch(statements);
  await seedDemoLedger(db, clock);
}
