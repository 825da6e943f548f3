import { lazy } from "react";
import type { Route } from "./+types/advertiser-campaign";
import { askedLeaderboardWeek } from "@contracts/leaderboards.ts";
import { CampaignForm } from "~/features/advertiser-campaigns/campaign-form";
import { ReviewSettingsPanel } from "~/features/advertiser-review/review-settings-panel";
import { CommissionSettingsPanel } from "~/features/commissions/commission-settings-panel";
import { ReferralSettingsPanel } from "~/features/referrals/referral-settings-panel";
import { InteractiveSuspense } from "~/lib/interactive/interactive-suspense";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserCampaignPage } from "@loaders/advertiser-campaign.server.ts";

const LeaderboardSection = lazy(() => import("~/features/leaderboards/leaderboard-section"));

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData?.campaign ? `Edit ${loaderData.campaign.title}` : "Campaign", matches });

/** Members of the account only; a campaign of another account is "Page Not Found". */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const session = requireSession(context);
  const week = askedLeaderboardWeek(new URL(request.url).searchParams.get("week"));
  return pageData(() =>
    advertiserCampaignPage(context.get(workerContext).capabilities, session.userId, params.advertiserId, params.campaignId, week),
  );
}

export default function AdvertiserCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign, account } = loaderData;
  return (
    <>
      <CampaignForm key={campaign?.id ?? "new"} page={loaderData} />
      {campaign === null ? null : <ReferralSettingsPanel key={campaign.id} advertiserId={account.id} campaignId={campaign.id} />}
      {campaign === null ? null : <CommissionSettingsPanel key={campaign.id} advertiserId={account.id} campaignId={campaign.id} />}
      {campaign === null ? null : <ReviewSettingsPanel key={campaign.id} advertiserId={account.id} campaignId={campaign.id} />}
      {loaderData.leaderboards === null ? null : (
        <InteractiveSuspense>
          <LeaderboardSection leaderboards={loaderData.leaderboards} audience="console" />
        </InteractiveSuspense>
      )}
    </>
  );
}
