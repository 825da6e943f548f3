import { lazy } from "react";
import type { Route } from "./+types/invitation";
import { Markdown } from "~/components/markdown";
import { useLandingViewed } from "~/lib/analytics/hooks";
import { AnalyticsScope } from "~/lib/analytics/scope";
import { SignInWithXButton } from "~/components/sign-in";
import { StatusBadge } from "~/components/status-badge";
import { useCurrentUser } from "~/lib/current-user";
import { InteractiveSuspense } from "~/lib/interactive/interactive-suspense";
import { preloadLazyModule } from "~/lib/lazy-chunks";
import { useRootData } from "~/lib/root-data";
import { formatAmount, formatDate } from "~/lib/format";
import { seo } from "~/lib/seo";
import { pageData } from "~/lib/page-data.server";
import { workerContext } from "~/worker-context";
import { invitationPage } from "../../worker/domain/pages/invitation.ts";

const InvitationJoinButton = lazy(() => import("~/components/invitation-join-button"));
import type { InvitationPage } from "../../worker/contracts/pages.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo({
    title: loaderData ? `You're invited: ${loaderData.campaign.title}` : "Invitation",
    description: loaderData ? `${loaderData.inviter.name} invites you to post about ${loaderData.campaign.title}.` : undefined,
    matches,
  }),
  { name: "robots", content: "noindex" },
];

/** Public: the invitation page is reachable by its token without signing in (same data as the API). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { capabilities } = context.get(workerContext);
  return pageData(() => invitationPage(capabilities, params.publicToken));
}

const unusable: Record<Exclude<InvitationPage["state"], "ok">, string> = {
  expired: "This invitation has expired. Ask the advertiser for a new one.",
  revoked: "This invitation was withdrawn by the advertiser.",
  "used-up": "This invitation has been used as many times as it allows. Ask the advertiser for a new one.",
  "campaign-closed": "This invitation can no longer be used: the campaign has ended.",
};

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const { campaign, inviter, invitationToken, state, xHandle } = loaderData;
  const forSomeoneElse = user !== null && xHandle !== null && user.twitterHandle.replace(/^@/, "").toLowerCase() !== xHandle.toLowerCase();
  const advertiserId = campaign.advertiserId;
  useLandingViewed({ advertiserId, campaignId: campaign.id });
  const nonce = useRootData()?.nonce;
  if (state === "ok" && user !== null && !forSomeoneElse) preloadLazyModule("app/components/invitation-join-button.tsx", nonce);
  return (
    <section className="invitation">
      <p className="eyebrow">{`Invitation from ${inviter.name}`}</p>
      <h1>{campaign.title}</h1>
      <p className="muted">
        <StatusBadge status={campaign.status} />{" "}
        {`${campaign.advertiserName} · ${formatDate(campaign.startsAt)} – ${formatDate(campaign.endsAt)}`}
      </p>
      <p>{`Reward pool: ${formatAmount(campaign.weeklyPool, campaign.rewardCurrency)} every week.`}</p>
      {xHandle !== null && state === "ok" ? <p className="muted">{`This invitation is for @${xHandle}.`}</p> : null}
      <Markdown source={campaign.description} className="prose" />
      <AnalyticsScope advertiserId={advertiserId} campaignId={campaign.id}>
        {state !== "ok" ? (
          <p className="notice">{unusable[state]}</p>
        ) : forSomeoneElse ? (
          <p className="notice">{`This invitation is for @${xHandle}, and you are signed in as @${user.twitterHandle.replace(/^@/, "")}.`}</p>
        ) : user === null ? (
          <div className="actions">
            <SignInWithXButton label="Sign in with X to accept" query={{ invite_id: invitationToken }} />
          </div>
        ) : (
          <InteractiveSuspense>
            <InvitationJoinButton campaignId={campaign.id} invitationToken={invitationToken} />
          </InteractiveSuspense>
        )}
      </AnalyticsScope>
    </section>
  );
}
