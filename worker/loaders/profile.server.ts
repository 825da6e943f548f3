import type { Capabilities } from "../capabilities.ts";
import type { ProfilePage } from "../contracts/pages.ts";
import { countJoinedCampaignsQuery, postedCampaignsQuery } from "../db/memberships.ts";
import { postCountsByStatusQuery } from "../db/creator-post-counts.ts";
import { latestPostsIn } from "./shared/campaign-cards.server.ts";
import { runBatch } from "../db/query.ts";
import { signupNetworkQuery } from "../db/users.ts";
import { AppError } from "../contracts/errors.ts";
import { balancesQuery } from "../domain/ledger/balances.ts";

/** How many of the campaigns a creator posted in the profile lists. */
const POSTED_CAMPAIGNS_LIMIT = 50;

/** How many posts of the campaign posted in last the profile shows. */
const POSTS_LIMIT = 100;

/**
 * `GET /v1/page/profile` and the profile page: the creator's stats across campaigns (the catalog), the campaigns they
 * posted in, and their posts in the one posted in last (its campaign's store): two round trips.
 */
export async function profilePage({ db, timings }: Pick<Capabilities, "db" | "timings">, userId: string): Promise<ProfilePage> {
  const [postedCampaigns, counts, campaignsJoined, balances, handleNetwork] = await timings.measure("q-profile", () =>
    runBatch(db, [
      postedCampaignsQuery(db, userId, POSTED_CAMPAIGNS_LIMIT),
      postCountsByStatusQuery(db, userId),
      countJoinedCampaignsQuery(db, userId),
      balancesQuery(db, userId),
      signupNetworkQuery(db, userId),
    ]),
  );
  if (handleNetwork === null) throw new AppError(404, "not_found", "No such user.");
  const posts = await latestPostsIn({ db, timings }, userId, postedCampaigns[0], POSTS_LIMIT, "q-profile-posts");
  return {
    handleNetwork,
    balances,
    stats: {
      campaignsJoined,
      posts: counts.reduce((sum, row) => sum + row.count, 0),
      byStatus: Object.fromEntries(counts.map((row) => [row.status, row.count])),
    },
    postedCampaigns: postedCampaigns.map(({ campaignId, title, posts: count }) => ({ campaignId, title, posts: count })),
    posts,
  };
}
