-- Issue 26: a post is tracked (its post_metrics row) in the batch that records its X id (`markPostPublished`), no
-- longer by a scheduler step that searched every post for untracked ones each minute
-- (docs/decisions/033-bounded-statements.md). Posts published before this change and not tracked yet are tracked
-- here, as that step would have done: first poll 15 minutes after posting (the rewards engine's FIRST_POLL_AFTER), or
-- at maturity if that comes first. A migration has no clock: the post's own updated_at stands in for "now".
INSERT INTO post_metrics (post_id, campaign_id, matures_at, next_poll_at, created_at, updated_at)
SELECT posts.id, posts.campaign_id, posts.posted_at + campaigns.maturity_hours * 3600000,
       MIN(posts.posted_at + 900000, posts.posted_at + campaigns.maturity_hours * 3600000), posts.updated_at, posts.updated_at
FROM posts JOIN campaigns ON campaigns.id = posts.campaign_id
WHERE posts.status = 'evaluating' AND posts.x_post_id IS NOT NULL
ON CONFLICT DO NOTHING;
