-- The core of the product: partner brands and their hostnames, advertisers, users, campaigns and posts.
-- Times are integer milliseconds since the Unix epoch (UTC). Money never lives here: amounts are in the ledger.

CREATE TABLE partners (
  id TEXT PRIMARY KEY,
  theme TEXT NOT NULL UNIQUE,
  display_name TEXT NOT NULL,
  primary_color TEXT NOT NULL,
  accent_color TEXT NOT NULL,
  logo_url TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE partner_hostnames (
  hostname TEXT PRIMARY KEY,
  partner_id TEXT NOT NULL REFERENCES partners (id) ON DELETE CASCADE
);
CREATE INDEX partner_hostnames_by_partner ON partner_hostnames (partner_id);

CREATE TABLE advertisers (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  tagline TEXT NOT NULL DEFAULT '',
  website_url TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  x_user_id TEXT NOT NULL UNIQUE,
  handle TEXT NOT NULL,
  name TEXT NOT NULL,
  avatar_url TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX users_by_handle ON users (handle COLLATE NOCASE);

CREATE TABLE user_roles (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('creator', 'advertiser', 'admin')),
  PRIMARY KEY (user_id, role)
);

CREATE TABLE campaigns (
  id TEXT PRIMARY KEY,
  advertiser_id TEXT NOT NULL REFERENCES advertisers (id),
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  image_url TEXT,
  status TEXT NOT NULL CHECK (status IN ('inactive', 'active', 'ending', 'evaluating', 'evaluated')),
  visibility TEXT NOT NULL CHECK (visibility IN ('public', 'invite-only')),
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  maturity_hours INTEGER NOT NULL DEFAULT 48 CHECK (maturity_hours > 0),
  reward_currency TEXT NOT NULL,
  weekly_pool INTEGER NOT NULL CHECK (weekly_pool >= 0),
  bonus_pool INTEGER NOT NULL CHECK (bonus_pool >= 0),
  preview_token TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX campaigns_by_status ON campaigns (status, ends_at);
CREATE INDEX campaigns_by_advertiser ON campaigns (advertiser_id);

CREATE TABLE campaign_participants (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (campaign_id, user_id)
);
CREATE INDEX campaign_participants_by_user ON campaign_participants (user_id);

CREATE TABLE posts (
  id TEXT PRIMARY KEY,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  x_post_id TEXT UNIQUE,
  content TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN (
    'evaluating', 'eligible', 'eligible-bonus', 'not-eligible', 'expired', 'expired-bonus',
    'claimed', 'rewarded', 'not-rewarded', 'paid', 'paid-bonus', 'deleted'
  )),
  campaign_week INTEGER NOT NULL CHECK (campaign_week >= 1),
  selected_suggestion_id TEXT,
  posted_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX posts_by_campaign ON posts (campaign_id, status);
CREATE INDEX posts_by_user ON posts (user_id, posted_at);
