-- A creator's posts per campaign and status (their standing, docs/decisions/028-page-cost.md). Without it, the
-- campaign page's count for one creator in one campaign searched posts_by_campaign and read every post of the
-- campaign (100,000 posts: 30 ms); with it the count reads only the creator's entries of this index.
CREATE INDEX posts_by_user_campaign ON posts (user_id, campaign_id, status);
