-- New terms and conditions, their notification and their acceptance (issue 25; docs/decisions/032-spec-server-items.md
-- section 2). The terms' text lives in app/content/articles/terms.md and ships with a deploy; a row here records that
-- a new version is in force from a date, with a summary of what changed, and drives the `terms-and-conditions`
-- notification to every creator and the Accept button on /articles/terms.
CREATE TABLE terms_versions (
  id TEXT PRIMARY KEY,
  effective_date TEXT NOT NULL CHECK (effective_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 1000),
  published_by TEXT NOT NULL REFERENCES users (id),
  published_at INTEGER NOT NULL,
  -- The admin's Idempotency-Key: a repeated publish answers this row and notifies nobody again.
  idempotency_key TEXT NOT NULL UNIQUE,
  -- The notification goes to creators page by page in user id order: the last user id of the last page sent (NULL
  -- before the first), and when the last page was sent (or a newer version replaced this one before it finished).
  fanout_after_user_id TEXT,
  fanout_done_at INTEGER
);
CREATE INDEX terms_versions_by_published ON terms_versions (published_at, id);

CREATE TABLE terms_acceptances (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  terms_version_id TEXT NOT NULL REFERENCES terms_versions (id),
  accepted_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, terms_version_id)
);

-- The creators in user id order, a page at a time (the fan-out's keyset), without reading every role of every user.
CREATE INDEX user_roles_by_role ON user_roles (role, user_id);
