-- Issue 27, item 2: what a campaign has cost in X API calls, for its report (docs/decisions/046-leaderboards.md). The
-- calls X bills that Chorus makes for a campaign are counted as they happen, by triggers on the rows those calls
-- write: a post created on X (its X id is recorded), whether it carried a link (X's dearer rate), and each post read
-- back by metric polling (`post_metrics.polls`, successful reads). The report prices them at the configured rates.
-- Only posts on X count (posts.network, migration 0051): reading Bluesky costs nothing.

-- Whether the post's text holds a link X recognises (worker/contracts/networks/x/text.ts `findXUrls`), written with the
-- post (worker/db/posts.ts). Posts from before this migration: a link with a scheme.
ALTER TABLE posts ADD COLUMN carries_url INTEGER NOT NULL DEFAULT 0 CHECK (carries_url IN (0, 1));
UPDATE posts SET carries_url = 1 WHERE instr(content, 'http://') > 0 OR instr(content, 'https://') > 0;

CREATE TABLE campaign_x_api_usage (
  campaign_id TEXT PRIMARY KEY,
  posts_created INTEGER NOT NULL DEFAULT 0,
  posts_with_url INTEGER NOT NULL DEFAULT 0,
  post_reads INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- Backfill: every post X gave an id (deleted ones too: creating them was billed) and every successful poll so far.
INSERT INTO campaign_x_api_usage (campaign_id, posts_created, posts_with_url, post_reads)
SELECT p.campaign_id, COUNT(*), SUM(p.carries_url), COALESCE(SUM(m.polls), 0)
FROM posts AS p LEFT JOIN post_metrics AS m ON m.post_id = p.id
WHERE p.x_post_id IS NOT NULL AND p.network = 'x'
GROUP BY p.campaign_id;

CREATE TRIGGER campaign_x_api_usage_on_post_insert AFTER INSERT ON posts
WHEN NEW.x_post_id IS NOT NULL AND NEW.network = 'x'
BEGIN
  INSERT INTO campaign_x_api_usage (campaign_id, posts_created, posts_with_url) VALUES (NEW.campaign_id, 1, NEW.carries_url)
  ON CONFLICT (campaign_id) DO UPDATE SET posts_created = posts_created + 1, posts_with_url = posts_with_url + excluded.posts_with_url;
END;

-- A reservation becomes a post on X when its X id is recorded (worker/db/posts.ts `markPostPublished`).
CREATE TRIGGER campaign_x_api_usage_on_post_published AFTER UPDATE OF x_post_id ON posts
WHEN OLD.x_post_id IS NULL AND NEW.x_post_id IS NOT NULL AND NEW.network = 'x'
BEGIN
  INSERT INTO campaign_x_api_usage (campaign_id, posts_created, posts_with_url) VALUES (NEW.campaign_id, 1, NEW.carries_url)
  ON CONFLICT (campaign_id) DO UPDATE SET posts_created = posts_created + 1, posts_with_url = posts_with_url + excluded.posts_with_url;
END;

CREATE TRIGGER campaign_x_api_usage_on_metrics_insert AFTER INSERT ON post_metrics
WHEN NEW.polls > 0 AND (SELECT network FROM posts WHERE id = NEW.post_id) = 'x'
BEGIN
  INSERT INTO campaign_x_api_usage (campaign_id, post_reads) VALUES (NEW.campaign_id, NEW.polls)
  ON CONFLICT (campaign_id) DO UPDATE SET post_reads = post_reads + excluded.post_reads;
END;

CREATE TRIGGER campaign_x_api_usage_on_poll AFTER UPDATE OF polls ON post_metrics
WHEN NEW.polls > OLD.polls AND (SELECT network FROM posts WHERE id = NEW.post_id) = 'x'
BEGIN
  INSERT INTO campaign_x_api_usage (campaign_id, post_reads) VALUES (NEW.campaign_id, NEW.polls - OLD.polls)
  ON CONFLICT (campaign_id) DO UPDATE SET post_reads = post_reads + excluded.post_reads;
END;
