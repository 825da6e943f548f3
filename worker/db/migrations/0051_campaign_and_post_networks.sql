-- Issue 27 item 4 (docs/decisions/044-campaign-networks.md): a campaign runs on X, Bluesky or both, and each post is
-- on one network. The list is a JSON array in a fixed order (X first), so the CHECK can name every allowed value.
-- Existing campaigns and posts are on X, the only network there was.
ALTER TABLE campaigns ADD COLUMN networks TEXT NOT NULL DEFAULT '["x"]'
  CHECK (networks IN ('["x"]', '["bluesky"]', '["x","bluesky"]'));
ALTER TABLE posts ADD COLUMN network TEXT NOT NULL DEFAULT 'x' CHECK (network IN ('x', 'bluesky'));
