-- Issue 28, item 7: leaderboards per campaign week (docs/decisions/046-leaderboards.md). A creator's standing in one
-- week of one campaign is kept as posts, metrics and conversions are written, by triggers in the same statement as the
-- write (as the report rollups of migration 0029), so the page reads the top rows of one week by an index instead of
-- adding up posts and conversions when it is shown. Each trigger adds the change, never the total.
--
-- Score: the scores of the creator's published posts of that campaign week (`posts.campaign_week`) that are not deleted
-- and not found ineligible, as their metrics are now. Conversions: the events attributed to the campaign whose creator
-- is known (`inviter_user_id`: the click's or customer's creator, or the inviter of the converting user; decision 043),
-- in the campaign week they occurred (before the start counts for week 1, after the end for the last week).
CREATE TABLE campaign_week_standings (
  campaign_id TEXT NOT NULL,
  week INTEGER NOT NULL,
  user_id TEXT NOT NULL,
  score INTEGER NOT NULL DEFAULT 0,
  posts INTEGER NOT NULL DEFAULT 0,
  conversions INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, week, user_id)
) WITHOUT ROWID;
-- The two boards: the top N of one week is the first N entries of one of these.
CREATE INDEX campaign_week_standings_by_score ON campaign_week_standings (campaign_id, week, score DESC, user_id);
CREATE INDEX campaign_week_standings_by_conversions ON campaign_week_standings (campaign_id, week, conversions DESC, user_id);

-- A creator's choice (settings): shown as "A creator" on the boards other creators see.
ALTER TABLE users ADD COLUMN leaderboard_hidden INTEGER NOT NULL DEFAULT 0 CHECK (leaderboard_hidden IN (0, 1));

-- Backfill, by the rules above.
INSERT INTO campaign_week_standings (campaign_id, week, user_id, score, posts)
SELECT p.campaign_id, p.campaign_week, p.user_id, COALESCE(SUM(m.score), 0), COUNT(*)
FROM posts AS p LEFT JOIN post_metrics AS m ON m.post_id = p.id
WHERE p.x_post_id IS NOT NULL AND p.status NOT IN ('deleted', 'not-eligible')
GROUP BY p.campaign_id, p.campaign_week, p.user_id;

INSERT INTO campaign_week_standings (campaign_id, week, user_id, conversions)
SELECT e.campaign_id,
  MIN(MAX(1, (e.occurred_at - c.starts_at) / 604800000 + 1), MAX(1, (c.ends_at - c.starts_at + 604799999) / 604800000)),
  e.inviter_user_id, COUNT(*)
FROM conversion_events AS e JOIN campaigns AS c ON c.id = e.campaign_id
WHERE e.campaign_id IS NOT NULL AND e.inviter_user_id IS NOT NULL
GROUP BY 1, 2, 3
ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET conversions = conversions + excluded.conversions;

-- Posts: a post counts while published and neither deleted nor ineligible; its week, campaign and creator decide where.
CREATE TRIGGER campaign_week_standings_on_post_insert AFTER INSERT ON posts
WHEN NEW.x_post_id IS NOT NULL AND NEW.status NOT IN ('deleted', 'not-eligible')
BEGIN
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, score, posts)
  SELECT NEW.campaign_id, NEW.campaign_week, NEW.user_id, COALESCE(m.score, 0), 1
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id WHERE true
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET score = score + excluded.score, posts = posts + excluded.posts;
END;

-- Only when whether it counts, or where, changes: the evaluation's status steps between counted statuses write nothing.
CREATE TRIGGER campaign_week_standings_on_post_update AFTER UPDATE OF status, x_post_id, campaign_id, campaign_week, user_id ON posts
WHEN ((OLD.x_post_id IS NOT NULL AND OLD.status NOT IN ('deleted', 'not-eligible'))
       != (NEW.x_post_id IS NOT NULL AND NEW.status NOT IN ('deleted', 'not-eligible')))
  OR ((NEW.x_post_id IS NOT NULL AND NEW.status NOT IN ('deleted', 'not-eligible'))
      AND (OLD.campaign_id != NEW.campaign_id OR OLD.campaign_week != NEW.campaign_week OR OLD.user_id != NEW.user_id))
