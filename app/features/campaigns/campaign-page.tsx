import { useEffect, type ReactNode } from "react";
import type { CampaignPage as CampaignPageData, PostSummary } from "@contracts/pages.ts";
import { shownHashtag, shownMention } from "@contracts/post-requirements.ts";
import { Markdown } from "~/components/markdown";
import { useCampaignSelection } from "~/lib/campaign-selection";
import { formatCount, formatPercent } from "~/lib/format";
import { CampaignFacts, CampaignHeading } from "./campaign-details";
import { JoinCampaignButton } from "./join-campaign-button";
import "./campaigns.css";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";

function Rules({ rules }: { rules: CampaignPageData["campaign"]["rules"] }) {
  const items = [
    ...rules.requiredMentions.map((mention) => `Mention ${shownMention(mention)}`),
    ...rules.requiredHashtags.map((tag) => `Use ${shownHashtag(tag)}`),
    ...(rules.requiredLink === null ? [] : [`Link to ${rules.requiredLink}`]),
    ...(rules.minImpressions > 0 ? [`Reach at least ${formatCount(rules.minImpressions)} views`] : []),
    `At most ${rules.maxPostsPerWeek} posts a week count`,
    "Post through Chorus after joining, while the campaign runs, and keep the post up until it matures",
  ];
  return (
    <ul className="rules">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * `/campaign/{id}`: the campaign, Join, its rules and suggested posts, and the creator's posts in it by week. What
 * other features show here comes from the route: `payout` (Confirm payout), `invite` (a joined creator's invitation
 * link and who joined through it), `renderPosts` (the post list) and `leaderboard` (the week's leaderboards).
 */
export function CampaignPage({
  page,
  payout,
  invite,
  renderPosts,
  leaderboard,
}: {
  page: CampaignPageData;
  payout: ReactNode;
  invite?: ReactNode;
  renderPosts: (posts: PostSummary[]) => ReactNode;
  leaderboard?: ReactNode;
}) {
  const { campaign, weeks, currentWeek, suggestions, standing, posts } = page;
  const selection = useCampaignSelection();
  const selectedWeek = selection.campaignId === campaign.id ? selection.campaignWeek : null;
  const { select } = selection;
  useEffect(() => {
    if (selection.campaignId !== campaign.id) select(campaign.id, null);
  }, [campaign.id, select, selection.campaignId]);

  const shownPosts = selectedWeek === null ? posts : posts.filter((post) => post.campaignWeek === selectedWeek);
  const eligible = (standing.byStatus.eligible ?? 0) + (standing.byStatus["eligible-bonus"] ?? 0);

  return (
    <article className="campaign-page">
      <CampaignHeading campaign={campaign}>
        {campaign.joined ? (
          <Notice>
            <p>
              You joined this campaign. Use <strong>New Post</strong> to write a post for it.
            </p>
          </Notice>
        ) : campaign.status === "evaluating" || campaign.status === "evaluated" ? (
          <Notice announce="none">This campaign has ended, so it can no longer be joined.</Notice>
        ) : (
          <JoinCampaignButton campaignId={campaign.id} />
        )}
      </CampaignHeading>

      {payout}

      {invite}

      <CampaignFacts campaign={campaign}>
        <div>
          <dt>Most one creator can earn</dt>
          <dd>{`${formatPercent(campaign.creatorCapBps / 10_000)} of a week`}</dd>
        </div>
      </CampaignFacts>

      <section aria-labelledby="about-campaign">
        <h2 id="about-campaign">About this campaign</h2>
        <Markdown source={campaign.description} className="prose" />
      </section>

      <section aria-labelledby="campaign-rules">
        <h2 id="campaign-rules">Rules</h2>
        <Rules rules={campaign.rules} />
        <p className="muted small">{`Posts mature ${campaign.maturityHours} hours after posting; then they are checked against these rules.`}</p>
      </section>

      {suggestions.length > 0 ? (
        <section aria-labelledby="suggested-posts">
          <h2 id="suggested-posts">Suggested posts</h2>
          <ul className="suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion.id} className="card">
                {suggestion.text}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="your-posts">
        <div className="section-heading">
          <h2 id="your-posts">Your posts</h2>
          {standing.posts > 0 ? <p className="muted">{`${formatPercent(eligible / standing.posts)} eligible so far`}</p> : null}
        </div>
        {weeks.length > 1 ? (
          <div className="week-selector" role="group" aria-label="Campaign week">
            <Button size="small" aria-pressed={selectedWeek === null} onClick={() => select(campaign.id, null)}>
              All weeks
            </Button>
            {weeks.map((week) => (
              <Button
                key={week.number}
                size="small"
                aria-pressed={selectedWeek === week.number}
                onClick={() => select(campaign.id, week.number)}
              >
                {`Week ${week.number}${week.number === currentWeek ? " (now)" : ""}`}
              </Button>
            ))}
          </div>
        ) : null}
        {shownPosts.length === 0 ? (
          <p className="empty-state">
            {campaign.joined ? "No posts here yet." : "Join the campaign, then post through Chorus: your posts show up here."}
          </p>
        ) : (
          renderPosts(shownPosts)
        )}
      </section>

      {leaderboard}
    </article>
  );
}
