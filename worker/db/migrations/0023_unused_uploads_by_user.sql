-- Issue 26: a creator's unused uploads (not attached to a post yet), by time. The upload quota counts them and a post
-- claims them through this index; before it, both searched post_attachments_by_post for `post_id IS NULL`, which is
-- every unused upload of every user (docs/decisions/033-bounded-statements.md).
CREATE INDEX post_attachments_unused_by_user ON post_attachments (user_id, created_at) WHERE post_id IS NULL;
