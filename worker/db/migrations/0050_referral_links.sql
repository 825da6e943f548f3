-- Referral links and attribution by click (issue 28, docs/decisions/043-referral-links.md).

-- Where a referral link sends its visitors, the parameter that carries the click id there, and how long a click
-- (and a customer first seen through one) is credited to its creator.
ALTER TABLE campaigns ADD COLUMN destination_url TEXT CHECK (destination_url IS NULL OR destination_url LIKE 'http%');
ALTER TABLE campaigns ADD COLUMN click_id_param TEXT NOT NULL DEFAULT 'chorus_click_id';
ALTER TABLE campaigns ADD COLUMN attribution_window_days INTEGER NOT NULL DEFAULT 30
  CHECK (attribution_window_days BETWEEN 1 AND 90);

-- One short link per creator and campaign: 12 hex digits (48 random bits), made as the creator joins (by the trigger
-- below, in the join's own transaction) and for everyone who joined before this migration.
CREATE TABLE referral_links (
  code TEXT PRIMARY KEY CHECK (length(code) = 12),
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  UNIQUE (campaign_id, user_id)
) WITHOUT ROWID;

INSERT INTO referral_links (code, campaign_id, user_id, created_at)
SELECT lower(hex(randomblob(6))), campaign_id, user_id, joined_at FROM campaign_participants WHERE true
ON CONFLICT DO NOTHING;

-- A code drawn twice (one chance in billions per join) leaves the creator without a link here; asking for it makes one.
CREATE TRIGGER referral_link_on_join AFTER INSERT ON campaign_participants
BEGIN
  INSERT INTO referral_links (code, campaign_id, user_id, created_at)
  VALUES (lower(hex(randomblob(6))), NEW.campaign_id, NEW.user_id, NEW.joined_at)
  ON CONFLICT DO NOTHING;
END;

-- Clicks are counted, not kept: one row per link and UTC day (the click itself lives in KV for its window).
CREATE TABLE referral_click_days (
  campaign_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  day TEXT NOT NULL,
  clicks INTEGER NOT NULL CHECK (clicks >= 0),
  PRIMARY KEY (campaign_id, user_id, day)
) WITHOUT ROWID;

-- A customer first attributed through a click keeps that attribution for the campaign's window (deferred
-- attribution: a lead with a click, a sale days later with only the customer id).
CREATE TABLE conversion_customers (
  advertiser_id TEXT NOT NULL,
  customer_id TEXT NOT NULL,
  click_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  creator_user_id TEXT NOT NULL,
  attributed_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (advertiser_id, customer_id)
) WITHOUT ROWID;
CREATE INDEX conversion_customers_by_expiry ON conversion_customers (expires_at);

-- An order or invoice id counts once per account for 7 days; rows older than that are swept.
CREATE TABLE conversion_orders (
  advertiser_id TEXT NOT NULL,
  order_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (advertiser_id, order_id)
) WITHOUT ROWID;
CREATE INDEX conversion_orders_by_time ON conversion_orders (seen_at);

ALTER TABLE conversion_events ADD COLUMN click_id TEXT;
ALTER TABLE conversion_events ADD COLUMN customer_id TEXT;
ALTER TABLE conversion_events ADD COLUMN order_id TEXT;
-- How the event found its campaign and creator: a click id, a customer id seen with a click, or the verified wallet.
ALTER TABLE conversion_events ADD COLUMN attributed_via TEXT CHECK (attributed_via IN ('click', 'customer', 'wallet'));

-- A campaign's clicks, kept as the day rows change, so the console reads one row instead of every link's days.
CREATE TABLE campaign_click_counts (
  campaign_id TEXT PRIMARY KEY,
  clicks INTEGER NOT NULL CHECK (clicks >= 0)
) WITHOUT ROWID;
CREATE TRIGGER campaign_click_counts_on_first_click AFTER INSERT ON referral_click_days
BEGIN
  INSERT INTO campaign_click_counts (campaign_id, clicks) VALUES (NEW.campaign_id, NEW.clicks)
  ON CONFLICT (campaign_id) DO UPDATE SET clicks = clicks + excluded.clicks;
END;
CREATE TRIGGER campaign_click_counts_on_click AFTER UPDATE OF clicks ON referral_click_days
BEGIN
  UPDATE campaign_click_counts SET clicks = clicks + NEW.clicks - OLD.clicks WHERE campaign_id = NEW.campaign_id;
END;
