-- Issue 26: campaign health reads one row per live campaign, kept as metrics arrive, instead of summing every post
-- and metric of every live campaign each minute (docs/decisions/033-bounded-statements.md). Per campaign: the score
-- of its tracked posts not deleted, and how many of them X answered for at least once — what
-- `campaignPacingFacts` summed before. Triggers keep the row in the same statement as the change, whoever writes it.
-- Tracked posts are never deleted (only a post without an X id is, and only those are untracked), so no trigger
-- handles a deleted post_metrics row.
CREATE TABLE campaign_pacing (
  campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
  score INTEGER NOT NULL DEFAULT 0,
  polled INTEGER NOT NULL DEFAULT 0
);

INSERT INTO campaign_pacing (campaign_id, score, polled)
SELECT metrics.campaign_id, COALESCE(SUM(CASE WHEN posts.status != 'deleted' THEN metrics.score END), 0), COUNT(metrics.polled_at)
FROM post_metrics AS metrics JOIN posts ON posts.id = metrics.post_id
GROUP BY metrics.campaign_id;

CREATE TRIGGER campaign_pacing_on_tracking AFTER INSERT ON post_metrics
BEGIN
  INSERT INTO campaign_pacing (campaign_id, score, polled)
  SELECT NEW.campaign_id, CASE WHEN posts.status != 'deleted' THEN NEW.score ELSE 0 END, NEW.polled_at IS NOT NULL
  FROM posts WHERE posts.id = NEW.post_id
  ON CONFLICT (campaign_id) DO UPDATE SET score = score + excluded.score, polled = polled + excluded.polled;
END;

CREATE TRIGGER campaign_pacing_on_metrics AFTER UPDATE OF score, polled_at ON post_metrics
WHEN NEW.score != OLD.score OR (NEW.polled_at IS NULL) != (OLD.polled_at IS NULL)
BEGIN
  UPDATE campaign_pacing
  SET score = score + COALESCE((SELECT CASE WHEN posts.status != 'deleted' THEN NEW.score - OLD.score ELSE 0 END
                                FROM posts WHERE posts.id = NEW.post_id), 0),
      polled = polled + (NEW.polled_at IS NOT NULL) - (OLD.polled_at IS NOT NULL)
  WHERE campaign_id = NEW.campaign_id;
END;

CREATE TRIGGER campaign_pacing_on_deletion AFTER UPDATE OF status ON posts
WHEN (OLD.status = 'deleted') != (NEW.status = 'deleted')
BEGIN
  UPDATE campaign_pacing
  SET score = score + (CASE WHEN NEW.status = 'deleted' THEN -1 ELSE 1 END)
                      * COALESCE((SELECT score FROM post_metrics WHERE post_id = NEW.id), 0)
  WHERE campaign_id = NEW.campaign_id;
END;
