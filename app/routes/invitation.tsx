import { data } from "react-router";
import type { Route } from "./+types/invitation";
import { JoinCampaignButton } from "~/components/join-campaign-button";
import { Markdown } from "~/components/markdown";
import { SignInWithXButton } from "~/components/sign-in";
import { StatusBadge } from "~/components/status-badge";
import { useCurrentUser } from "~/lib/current-user";
import { formatAmount, formatDate } from "~/lib/format";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { invitationPage } from "../../worker/domain/campaigns/pages.ts";
import { AppError } from "../../worker/contracts/errors.ts";

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
  const { env, clock } = context.get(workerContext);
  try {
    return await invitationPage({ db: env.DB, clock }, params.publicToken);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const { campaign, inviter, invitationId, expired } = loaderData;
  return (
    <section className="invitation">
      <p className="eyebrow">{`Invitation from ${inviter.name}`}</p>
      <h1>{campaign.title}</h1>
      <p className="muted">
        <StatusBadge status={campaign.status} /> {`${campaign.advertiserName} · ${formatDate(campaign.startsAt)} – ${formatDate(campaign.endsAt)}`}
      </p>
      <p>{`Reward pool: ${formatAmount(campaign.weeklyPool, campaign.rewardCurrency)} every week.`}</p>
      <Markdown source={campaign.description} className="prose" />
      {expired ? (
        <p className="notice">This invitation can no longer be used: the campaign has ended or the invitation expired.</p>
      ) : user === null ? (
        <div className="actions">
          <SignInWithXButton label="Sign in with X to accept" query={{ invite_id: invitationId }} />
        </div>
      ) : (
        <JoinCampaignButton campaignId={campaign.id} invitationId={invitationId} />
      )}
    </section>
  );
}
