-- What creators meet every day: campaign rules and suggested posts, invitations, post attachments and idempotent
-- submission, notifications, and the admins' feedback inbox.

-- Rules checked on each post, as JSON: {"requiredMentions":[],"requiredHashtags":[],"requiredLink":null,
-- "minImpressions":0,"maxPostsPerWeek":3}. Score weights per engagement kind, as JSON integers:
-- {"impressions":1,"likes":20,"reposts":50,"replies":30,"quotes":50,"bookmarks":20}.
ALTER TABLE campaigns ADD COLUMN rules TEXT NOT NULL DEFAULT '{"requiredMentions":[],"requiredHashtags":[],"requiredLink":null,"minImpressions":0,"maxPostsPerWeek":3}';
ALTER TABLE campaigns ADD COLUMN score_weights TEXT NOT NULL DEFAULT '{"impressions":1,"likes":20,"reposts":50,"replies":30,"quotes":50,"bookmarks":20}';
-- The most one creator may take of a week's pool, in basis points (2500 = 25 %).
ALTER TABLE campaigns ADD COLUMN creator_cap_bps INTEGER NOT NULL DEFAULT 2500 CHECK (creator_cap_bps BETWEEN 1 AND 10000);
-- Engagement the advertiser expects over the whole campaign; pacing against it gives the campaign's health.
ALTER TABLE campaigns ADD COLUMN target_score INTEGER NOT NULL DEFAULT 1000000 CHECK (target_score > 0);

CREATE TABLE campaign_suggestions (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  text TEXT NOT NULL,
  position INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX campaign_suggestions_by_campaign ON campaign_suggestions (campaign_id, position);

CREATE TABLE invitations (
  id TEXT PRIMARY KEY,
  public_token TEXT NOT NULL UNIQUE,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  inviter_user_id TEXT REFERENCES users (id),
  inviter_advertiser_id TEXT REFERENCES advertisers (id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER,
  CHECK (inviter_user_id IS NOT NULL OR inviter_advertiser_id IS NOT NULL)
);
CREATE INDEX invitations_by_campaign ON invitations (campaign_id);

ALTER TABLE campaign_participants ADD COLUMN invitation_id TEXT REFERENCES invitations (id);

-- Why a post has its status, shown to the creator: JSON list of {"code","message"}.
ALTER TABLE posts ADD COLUMN status_reasons TEXT NOT NULL DEFAULT '[]';
-- The browser's id for one press of "Post": a second submit of the same press finds the first post.
ALTER TABLE posts ADD COLUMN client_request_id TEXT;
CREATE UNIQUE INDEX posts_by_client_request ON posts (user_id, client_request_id) WHERE client_request_id IS NOT NULL;

-- Images uploaded to R2 before the post that uses them is published.
CREATE TABLE post_attachments (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  post_id TEXT REFERENCES posts (id),
  r2_key TEXT NOT NULL UNIQUE,
  content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  size_bytes INTEGER NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 5242880),
  created_at INTEGER NOT NULL
);
CREATE INDEX post_attachments_by_post ON post_attachments (post_id);

CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL CHECK (event_type IN (
    'welcome', 'terms-and-conditions', 'campaign-invited', 'campaign-started', 'campaign-joined', 'campaign-ending',
    'campaign-ended', 'campaign-maturity', 'posts-eligible', 'posts-rewarded', 'campaign-eligible',
    'campaign-not-eligible', 'transaction-verifying', 'transaction-pending', 'transaction-cancelled',
    'transaction-failed', 'transaction-completed', 'ad-hoc-notification', 'vlayer-badge'
  )),
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  link TEXT,
  campaign_id TEXT REFERENCES campaigns (id),
  is_read INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
  -- One notification per event: the producer names the event, a second delivery is ignored.
  dedupe_key TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX notifications_by_user ON notifications (user_id, is_read, created_at);

CREATE TABLE feedback (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  content TEXT NOT NULL,
  page_path TEXT,
  created_at INTEGER NOT NULL
);
