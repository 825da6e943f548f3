-- Issue 12: the first-party tracker's events, and the admins' feedback inbox.

-- One row per event the browser's tracker sent (docs/decisions/022-analytics-and-telemetry.md). The id is the one the
-- browser gave the event, so a batch the queue delivers twice writes nothing new. The user is attached by the server
-- from the session that sent the batch, never taken from the body.
CREATE TABLE analytics_events (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  device_id TEXT NOT NULL,
  user_id TEXT REFERENCES users (id) ON DELETE SET NULL,
  page_path TEXT NOT NULL,
  referrer TEXT,
  -- The advertiser and campaign the event is about (properties of the event), for the funnel
  -- (docs/decisions/022): a view of an advertiser's landing page has no campaign and counts toward each of its campaigns.
  advertiser_id TEXT,
  campaign_id TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  first_utm_source TEXT,
  first_utm_medium TEXT,
  first_utm_campaign TEXT,
  first_utm_term TEXT,
  first_utm_content TEXT,
  invite_id TEXT,
  -- Every other property, as a JSON object.
  properties TEXT NOT NULL DEFAULT '{}',
  occurred_at INTEGER NOT NULL,
  received_at INTEGER NOT NULL
);
CREATE INDEX analytics_events_funnel ON analytics_events (name, advertiser_id, campaign_id, utm_campaign);
CREATE INDEX analytics_events_by_user ON analytics_events (user_id, occurred_at);
CREATE INDEX analytics_events_by_time ON analytics_events (occurred_at);

-- The feedback inbox: an admin reads a message (read_at) and marks it handled (handled_at, by whom).
ALTER TABLE feedback ADD COLUMN read_at INTEGER;
ALTER TABLE feedback ADD COLUMN handled_at INTEGER;
ALTER TABLE feedback ADD COLUMN handled_by TEXT REFERENCES users (id);
CREATE INDEX feedback_open ON feedback (handled_at, created_at);
