-- Issue 36 (docs/decisions/039-a-million-creators.md, "The catalog's memberships"): when a creator last posted in each
-- campaign they joined. The dashboard and the profile show the posts of the campaign posted in last (one campaign's
-- posts: one campaign object, once posts move there) and list the others from here. Kept by triggers on posts until the
-- object sends it.
ALTER TABLE campaign_memberships ADD COLUMN last_posted_at INTEGER;

UPDATE campaign_memberships
SET last_posted_at = (
  SELECT MAX(posts.posted_at) FROM posts
  WHERE posts.user_id = campaign_memberships.user_id AND posts.campaign_id = campaign_memberships.campaign_id
)
WHERE true;

CREATE INDEX campaign_memberships_by_last_post ON campaign_memberships (user_id, last_posted_at) WHERE last_posted_at IS NOT NULL;

CREATE TRIGGER campaign_memberships_last_post_on_insert AFTER INSERT ON posts
BEGIN
  UPDATE campaign_memberships SET last_posted_at = MAX(COALESCE(last_posted_at, 0), NEW.posted_at)
  WHERE user_id = NEW.user_id AND campaign_id = NEW.campaign_id;
END;

CREATE TRIGGER campaign_memberships_last_post_on_publish AFTER UPDATE OF posted_at ON posts
WHEN NEW.posted_at > OLD.posted_at
BEGIN
  UPDATE campaign_memberships SET last_posted_at = MAX(COALESCE(last_posted_at, 0), NEW.posted_at)
  WHERE user_id = NEW.user_id AND campaign_id = NEW.campaign_id;
END;
