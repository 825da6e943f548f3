-- Issue 26: the advertiser reports read daily rollups per campaign instead of every post, metric, reward line and
-- conversion the advertiser ever had (docs/decisions/021-advertiser-reports.md, 033-bounded-statements.md). Each
-- table is kept by triggers in the same statement (so the same batch and transaction) as the write that changes it,
-- whoever makes it, and adds the change, never the total. `day` is the start of a UTC day in epoch ms.
--
-- What a post brings (to its campaign, on the day it was posted): counted while it is published (`x_post_id`) and
-- not deleted, with its metrics as they are now: 1 post, its impressions, engagement (likes + reposts + replies +
-- quotes + bookmarks), matured (1 once `matured_at` is set), eligible (matured with an eligible status), score.
-- Tracked posts are never deleted (only posts without an X id are), so no delete trigger is needed.
CREATE TABLE campaign_daily (
  campaign_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  posts INTEGER NOT NULL DEFAULT 0,
  impressions INTEGER NOT NULL DEFAULT 0,
  engagements INTEGER NOT NULL DEFAULT 0,
  matured_posts INTEGER NOT NULL DEFAULT 0,
  eligible_posts INTEGER NOT NULL DEFAULT 0,
  -- Rewards paid out of the campaign's weekly and bonus pools (the ledger's `reward` lines), in the smallest unit of
  -- the campaign's reward currency: its pools are only ever funded in that currency (worker/domain/ledger/funding.ts).
  spend INTEGER NOT NULL DEFAULT 0,
  -- Conversions attributed to the campaign, by the day they occurred, matched to a creator or not.
  conversions_matched INTEGER NOT NULL DEFAULT 0,
  conversions_unmatched INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day)
) WITHOUT ROWID;

-- Every conversion of the account (attributed to a campaign or not), by the day it occurred.
CREATE TABLE advertiser_daily (
  advertiser_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  conversions_matched INTEGER NOT NULL DEFAULT 0,
  conversions_unmatched INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (advertiser_id, day)
) WITHOUT ROWID;

-- A creator's posts in a campaign per posting day, for the reports' top creators.
CREATE TABLE campaign_creator_daily (
  campaign_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  posts INTEGER NOT NULL DEFAULT 0,
  score INTEGER NOT NULL DEFAULT 0,
  impressions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day, user_id)
) WITHOUT ROWID;

-- The conversions a creator brought an account (the converting user's inviter, else the owner of the verified
-- wallet), per campaign ('' for none) and day.
CREATE TABLE creator_conversions_daily (
  advertiser_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  conversions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (advertiser_id, user_id, day, campaign_id)
) WITHOUT ROWID;

