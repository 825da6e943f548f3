import type { Capabilities } from "../../capabilities.ts";
import type { ProfilePage } from "../../contracts/pages.ts";
import { countJoinedCampaigns } from "../../db/participants.ts";
import { countPostsOfUserByStatus, listPostSummaries } from "../../db/posts.ts";
import { balancesOf } from "../ledger/balances.ts";

/** `GET /v1/page/profile` and the profile page: the creator's stats across campaigns and their post history. */
export async function profilePage({ db }: Pick<Capabilities, "db">, userId: string): Promise<ProfilePage> {
  const [posts, counts, campaignsJoined, balances] = await Promise.all([
    listPostSummaries(db, userId, { limit: 100 }),
    countPostsOfUserByStatus(db, userId),
    countJoinedCampaigns(db, userId),
    balancesOf(db, userId),
  ]);
  return {
    balances,
    stats: {
      campaignsJoined,
      posts: counts.reduce((sum, row) => sum + row.count, 0),
      byStatus: Object.fromEntries(counts.map((row) => [row.status, row.count])),
    },
    posts,
  };
}
