-- Issue 27: the advertiser reports say which network each post is on (docs/decisions/049-reports-by-network.md). A
-- sibling of campaign_daily (migration 0029) keyed by network too, kept by triggers the same way: in the statement
-- that writes the post, its metrics or its reward, adding the change, never the total. `day` is the post's posting day
-- (the start of a UTC day, epoch ms). Spend and conversions stay in campaign_daily only: a ledger line and a
-- conversion belong to a campaign, not to a post, so they have no network.
--
-- What a post brings (to its campaign, its network and its posting day), while it is published (`x_post_id`) and
-- not deleted: 1 post, its impressions, engagement (likes + reposts + replies + quotes + bookmarks), matured (1 once
-- `matured_at` is set), eligible (matured with an eligible status), and the rewards it earned: its `post_rewards`
-- shares (pool and bonus) once its creator has them (`rewarded`, `paid`, `paid-bonus`; a post held for review is
-- `claimed` until approved, and a rejected one is `not-rewarded`), in the smallest unit of the campaign's currency.
CREATE TABLE campaign_network_daily (
  campaign_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  network TEXT NOT NULL,
  posts INTEGER NOT NULL DEFAULT 0,
  impressions INTEGER NOT NULL DEFAULT 0,
  engagements INTEGER NOT NULL DEFAULT 0,
  matured_posts INTEGER NOT NULL DEFAULT 0,
  eligible_posts INTEGER NOT NULL DEFAULT 0,
  rewards INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day, network)
) WITHOUT ROWID;

