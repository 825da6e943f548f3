-- Issue 26: an admin's ad-hoc notification (an announcement) no longer inserts a notification for every creator in
-- one statement. The announcement is stored with a cursor, and its audience is notified page by page in user id
-- order, as the terms notification is (0016, docs/decisions/032-spec-server-items.md section 2): the first pages when
-- the admin sends it, the rest by the scheduler. Each page is idempotent: the notification's dedupe key is
-- `ad-hoc:{id}:{userId}`, and the cursor moves in the same batch as the page.
CREATE TABLE announcements (
  -- The admin's Idempotency-Key.
  id TEXT PRIMARY KEY,
  audience_kind TEXT NOT NULL CHECK (audience_kind IN ('all-creators', 'campaign')),
  campaign_id TEXT REFERENCES campaigns (id),
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  link TEXT,
  created_by TEXT NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  -- The last user notified so far (pages go in user id order); null before the first page.
  fanout_after_user_id TEXT,
  -- Set when a page came back short: everyone in the audience has it.
  fanout_done_at INTEGER,
  CHECK ((audience_kind = 'campaign') = (campaign_id IS NOT NULL))
);

-- The scheduler's queue: announcements still being sent, oldest first.
CREATE INDEX announcements_unfinished ON announcements (created_at, id) WHERE fanout_done_at IS NULL;
