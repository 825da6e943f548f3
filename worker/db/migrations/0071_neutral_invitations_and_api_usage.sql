-- Invitations and the API cost name no network (docs/decisions/052-networks-sealed.md, "Invitations and the API
-- cost"). Renames and fills only: every row is kept, so an existing database migrates as a fresh one does.

-- An invitation for one person names them by a handle and its network. Every handle so far was an X handle.
ALTER TABLE invitations RENAME COLUMN x_handle TO invitee_handle;
ALTER TABLE invitations ADD COLUMN invitee_network TEXT CHECK (invitee_network IN ('x', 'bluesky'));
UPDATE invitations SET invitee_network = 'x' WHERE invitee_handle IS NOT NULL;

ALTER TABLE advertiser_member_invitations RENAME COLUMN x_handle TO invitee_handle;
ALTER TABLE advertiser_member_invitations ADD COLUMN invitee_network TEXT CHECK (invitee_network IN ('x', 'bluesky'));
UPDATE advertiser_member_invitations SET invitee_network = 'x' WHERE invitee_handle IS NOT NULL;

-- The creator an invitation names is found by their account on its network (to notify them): by handle, any case.
CREATE INDEX network_accounts_by_handle ON network_accounts (network, handle COLLATE NOCASE);

-- The calls a campaign has had a network bill for (0061): X's, the one network whose API is paid. The triggers that
-- count them move to the new name with the same conditions (SQLite has no RENAME TRIGGER).
ALTER TABLE campaign_x_api_usage RENAME TO campaign_network_api_usage;

DROP TRIGGER campaign_x_api_usage_on_post_insert;
CREATE TRIGGER campaign_network_api_usage_on_post_insert AFTER INSERT ON posts
WHEN NEW.network_post_id IS NOT NULL AND NEW.network = 'x'
BEGIN
  INSERT INTO campaign_network_api_usage (campaign_id, posts_created, posts_with_url) VALUES (NEW.campaign_id, 1, NEW.carries_url)
  ON CONFLICT (campaign_id) DO UPDATE SET posts_created = posts_created + 1, posts_with_url = posts_with_url + excluded.posts_with_url;
END;

DROP TRIGGER campaign_x_api_usage_on_post_published;
CREATE TRIGGER campaign_network_api_usage_on_post_published AFTER UPDATE OF network_post_id ON posts
WHEN OLD.network_post_id IS NULL AND NEW.network_post_id IS NOT NULL AND NEW.network = 'x'
BEGIN
  INSERT INTO campaign_network_api_usage (campaign_id, posts_created, posts_with_url) VALUES (NEW.campaign_id, 1, NEW.carries_url)
  ON CONFLICT (campaign_id) DO UPDATE SET posts_created = posts_created + 1, posts_with_url = posts_with_url + excluded.posts_with_url;
END;

DROP TRIGGER campaign_x_api_usage_on_metrics_insert;
CREATE TRIGGER campaign_network_api_usage_on_metrics_insert AFTER INSERT ON post_metrics
WHEN NEW.polls > 0 AND (SELECT network FROM posts WHERE id = NEW.post_id) = 'x'
BEGIN
  INSERT INTO campaign_network_api_usage (campaign_id, post_reads) VALUES (NEW.campaign_id, NEW.polls)
  ON CONFLICT (campaign_id) DO UPDATE SET post_reads = post_reads + excluded.post_reads;
END;

DROP TRIGGER campaign_x_api_usage_on_poll;
CREATE TRIGGER campaign_network_api_usage_on_poll AFTER UPDATE OF polls ON post_metrics
WHEN NEW.polls > OLD.polls AND (SELECT network FROM posts WHERE id = NEW.post_id) = 'x'
BEGIN
  INSERT INTO campaign_network_api_usage (campaign_id, post_reads) VALUES (NEW.campaign_id, NEW.polls - OLD.polls)
  ON CONFLICT (campaign_id) DO UPDATE SET post_reads = post_reads + excluded.post_reads;
END;
