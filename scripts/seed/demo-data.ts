import type { Clock } from "../../worker/clock.ts";
import { insertMemberStatement } from "../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../worker/db/advertisers.ts";
import { insertCampaignStatement, insertParticipantStatement } from "../../worker/db/campaigns.ts";
import { insertInvitationStatement } from "../../worker/db/invitations.ts";
import { insertNotificationStatement } from "../../worker/db/notifications.ts";
import { listPartners, replacePartnerStatements } from "../../worker/db/partners.ts";
import { claimEligiblePosts } from "../../worker/db/payout-confirmations.ts";
import { findPost } from "../../worker/db/posts.ts";
import { insertSuggestionStatement } from "../../worker/db/suggestions.ts";
import { insertUserStatements } from "../../worker/db/users.ts";
import { polledPostsStatements, publishedPostsStatements } from "./factories.ts";
import { seedDemoConversions, type CreatedDemoKey } from "./demo-conversions.ts";
import { seedDemoLedger } from "./demo-ledger.ts";
import { demoNotifications } from "./demo-notifications.ts";
import { demoWorld } from "./demo-world.ts";

/**
 * Writes the demo world of `npm start` (demo-world.ts) through the writers production uses: partners as an admin
 * saves them, the demo posts as the rewards engine takes them (published, tracked, polled, matured, moved to their
 * status; a claimed post matures eligible and is claimed by its creator's payout confirmation, which is remembered as
 * a real one is), the notifications, then the money (demo-ledger.ts). Fixed ids and `ON CONFLICT DO NOTHING` make a second
 * run keep what is there: a partner or post that exists is left as it is (an admin may have changed it since).
 * Last come the API keys, verified wallets and conversions (demo-conversions.ts): the keys made by this run are
 * returned, secrets included, for the caller to show once.
 */
export async function seedDemoData(db: D1Database, clock: Clock): Promise<CreatedDemoKey[]> {
  const now = clock.now();
  const world = demoWorld(now);

  const existingPartners = new Set((await listPartners(db)).map((partner) => partner.id));
  const stored = await Promise.all(world.posts.map(async (item) => (await findPost(db, item.post.id)) !== null));
  const newPosts = world.posts.filter((_, index) => stored[index] !== true);
  // Posts that have matured, written before the ones still evaluating: the scheduler tracks those itself.
  const matured = newPosts.filter((item) => item.maturedAt !== null);
  const evaluating = newPosts.filter((item) => item.maturedAt === null);
  const claimed = matured.filter((item) => item.post.status === "claimed");

  await db.batch([
    ...world.partners
      .filter(({ partner }) => !existingPartners.has(partner.id))
      .flatMap(({ partner, hostnames }) => replacePartnerStatements(db, partner, hostnames)),
    ...world.advertisers.map((advertiser) => insertAdvertiserStatement(db, advertiser)),
    ...world.users.flatMap(({ user, roles }) => insertUserStatements(db, user, roles)),
    ...world.advertiserMembers.map((member) => insertMemberStatement(db, member)),
    ...world.campaigns.map((campaign) => insertCampaignStatement(db, campaign)),
    ...world.suggestions.map((suggestion) => insertSuggestionStatement(db, suggestion)),
    insertInvitationStatement(db, world.invitation),
    ...world.participants.map((joined) => insertParticipantStatement(db, joined.campaignId, joined.userId, joined.joinedAt)),
    ...polledPostsStatements(
      db,
      matured.map((item) => ({
        post: item.post.status === "claimed" ? { ...item.post, status: "eligible" as const } : item.post,
        metrics: item.metrics,
        score: item.score,
        polledAt: item.maturedAt ?? now,
        maturedAt: item.maturedAt ?? now,
        bonus: item.bonus,
      })),
      now,
    ),
    ...publishedPostsStatements(
      db,
      evaluating.map((item) => item.post),
      now,
    ),
    ...demoNotifications(now).map((notification) => insertNotificationStatement(db, notification)),
  ]);
  for (const { post } of claimed) await claimEligiblePosts(db, { campaignId: post.campaignId, userId: post.userId, now });
  await seedDemoLedger(db, clock);
  return seedDemoConversions(db, clock);
}
