import type { Capabilities } from "../capabilities.ts";
import type { ProfilePage } from "../contracts/pages.ts";
import { countJoinedCampaignsQuery } from "../db/memberships.ts";
import { postCountsByStatusQuery, postSummariesQuery } from "../db/posts.ts";
import { runBatch } from "../db/query.ts";
import { signupNetworkQuery } from "../db/users.ts";
import { AppError } from "../contracts/errors.ts";
import { balancesQuery } from "../domain/ledger/balances.ts";

/** `GET /v1/page/profile` and the profile page: the creator's stats across campaigns and their post history. */
export async function profilePage({ db, timings }: Pick<Capabilities, "db" | "timings">, userId: string): Promise<ProfilePage> {
  const [posts, counts, campaignsJoined, balances, handleNetwork] = await timings.measure("q-profile", () =>
    runBatch(db, [
      postSummariesQuery(db, userId, { limit: 100 }),
      postCountsByStatusQuery(db, userId),
      countJoinedCampaignsQuery(db, userId),
      balancesQuery(db, userId),
      signupNetworkQuery(db, userId),
    ]),
  );
  if (handleNetwork === null) throw new AppError(404, "not_found", "No such user.");
  return {
    handleNetwork,
    balances,
    stats: {
      campaignsJoined,
      posts: counts.reduce((sum, row) => sum + row.count, 0),
      byStatus: Object.fromEntries(counts.map((row) => [row.status, row.count])),
    },
    posts,
  };
}
