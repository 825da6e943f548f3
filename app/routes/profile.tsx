import type { Route } from "./+types/profile";
import { PostList } from "~/features/posting/post-list";
import { ProfilePage } from "~/features/profile/profile-page";
import { BalanceSummary } from "~/features/withdrawals/balance-summary";
import { WithdrawalHistory } from "~/features/withdrawals/withdrawal-history";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { profilePage } from "@loaders/profile.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Profile", matches });

/** Server-rendered from the same function as `GET /v1/page/profile`. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  return profilePage(context.get(workerContext).capabilities, session.userId);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <ProfilePage
      page={loaderData}
      money={
        <>
          <BalanceSummary balances={loaderData.balances} />
          <WithdrawalHistory />
        </>
      }
      renderPosts={(posts) => <PostList posts={posts} showCampaign={false} />}
    />
  );
}
