-- Issue 26, item 4: raw analytics events leave D1. The queue consumer writes each delivery's events to R2
-- (analytics/events/day=YYYY-MM-DD/<batch-id>.ndjson) and keeps only daily rollups here; the funnel reads them
-- (docs/decisions/036-events-out-of-d1.md). An event counts toward an advertiser and a campaign: one naming a
-- campaign counts toward that campaign (and its advertiser); one naming only an advertiser (a view of its landing
-- page) is kept with campaign_id '' and counts toward each published campaign of that advertiser when read. '' also
-- stands for "no utm campaign" (a real utm value is never empty), so both columns can be in the primary key.
-- `day` is the UTC day the event happened (YYYY-MM-DD), the same partition as in R2.

-- Events per day, per advertiser, campaign, utm campaign (last touch at the event) and event name.
CREATE TABLE funnel_daily (
  advertiser_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  day TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  event_type TEXT NOT NULL,
  events INTEGER NOT NULL CHECK (events > 0),
  PRIMARY KEY (advertiser_id, campaign_id, day, utm_campaign, event_type)
) WITHOUT ROWID;

-- The devices seen at each funnel step per day: distinct devices over any range of days are counted exactly from
-- these rows. One row per device, step and day whatever the number of its events, so a delivery written twice adds
-- nothing (INSERT OR IGNORE).
CREATE TABLE funnel_daily_devices (
  advertiser_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  day TEXT NOT NULL,
  event_type TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  device_id TEXT NOT NULL,
  PRIMARY KEY (advertiser_id, campaign_id, day, event_type, utm_campaign, device_id)
) WITHOUT ROWID;

-- The queue messages whose events were added to funnel_daily: a message delivered again adds nothing. Kept a week
-- (longer than the queue keeps a message), then swept by the scheduler.
CREATE TABLE analytics_rollup_messages (
  message_id TEXT PRIMARY KEY,
  delivery_id TEXT NOT NULL,
  processed_at INTEGER NOT NULL
);
CREATE INDEX analytics_rollup_messages_by_time ON analytics_rollup_messages (processed_at);

-- Backfill from the events stored so far, resolved the way the funnel resolved them: a campaign that exists names
-- its advertiser; an event naming only an advertiser needs that advertiser to exist.
INSERT INTO funnel_daily (advertiser_id, campaign_id, day, utm_campaign, event_type, events)
SELECT COALESCE(c.advertiser_id, a.id), COALESCE(c.id, ''), strftime('%Y-%m-%d', e.occurred_at / 1000, 'unixepoch'),
  COALESCE(e.utm_campaign, ''), e.name, COUNT(*)
FROM analytics_events e
LEFT JOIN campaigns c ON c.id = e.campaign_id
LEFT JOIN advertisers a ON e.campaign_id IS NULL AND a.id = e.advertiser_id
WHERE c.id IS NOT NULL OR a.id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;

INSERT OR IGNORE INTO funnel_daily_devices (advertiser_id, campaign_id, day, event_type, utm_campaign, device_id)
SELECT COALESCE(c.advertiser_id, a.id), COALESCE(c.id, ''), strftime('%Y-%m-%d', e.occurred_at / 1000, 'unixepoch'),
  e.name, COALESCE(e.utm_campaign, ''), e.device_id
FROM analytics_events e
LEFT JOIN campaigns c ON c.id = e.campaign_id
LEFT JOIN advertisers a ON e.campaign_id IS NULL AND a.id = e.advertiser_id
WHERE e.name IN ('landing_viewed', 'sign_in_clicked', 'campaign_joined') AND (c.id IS NOT NULL OR a.id IS NOT NULL);

-- Nothing reads or writes the raw events in D1 any more. In production, export them first if they are wanted in R2
-- (`wrangler d1 export chorus --remote --table analytics_events`, docs/decisions/036-events-out-of-d1.md).
DROP TABLE analytics_events;
