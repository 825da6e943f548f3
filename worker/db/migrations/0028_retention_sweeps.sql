-- Issue 26, item 4: the scheduler's retention sweeps (docs/decisions/036-events-out-of-d1.md, README "Retention")
-- delete at most a few thousand rows a run, oldest first, each by an index whose order is its predicate's.
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
CREATE INDEX sessions_revoked ON sessions (revoked_at) WHERE revoked_at IS NOT NULL;
CREATE INDEX refresh_tokens_by_expiry ON refresh_tokens (expires_at);
CREATE INDEX one_time_codes_by_expiry ON one_time_codes (expires_at);
CREATE INDEX notifications_read_by_time ON notifications (created_at) WHERE is_read = 1;
CREATE INDEX post_attachments_unused_by_time ON post_attachments (created_at) WHERE post_id IS NULL;
