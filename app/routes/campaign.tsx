import { lazy } from "react";
import type { Route } from "./+types/campaign";
import { askedLeaderboardWeek } from "@contracts/leaderboards.ts";
import { CampaignPage } from "~/features/campaigns/campaign-page";
import { InviteCreatorsSection } from "~/features/creator-invitations/invite-creators-section";
import { PostList } from "~/features/posting/post-list";
import { ReferralLinkSection } from "~/features/referrals/referral-link-section";
import { ConfirmPayoutButton } from "~/features/rewards/confirm-payout-button";
import { InteractiveSuspense } from "~/lib/interactive/interactive-suspense";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { pageData } from "~/lib/page-data.server";
import { workerContext } from "~/worker-context";
import { campaignPage } from "@loaders/campaign.server.ts";

// On demand, and not named in the page's HTML: the campaign page's first load does not carry the leaderboard
// (e2e/first-load-budgets.spec.ts); the server renders it, and it hydrates once its chunk is in.
const LeaderboardSection = lazy(() => import("~/features/leaderboards/leaderboard-section"));

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData?.campaign.title ?? "Campaign", image: loaderData?.campaign.imageUrl, matches });

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { capabilities } = context.get(workerContext);
  const url = new URL(request.url);
  const week = askedLeaderboardWeek(url.searchParams.get("week"));
  return pageData(() => campaignPage(capabilities, session.userId, params.campaignId, url.origin, week));
}

export default function Campaign({ loaderData }: Route.ComponentProps) {
  const { campaign, standing } = loaderData;
  return (
    <CampaignPage
      page={loaderData}
      // Mounted whatever the count: once confirmed, the revalidated page has none left, and the confirmation stays
      // (until another campaign is opened).
      payout={<ConfirmPayoutButton key={campaign.id} campaignId={campaign.id} claimable={standing.claimable} />}
      invite={
        campaign.joined && campaign.status !== "evaluating" && campaign.status !== "evaluated" ? (
          <>
            {loaderData.referral === null ? null : <ReferralLinkSection referral={loaderData.referral} />}
            <InviteCreatorsSection campaignId={campaign.id} />
          </>
        ) : null
      }
      renderPosts={(posts) => <PostList posts={posts} showCampaign={false} />}
      leaderboard={
        <InteractiveSuspense>
          <LeaderboardSection leaderboards={loaderData.leaderboards} audience="public" />
        </InteractiveSuspense>
      }
    />
  );
}
