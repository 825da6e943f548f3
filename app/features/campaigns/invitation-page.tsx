import { lazy } from "react";
import type { InvitationPage as InvitationPageData } from "@contracts/pages.ts";
import { inviteeText } from "~/components/invitee-fields";
import { Markdown } from "~/components/markdown";
import { SignInButtons } from "~/components/sign-in";
import { StatusBadge } from "~/components/ui/status-badge";
import { useLandingViewed } from "~/lib/analytics/hooks";
import { AnalyticsScope } from "~/lib/analytics/scope";
import { useCurrentUser } from "~/lib/current-user";
import { formatAmount, formatDate } from "~/lib/format";
import { InteractiveSuspense } from "~/lib/interactive/interactive-suspense";
import { preloadLazyModule } from "~/lib/lazy-chunks";
import { useRootData } from "~/lib/root-data";
import "./campaigns.css";
import { Notice } from "~/components/ui/notice";

const InvitationJoinButton = lazy(() => import("./invitation-join-button"));

const unusable: Record<Exclude<InvitationPageData["state"], "ok">, string> = {
  expired: "This invitation has expired. Ask the advertiser for a new one.",
  revoked: "This invitation was withdrawn by the advertiser.",
  "used-up": "This invitation has been used as many times as it allows. Ask the advertiser for a new one.",
  "campaign-closed": "This invitation can no longer be used: the campaign has ended.",
};

/**
 * `/invitation/{publicToken}`: the campaign an invitation is for and, for a signed-in creator, Join (loaded on
 * demand); a visitor is asked to sign in, and an invitation that cannot be used says why. An invitation for one person
 * says whom (a handle on a network); whether that is the signed-in creator is the join's to say (their accounts on the
 * networks are not in the page's data).
 */
export function InvitationPage({ page }: { page: InvitationPageData }) {
  const user = useCurrentUser();
  const { campaign, inviter, invitationToken, state, inviteeHandle, inviteeNetwork } = page;
  const advertiserId = campaign.advertiserId;
  useLandingViewed({ advertiserId, campaignId: campaign.id });
  const nonce = useRootData()?.nonce;
  if (state === "ok" && user !== null) preloadLazyModule("app/features/campaigns/invitation-join-button.tsx", nonce);
  return (
    <section className="invitation">
      <p className="eyebrow">{`Invitation from ${inviter.name}`}</p>
      <h1>{campaign.title}</h1>
      <p className="muted">
        <StatusBadge status={campaign.status} />{" "}
        {`${campaign.advertiserName} · ${formatDate(campaign.startsAt)} – ${formatDate(campaign.endsAt)}`}
      </p>
      <p>{`Reward pool: ${formatAmount(campaign.weeklyPool, campaign.rewardCurrency)} every week.`}</p>
      {inviteeHandle !== null && inviteeNetwork !== null && state === "ok" ? (
        <p className="muted">{`This invitation is for ${inviteeText(inviteeHandle, inviteeNetwork)}.`}</p>
      ) : null}
      <Markdown source={campaign.description} className="prose" />
      <AnalyticsScope advertiserId={advertiserId} campaignId={campaign.id}>
        {state !== "ok" ? (
          <Notice tone="warning" announce="none">
            {unusable[state]}
          </Notice>
        ) : user === null ? (
          <SignInButtons
            trigger="invitation"
            label={(network) => `Sign in with ${network} to accept`}
            query={{ invite_id: invitationToken }}
          />
        ) : (
          <InteractiveSuspense>
            <InvitationJoinButton campaignId={campaign.id} invitationToken={invitationToken} />
          </InteractiveSuspense>
        )}
      </AnalyticsScope>
    </section>
  );
}