BEGIN
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, score, posts)
  SELECT OLD.campaign_id, OLD.campaign_week, OLD.user_id, -COALESCE(m.score, 0), -1
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = OLD.id
  WHERE OLD.x_post_id IS NOT NULL AND OLD.status NOT IN ('deleted', 'not-eligible')
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET score = score + excluded.score, posts = posts + excluded.posts;
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, score, posts)
  SELECT NEW.campaign_id, NEW.campaign_week, NEW.user_id, COALESCE(m.score, 0), 1
  FROM (SELECT 1) AS one LEFT JOIN post_metrics AS m ON m.post_id = NEW.id
  WHERE NEW.x_post_id IS NOT NULL AND NEW.status NOT IN ('deleted', 'not-eligible')
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET score = score + excluded.score, posts = posts + excluded.posts;
END;

-- Metrics: a counted post's score as it is now (polls, maturity).
CREATE TRIGGER campaign_week_standings_on_metrics_insert AFTER INSERT ON post_metrics
WHEN NEW.score != 0
BEGIN
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, score)
  SELECT p.campaign_id, p.campaign_week, p.user_id, NEW.score
  FROM posts AS p WHERE p.id = NEW.post_id AND p.x_post_id IS NOT NULL AND p.status NOT IN ('deleted', 'not-eligible')
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET score = score + excluded.score;
END;

CREATE TRIGGER campaign_week_standings_on_metrics_update AFTER UPDATE OF score ON post_metrics
WHEN NEW.score != OLD.score
BEGIN
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, score)
  SELECT p.campaign_id, p.campaign_week, p.user_id, NEW.score - OLD.score
  FROM posts AS p WHERE p.id = NEW.post_id AND p.x_post_id IS NOT NULL AND p.status NOT IN ('deleted', 'not-eligible')
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET score = score + excluded.score;
END;

-- Conversions: stored, then attributed by an UPDATE of the same batch (worker/db/conversions.ts), or attributed as
-- stored (a click or a customer id, worker/domain/conversions/credit.ts).
CREATE TRIGGER campaign_week_standings_on_conversion_insert AFTER INSERT ON conversion_events
WHEN NEW.campaign_id IS NOT NULL AND NEW.inviter_user_id IS NOT NULL
BEGIN
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, conversions)
  SELECT c.id, MIN(MAX(1, (NEW.occurred_at - c.starts_at) / 604800000 + 1), MAX(1, (c.ends_at - c.starts_at + 604799999) / 604800000)),
    NEW.inviter_user_id, 1
  FROM campaigns AS c WHERE c.id = NEW.campaign_id
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET conversions = conversions + excluded.conversions;
END;

CREATE TRIGGER campaign_week_standings_on_conversion_update AFTER UPDATE OF campaign_id, inviter_user_id, occurred_at ON conversion_events
WHEN OLD.campaign_id IS NOT NEW.campaign_id OR OLD.inviter_user_id IS NOT NEW.inviter_user_id OR OLD.occurred_at != NEW.occurred_at
BEGIN
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, conversions)
  SELECT c.id, MIN(MAX(1, (OLD.occurred_at - c.starts_at) / 604800000 + 1), MAX(1, (c.ends_at - c.starts_at + 604799999) / 604800000)),
    OLD.inviter_user_id, -1
  FROM campaigns AS c WHERE c.id = OLD.campaign_id AND OLD.inviter_user_id IS NOT NULL
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET conversions = conversions + excluded.conversions;
  INSERT INTO campaign_week_standings (campaign_id, week, user_id, conversions)
  SELECT c.id, MIN(MAX(1, (NEW.occurred_at - c.starts_at) / 604800000 + 1), MAX(1, (c.ends_at - c.starts_at + 604799999) / 604800000)),
    NEW.inviter_user_id, 1
  FROM campaigns AS c WHERE c.id = NEW.campaign_id AND NEW.inviter_user_id IS NOT NULL
  ON CONFLICT (campaign_id, week, user_id) DO UPDATE SET conversions = conversions + excluded.conversions;
END;