-- Backfill: every counted post on its own network (posts before migration 0051 are X, its column's default).
INSERT INTO campaign_network_daily (campaign_id, day, network, posts, impressions, engagements, matured_posts, eligible_posts, rewards)
SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, p.network, COUNT(*), COALESCE(SUM(m.impressions), 0),
       COALESCE(SUM(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks), 0), COALESCE(SUM(m.matured_at IS NOT NULL), 0),
       COALESCE(SUM(m.matured_at IS NOT NULL AND p.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus')), 0),
       COALESCE(SUM(CASE WHEN p.status IN ('rewarded', 'paid', 'paid-bonus') THEN r.pool_amount + r.bonus_amount END), 0)
FROM posts AS p LEFT JOIN post_metrics AS m ON m.post_id = p.id LEFT JOIN post_rewards AS r ON r.post_id = p.id
WHERE p.status != 'deleted' AND p.x_post_id IS NOT NULL
GROUP BY p.campaign_id, p.posted_at / 86400000 * 86400000, p.network;

-- Posts: what a post brings is taken away as it was and added as it is, whenever what decides it changes.
CREATE TRIGGER campaign_network_daily_on_post_insert AFTER INSERT ON posts
WHEN NEW.status != 'deleted' AND NEW.x_post_id IS NOT NULL
BEGIN
  INSERT INTO campaign_network_daily (campaign_id, day, network, posts, impressions, engagements, matured_posts, eligible_posts, rewards)
  SELECT NEW.campaign_id, NEW.posted_at / 86400000 * 86400000, NEW.network, 1, COALESCE(m.impressions, 0),
         COALESCE(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks, 0), m.matured_at IS NOT NULL,
         m.matured_at IS NOT NULL AND NEW.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus'),
         CASE WHEN NEW.status IN ('rewarded', 'paid', 'paid-bonus') THEN COALESCE(r.pool_amount + r.bonus_amount, 0) ELSE 0 END
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id LEFT JOIN post_rewards AS r ON r.post_id = NEW.id WHERE true
  ON CONFLICT (campaign_id, day, network) DO UPDATE SET posts = posts + excluded.posts, impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts, rewards = rewards + excluded.rewards;
END;

CREATE TRIGGER campaign_network_daily_on_post_update AFTER UPDATE OF status, x_post_id, posted_at, campaign_id, network ON posts
WHEN (OLD.status != 'deleted' AND OLD.x_post_id IS NOT NULL) OR (NEW.status != 'deleted' AND NEW.x_post_id IS NOT NULL)
BEGIN
  INSERT INTO campaign_network_daily (campaign_id, day, network, posts, impressions, engagements, matured_posts, eligible_posts, rewards)
  SELECT OLD.campaign_id, OLD.posted_at / 86400000 * 86400000, OLD.network, -1, -COALESCE(m.impressions, 0),
         -COALESCE(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks, 0), -(m.matured_at IS NOT NULL),
         -(m.matured_at IS NOT NULL AND OLD.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus')),
         CASE WHEN OLD.status IN ('rewarded', 'paid', 'paid-bonus') THEN -COALESCE(r.pool_amount + r.bonus_amount, 0) ELSE 0 END
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = OLD.id LEFT JOIN post_rewards AS r ON r.post_id = OLD.id
  WHERE OLD.status != 'deleted' AND OLD.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, network) DO UPDATE SET posts = posts + excluded.posts, impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts, rewards = rewards + excluded.rewards;
  INSERT INTO campaign_network_daily (campaign_id, day, network, posts, impressions, engagements, matured_posts, eligible_posts, rewards)
  SELECT NEW.campaign_id, NEW.posted_at / 86400000 * 86400000, NEW.network, 1, COALESCE(m.impressions, 0),
         COALESCE(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks, 0), m.matured_at IS NOT NULL,
         m.matured_at IS NOT NULL AND NEW.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus'),
         CASE WHEN NEW.status IN ('rewarded', 'paid', 'paid-bonus') THEN COALESCE(r.pool_amount + r.bonus_amount, 0) ELSE 0 END
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id LEFT JOIN post_rewards AS r ON r.post_id = NEW.id
  WHERE NEW.status != 'deleted' AND NEW.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, network) DO UPDATE SET posts = posts + excluded.posts, impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts, rewards = rewards + excluded.rewards;
END;

-- Metrics: a counted post's new metrics add what changed.
CREATE TRIGGER campaign_network_daily_on_metrics_insert AFTER INSERT ON post_metrics
BEGIN
  INSERT INTO campaign_network_daily (campaign_id, day, network, impressions, engagements, matured_posts, eligible_posts)
  SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, p.network, NEW.impressions,
         NEW.likes + NEW.reposts + NEW.replies + NEW.quotes + NEW.bookmarks, NEW.matured_at IS NOT NULL,
         NEW.matured_at IS NOT NULL AND p.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus')
  FROM posts AS p WHERE p.id = NEW.post_id AND p.status != 'deleted' AND p.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, network) DO UPDATE SET impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts;
END;

CREATE TRIGGER campaign_network_daily_on_metrics_update
AFTER UPDATE OF impressions, likes, reposts, replies, quotes, bookmarks, matured_at ON post_metrics
WHEN NEW.impressions != OLD.impressions OR NEW.likes != OLD.likes OR NEW.reposts != OLD.reposts OR NEW.replies != OLD.replies
  OR NEW.quotes != OLD.quotes OR NEW.bookmarks != OLD.bookmarks OR NEW.matured_at IS NOT OLD.matured_at
BEGIN
  INSERT INTO campaign_network_daily (campaign_id, day, network, impressions, engagements, matured_posts, eligible_posts)
  SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, p.network, NEW.impressions - OLD.impressions,
         (NEW.likes + NEW.reposts + NEW.replies + NEW.quotes + NEW.bookmarks) - (OLD.likes + OLD.reposts + OLD.replies + OLD.quotes + OLD.bookmarks),
         (NEW.matured_at IS NOT NULL) - (OLD.matured_at IS NOT NULL),
         ((NEW.matured_at IS NOT NULL) - (OLD.matured_at IS NOT NULL))
           * (p.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus'))
  FROM posts AS p WHERE p.id = NEW.post_id AND p.status != 'deleted' AND p.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, network) DO UPDATE SET impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts;
END;

-- Rewards: a post's reward row (written once, in the batch that pays or holds it) counts once its creator has it.
CREATE TRIGGER campaign_network_daily_on_post_reward AFTER INSERT ON post_rewards
BEGIN
  INSERT INTO campaign_network_daily (campaign_id, day, network, rewards)
  SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, p.network, NEW.pool_amount + NEW.bonus_amount
  FROM posts AS p
  WHERE p.id = NEW.post_id AND p.status IN ('rewarded', 'paid', 'paid-bonus') AND p.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, network) DO UPDATE SET rewards = rewards + excluded.rewards;
END;
