-- Settings, one-time codes and two-factor authentication (issue 10, docs/decisions/013-settings-and-two-factor.md).

-- The name the creator chose in Chorus settings; NULL shows the name from X (which every sign-in refreshes in `name`).
ALTER TABLE users ADD COLUMN display_name TEXT;

-- Which notification kinds are also sent to the creator's verified e-mail address. None until the creator asks.
CREATE TABLE mailed_notification_kinds (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_type TEXT NOT NULL CHECK (event_type IN (
    'welcome', 'terms-and-conditions', 'campaign-invited', 'campaign-started', 'campaign-joined', 'campaign-ending',
    'campaign-ended', 'campaign-maturity', 'posts-eligible', 'posts-rewarded', 'campaign-eligible',
    'campaign-not-eligible', 'transaction-verifying', 'transaction-pending', 'transaction-cancelled',
    'transaction-failed', 'transaction-completed', 'ad-hoc-notification', 'vlayer-badge'
  )),
  PRIMARY KEY (user_id, event_type)
);

-- A mailed one-time code: six digits and a link token, both stored only as SHA-256 hashes. One live code per
-- (user, purpose, subject): a new code replaces the row. `created_at` is when the current code was sent (the resend
-- limit), `wrong_attempts` counts wrong codes (five lock it), `used_at` is set once it is accepted.
CREATE TABLE one_time_codes (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose TEXT NOT NULL CHECK (purpose IN ('email-change', 'withdrawal')),
  subject_id TEXT NOT NULL,
  -- What the code confirms, e.g. the new e-mail address; NULL when the subject says it all.
  target TEXT,
  code_salt TEXT NOT NULL,
  code_hash TEXT NOT NULL,
  link_token_hash TEXT NOT NULL UNIQUE,
  wrong_attempts INTEGER NOT NULL DEFAULT 0 CHECK (wrong_attempts >= 0),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  UNIQUE (user_id, purpose, subject_id)
);

-- The authenticator (TOTP, RFC 6238) secret of a user, AES-256-GCM encrypted with TOKEN_ENCRYPTION_KEY. A row
-- without `verified_at` is a set-up in progress. `last_used_step` refuses a replayed code; five wrong codes set
-- `locked_until` (15 minutes) and start the count again.
CREATE TABLE two_factor_secrets (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_encrypted TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  verified_at INTEGER,
  last_used_step INTEGER,
  wrong_attempts INTEGER NOT NULL DEFAULT 0 CHECK (wrong_attempts >= 0),
  locked_until INTEGER
);

-- Ten recovery codes per verified two-factor set-up, stored as SHA-256 hashes; each works once.
CREATE TABLE recovery_codes (
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (user_id, code_hash)
);