-- Backfill, with the rules the reports read the base tables by until now.
INSERT INTO campaign_daily (campaign_id, day, posts, impressions, engagements, matured_posts, eligible_posts)
SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, COUNT(*), COALESCE(SUM(m.impressions), 0),
       COALESCE(SUM(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks), 0), COALESCE(SUM(m.matured_at IS NOT NULL), 0),
       COALESCE(SUM(m.matured_at IS NOT NULL AND p.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus')), 0)
FROM posts AS p LEFT JOIN post_metrics AS m ON m.post_id = p.id
WHERE p.status != 'deleted' AND p.x_post_id IS NOT NULL
GROUP BY p.campaign_id, p.posted_at / 86400000 * 86400000;

INSERT INTO campaign_daily (campaign_id, day, spend)
SELECT account.owner_id, line.created_at / 86400000 * 86400000, -SUM(line.amount)
FROM ledger_lines AS line JOIN ledger_accounts AS account ON account.id = line.account_id
WHERE line.entry_kind = 'reward' AND account.kind IN ('campaign-pool', 'campaign-bonus-pool')
GROUP BY account.owner_id, line.created_at / 86400000 * 86400000
ON CONFLICT (campaign_id, day) DO UPDATE SET spend = spend + excluded.spend;

INSERT INTO campaign_daily (campaign_id, day, conversions_matched, conversions_unmatched)
SELECT campaign_id, occurred_at / 86400000 * 86400000, SUM(matched_user_id IS NOT NULL), SUM(matched_user_id IS NULL)
FROM conversion_events WHERE campaign_id IS NOT NULL
GROUP BY campaign_id, occurred_at / 86400000 * 86400000
ON CONFLICT (campaign_id, day) DO UPDATE
  SET conversions_matched = conversions_matched + excluded.conversions_matched,
      conversions_unmatched = conversions_unmatched + excluded.conversions_unmatched;

INSERT INTO advertiser_daily (advertiser_id, day, conversions_matched, conversions_unmatched)
SELECT advertiser_id, occurred_at / 86400000 * 86400000, SUM(matched_user_id IS NOT NULL), SUM(matched_user_id IS NULL)
FROM conversion_events
GROUP BY advertiser_id, occurred_at / 86400000 * 86400000;

INSERT INTO campaign_creator_daily (campaign_id, day, user_id, posts, score, impressions)
SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, p.user_id, COUNT(*), COALESCE(SUM(m.score), 0), COALESCE(SUM(m.impressions), 0)
FROM posts AS p LEFT JOIN post_metrics AS m ON m.post_id = p.id
WHERE p.status != 'deleted' AND p.x_post_id IS NOT NULL
GROUP BY p.campaign_id, p.posted_at / 86400000 * 86400000, p.user_id;

INSERT INTO creator_conversions_daily (advertiser_id, user_id, campaign_id, day, conversions)
SELECT advertiser_id, COALESCE(inviter_user_id, matched_user_id), COALESCE(campaign_id, ''), occurred_at / 86400000 * 86400000, COUNT(*)
FROM conversion_events WHERE COALESCE(inviter_user_id, matched_user_id) IS NOT NULL
GROUP BY 1, 2, 3, 4;

-- Posts: what a post brings is taken away as it was and added as it is, whenever what decides it changes.
CREATE TRIGGER campaign_daily_on_post_insert AFTER INSERT ON posts
WHEN NEW.status != 'deleted' AND NEW.x_post_id IS NOT NULL
BEGIN
  INSERT INTO campaign_daily (campaign_id, day, posts, impressions, engagements, matured_posts, eligible_posts)
  SELECT NEW.campaign_id, NEW.posted_at / 86400000 * 86400000, 1, COALESCE(m.impressions, 0),
         COALESCE(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks, 0), m.matured_at IS NOT NULL,
         m.matured_at IS NOT NULL AND NEW.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus')
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id WHERE true
  ON CONFLICT (campaign_id, day) DO UPDATE SET posts = posts + excluded.posts, impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts;
  INSERT INTO campaign_creator_daily (campaign_id, day, user_id, posts, score, impressions)
  SELECT NEW.campaign_id, NEW.posted_at / 86400000 * 86400000, NEW.user_id, 1, COALESCE(m.score, 0), COALESCE(m.impressions, 0)
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id WHERE true
  ON CONFLICT (campaign_id, day, user_id) DO UPDATE SET posts = posts + excluded.posts, score = score + excluded.score,
    impressions = impressions + excluded.impressions;
END;

CREATE TRIGGER campaign_daily_on_post_update AFTER UPDATE OF status, x_post_id, posted_at, campaign_id, user_id ON posts
WHEN (OLD.status != 'deleted' AND OLD.x_post_id IS NOT NULL) OR (NEW.status != 'deleted' AND NEW.x_post_id IS NOT NULL)
BEGIN
  INSERT INTO campaign_daily (campaign_id, day, posts, impressions, engagements, matured_posts, eligible_posts)
  SELECT OLD.campaign_id, OLD.posted_at / 86400000 * 86400000, -1, -COALESCE(m.impressions, 0),
         -COALESCE(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks, 0), -(m.matured_at IS NOT NULL),
         -(m.matured_at IS NOT NULL AND OLD.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus'))
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = OLD.id
  WHERE OLD.status != 'deleted' AND OLD.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day) DO UPDATE SET posts = posts + excluded.posts, impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts;
  INSERT INTO campaign_daily (campaign_id, day, posts, impressions, engagements, matured_posts, eligible_posts)
  SELECT NEW.campaign_id, NEW.posted_at / 86400000 * 86400000, 1, COALESCE(m.impressions, 0),
         COALESCE(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks, 0), m.matured_at IS NOT NULL,
         m.matured_at IS NOT NULL AND NEW.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus')
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id
  WHERE NEW.status != 'deleted' AND NEW.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day) DO UPDATE SET posts = posts + excluded.posts, impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts;
  INSERT INTO campaign_creator_daily (campaign_id, day, user_id, posts, score, impressions)
  SELECT OLD.campaign_id, OLD.posted_at / 86400000 * 86400000, OLD.user_id, -1, -COALESCE(m.score, 0), -COALESCE(m.impressions, 0)
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = OLD.id
  WHERE OLD.status != 'deleted' AND OLD.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, user_id) DO UPDATE SET posts = posts + excluded.posts, score = score + excluded.score,
    impressions = impressions + excluded.impressions;
  INSERT INTO campaign_creator_daily (campaign_id, day, user_id, posts, score, impressions)
  SELECT NEW.campaign_id, NEW.posted_at / 86400000 * 86400000, NEW.user_id, 1, COALESCE(m.score, 0), COALESCE(m.impressions, 0)
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id
  WHERE NEW.status != 'deleted' AND NEW.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, user_id) DO UPDATE SET posts = posts + excluded.posts, score = score + excluded.score,
    impressions = impressions + excluded.impressions;
