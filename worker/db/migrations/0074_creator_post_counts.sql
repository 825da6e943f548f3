-- Issue 36 (docs/decisions/039-a-million-creators.md, "The catalog's memberships"): how many posts each creator has in
-- each campaign and status, in the catalog. The dashboard's standings, the profile's counts and /past-campaigns read
-- these few rows by person instead of counting the creator's posts in every campaign. Kept by the posts' own writes
-- (triggers here; the campaign's object once its posts move there). A status's count may reach 0 and stay.
CREATE TABLE creator_post_counts (
  user_id TEXT NOT NULL REFERENCES users (id),
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  status TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (user_id, campaign_id, status)
) WITHOUT ROWID;

INSERT INTO creator_post_counts (user_id, campaign_id, status, count)
SELECT user_id, campaign_id, status, COUNT(*) FROM posts GROUP BY user_id, campaign_id, status;

CREATE TRIGGER creator_post_counts_on_post_insert AFTER INSERT ON posts
BEGIN
  INSERT INTO creator_post_counts (user_id, campaign_id, status, count) VALUES (NEW.user_id, NEW.campaign_id, NEW.status, 1)
  ON CONFLICT (user_id, campaign_id, status) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER creator_post_counts_on_status_change AFTER UPDATE OF status ON posts
WHEN OLD.status IS NOT NEW.status
BEGIN
  UPDATE creator_post_counts SET count = count - 1
  WHERE user_id = OLD.user_id AND campaign_id = OLD.campaign_id AND status = OLD.status;
  INSERT INTO creator_post_counts (user_id, campaign_id, status, count) VALUES (NEW.user_id, NEW.campaign_id, NEW.status, 1)
  ON CONFLICT (user_id, campaign_id, status) DO UPDATE SET count = count + 1;
END;

CREATE TRIGGER creator_post_counts_on_post_delete AFTER DELETE ON posts
BEGIN
  UPDATE creator_post_counts SET count = count - 1
  WHERE user_id = OLD.user_id AND campaign_id = OLD.campaign_id AND status = OLD.status;
END;
