-- Issue 28 (docs/decisions/051-review-decision-notifications.md): a creator is told when an advertiser approves or
-- rejects a held commission or post, which needs two notification types. The types were CHECK lists in the
-- definitions of `notifications` (0003) and `mailed_notification_kinds` (0005), which SQLite cannot alter: the two
-- tables are rebuilt once here, as 0055 did for the ledger's kinds, and a type is now a row of
-- `notification_event_types` that both columns reference, so the next type is an INSERT, not another rebuild.
--
-- Rows are copied as they are (ids, read states and dedupe keys included), and the indexes of 0003 and 0028 are made
-- again. Nothing references either table, so no foreign key waits on them.

CREATE TABLE notification_event_types (event_type TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO notification_event_types (event_type) VALUES
  ('welcome'), ('terms-and-conditions'), ('campaign-invited'), ('campaign-started'), ('campaign-joined'), ('campaign-ending'),
  ('campaign-ended'), ('campaign-maturity'), ('posts-eligible'), ('posts-rewarded'), ('campaign-eligible'),
  ('campaign-not-eligible'), ('transaction-verifying'), ('transaction-pending'), ('transaction-cancelled'),
  ('transaction-failed'), ('transaction-completed'), ('ad-hoc-notification'), ('vlayer-badge'),
  -- An advertiser approved or rejected the creator's held commission or pool-rewarded post (047).
  ('review-approved'), ('review-rejected');

CREATE TRIGGER notification_event_types_no_change BEFORE UPDATE ON notification_event_types
BEGIN SELECT RAISE(ABORT, 'notifications: types are append-only'); END;
CREATE TRIGGER notification_event_types_no_delete BEFORE DELETE ON notification_event_types
BEGIN SELECT RAISE(ABORT, 'notifications: types are append-only'); END;

CREATE TABLE notifications_copy AS SELECT * FROM notifications;
DROP TABLE notifications;
CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL REFERENCES notification_event_types (event_type),
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
INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, is_read, dedupe_key, created_at, read_at)
SELECT id, user_id, event_type, title, body, link, campaign_id, is_read, dedupe_key, created_at, read_at FROM notifications_copy;
DROP TABLE notifications_copy;
CREATE INDEX notifications_by_user ON notifications (user_id, is_read, created_at);
CREATE INDEX notifications_read_by_time ON notifications (created_at) WHERE is_read = 1;

CREATE TABLE mailed_notification_kinds_copy AS SELECT * FROM mailed_notification_kinds;
DROP TABLE mailed_notification_kinds;
CREATE TABLE mailed_notification_kinds (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL REFERENCES notification_event_types (event_type),
  PRIMARY KEY (user_id, event_type)
);
INSERT INTO mailed_notification_kinds (user_id, event_type) SELECT user_id, event_type FROM mailed_notification_kinds_copy;
DROP TABLE mailed_notification_kinds_copy;