END;

-- Metrics: a counted post's new metrics add what changed.
CREATE TRIGGER campaign_daily_on_metrics_insert AFTER INSERT ON post_metrics
BEGIN
  INSERT INTO campaign_daily (campaign_id, day, impressions, engagements, matured_posts, eligible_posts)
  SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, NEW.impressions,
         NEW.likes + NEW.reposts + NEW.replies + NEW.quotes + NEW.bookmarks, NEW.matured_at IS NOT NULL,
         NEW.matured_at IS NOT NULL AND p.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus')
  FROM posts AS p WHERE p.id = NEW.post_id AND p.status != 'deleted' AND p.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day) DO UPDATE SET impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts;
  INSERT INTO campaign_creator_daily (campaign_id, day, user_id, score, impressions)
  SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, p.user_id, NEW.score, NEW.impressions
  FROM posts AS p WHERE p.id = NEW.post_id AND p.status != 'deleted' AND p.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, user_id) DO UPDATE SET score = score + excluded.score, impressions = impressions + excluded.impressions;
END;

CREATE TRIGGER campaign_daily_on_metrics_update
AFTER UPDATE OF impressions, likes, reposts, replies, quotes, bookmarks, score, matured_at ON post_metrics
WHEN NEW.impressions != OLD.impressions OR NEW.likes != OLD.likes OR NEW.reposts != OLD.reposts OR NEW.replies != OLD.replies
  OR NEW.quotes != OLD.quotes OR NEW.bookmarks != OLD.bookmarks OR NEW.score != OLD.score OR NEW.matured_at IS NOT OLD.matured_at
BEGIN
  INSERT INTO campaign_daily (campaign_id, day, impressions, engagements, matured_posts, eligible_posts)
  SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, NEW.impressions - OLD.impressions,
         (NEW.likes + NEW.reposts + NEW.replies + NEW.quotes + NEW.bookmarks) - (OLD.likes + OLD.reposts + OLD.replies + OLD.quotes + OLD.bookmarks),
         (NEW.matured_at IS NOT NULL) - (OLD.matured_at IS NOT NULL),
         ((NEW.matured_at IS NOT NULL) - (OLD.matured_at IS NOT NULL))
           * (p.status IN ('eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus'))
  FROM posts AS p WHERE p.id = NEW.post_id AND p.status != 'deleted' AND p.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day) DO UPDATE SET impressions = impressions + excluded.impressions,
    engagements = engagements + excluded.engagements, matured_posts = matured_posts + excluded.matured_posts,
    eligible_posts = eligible_posts + excluded.eligible_posts;
  INSERT INTO campaign_creator_daily (campaign_id, day, user_id, score, impressions)
  SELECT p.campaign_id, p.posted_at / 86400000 * 86400000, p.user_id, NEW.score - OLD.score, NEW.impressions - OLD.impressions
  FROM posts AS p WHERE p.id = NEW.post_id AND p.status != 'deleted' AND p.x_post_id IS NOT NULL
  ON CONFLICT (campaign_id, day, user_id) DO UPDATE SET score = score + excluded.score, impressions = impressions + excluded.impressions;
END;

-- Spend: a reward line out of a campaign's pool.
CREATE TRIGGER campaign_daily_on_reward_line AFTER INSERT ON ledger_lines
WHEN NEW.entry_kind = 'reward'
BEGIN
  INSERT INTO campaign_daily (campaign_id, day, spend)
  SELECT account.owner_id, NEW.created_at / 86400000 * 86400000, -NEW.amount
  FROM ledger_accounts AS account
  WHERE account.id = NEW.account_id AND account.kind IN ('campaign-pool', 'campaign-bonus-pool')
  ON CONFLICT (campaign_id, day) DO UPDATE SET spend = spend + excluded.spend;
END;

-- Conversions: stored unmatched, then matched by an UPDATE of the same batch (worker/db/conversions.ts).
CREATE TRIGGER campaign_daily_on_conversion_insert AFTER INSERT ON conversion_events
BEGIN
  INSERT INTO advertiser_daily (advertiser_id, day, conversions_matched, conversions_unmatched)
  VALUES (NEW.advertiser_id, NEW.occurred_at / 86400000 * 86400000, NEW.matched_user_id IS NOT NULL, NEW.matched_user_id IS NULL)
  ON CONFLICT (advertiser_id, day) DO UPDATE SET conversions_matched = conversions_matched + excluded.conversions_matched,
    conversions_unmatched = conversions_unmatched + excluded.conversions_unmatched;
  INSERT INTO campaign_daily (campaign_id, day, conversions_matched, conversions_unmatched)
  SELECT NEW.campaign_id, NEW.occurred_at / 86400000 * 86400000, NEW.matched_user_id IS NOT NULL, NEW.matched_user_id IS NULL
  WHERE NEW.campaign_id IS NOT NULL
  ON CONFLICT (campaign_id, day) DO UPDATE SET conversions_matched = conversions_matched + excluded.conversions_matched,
    conversions_unmatched = conversions_unmatched + excluded.conversions_unmatched;
  INSERT INTO creator_conversions_daily (advertiser_id, user_id, campaign_id, day, conversions)
  SELECT NEW.advertiser_id, COALESCE(NEW.inviter_user_id, NEW.matched_user_id), COALESCE(NEW.campaign_id, ''),
         NEW.occurred_at / 86400000 * 86400000, 1
  WHERE COALESCE(NEW.inviter_user_id, NEW.matched_user_id) IS NOT NULL
  ON CONFLICT (advertiser_id, user_id, day, campaign_id) DO UPDATE SET conversions = conversions + excluded.conversions;
END;

CREATE TRIGGER campaign_daily_on_conversion_update
AFTER UPDATE OF matched_user_id, campaign_id, inviter_user_id, occurred_at, advertiser_id ON conversion_events
BEGIN
  INSERT INTO advertiser_daily (advertiser_id, day, conversions_matched, conversions_unmatched)
  VALUES (OLD.advertiser_id, OLD.occurred_at / 86400000 * 86400000, -(OLD.matched_user_id IS NOT NULL), -(OLD.matched_user_id IS NULL)),
         (NEW.advertiser_id, NEW.occurred_at / 86400000 * 86400000, NEW.matched_user_id IS NOT NULL, NEW.matched_user_id IS NULL)
  ON CONFLICT (advertiser_id, day) DO UPDATE SET conversions_matched = conversions_matched + excluded.conversions_matched,
    conversions_unmatched = conversions_unmatched + excluded.conversions_unmatched;
  INSERT INTO campaign_daily (campaign_id, day, conversions_matched, conversions_unmatched)
  SELECT OLD.campaign_id, OLD.occurred_at / 86400000 * 86400000, -(OLD.matched_user_id IS NOT NULL), -(OLD.matched_user_id IS NULL)
  WHERE OLD.campaign_id IS NOT NULL
  ON CONFLICT (campaign_id, day) DO UPDATE SET conversions_matched = conversions_matched + excluded.conversions_matched,
    conversions_unmatched = conversions_unmatched + excluded.conversions_unmatched;
  INSERT INTO campaign_daily (campaign_id, day, conversions_matched, conversions_unmatched)
  SELECT NEW.campaign_id, NEW.occurred_at / 86400000 * 86400000, NEW.matched_user_id IS NOT NULL, NEW.matched_user_id IS NULL
  WHERE NEW.campaign_id IS NOT NULL
  ON CONFLICT (campaign_id, day) DO UPDATE SET conversions_matched = conversions_matched + excluded.conversions_matched,
    conversions_unmatched = conversions_unmatched + excluded.conversions_unmatched;
  INSERT INTO creator_conversions_daily (advertiser_id, user_id, campaign_id, day, conversions)
  SELECT OLD.advertiser_id, COALESCE(OLD.inviter_user_id, OLD.matched_user_id), COALESCE(OLD.campaign_id, ''),
         OLD.occurred_at / 86400000 * 86400000, -1
  WHERE COALESCE(OLD.inviter_user_id, OLD.matched_user_id) IS NOT NULL
  ON CONFLICT (advertiser_id, user_id, day, campaign_id) DO UPDATE SET conversions = conversions + excluded.conversions;
  INSERT INTO creator_conversions_daily (advertiser_id, user_id, campaign_id, day, conversions)
  SELECT NEW.advertiser_id, COALESCE(NEW.inviter_user_id, NEW.matched_user_id), COALESCE(NEW.campaign_id, ''),
         NEW.occurred_at / 86400000 * 86400000, 1
  WHERE COALESCE(NEW.inviter_user_id, NEW.matched_user_id) IS NOT NULL
  ON CONFLICT (advertiser_id, user_id, day, campaign_id) DO UPDATE SET conversions = conversions + excluded.conversions;
END;
