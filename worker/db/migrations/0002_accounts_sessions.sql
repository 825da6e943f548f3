-- Accounts: what X tells us about a user, their X credentials (encrypted), where they came from, their sessions.

ALTER TABLE users ADD COLUMN email TEXT;
ALTER TABLE users ADD COLUMN verified_email TEXT;
ALTER TABLE users ADD COLUMN two_factor_enabled INTEGER NOT NULL DEFAULT 0 CHECK (two_factor_enabled IN (0, 1));
ALTER TABLE users ADD COLUMN two_factor_verified INTEGER NOT NULL DEFAULT 0 CHECK (two_factor_verified IN (0, 1));
ALTER TABLE users ADD COLUMN preferred_advertiser_id TEXT REFERENCES advertisers (id);

-- X's own OAuth tokens for a user, AES-GCM encrypted with TOKEN_ENCRYPTION_KEY.
CREATE TABLE x_credentials (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  scopes TEXT NOT NULL,
  access_token_encrypted TEXT NOT NULL,
  refresh_token_encrypted TEXT,
  access_expires_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- Marketing attribution carried through login: first touch is written once, last touch on every login.
CREATE TABLE user_attribution (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  first_utm_source TEXT,
  first_utm_medium TEXT,
  first_utm_campaign TEXT,
  first_utm_term TEXT,
  first_utm_content TEXT,
  utm_source TEXT,
  utm_medium TEXT,
  utm_campaign TEXT,
  utm_term TEXT,
  utm_content TEXT,
  invite_id TEXT,
  partner_name TEXT,
  device_id TEXT,
  referrer TEXT,
  first_seen_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- One row per sign-in that has started and not yet come back from X. Deleted when used; expires in 10 minutes.
CREATE TABLE oauth_states (
  state_hash TEXT PRIMARY KEY,
  flow TEXT NOT NULL CHECK (flow IN ('read', 'write', 'advertiser')),
  code_verifier TEXT NOT NULL,
  browser_binding_hash TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  login_params TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX oauth_states_by_expiry ON oauth_states (expires_at);

-- A session is one sign-in on one browser. Its refresh tokens form a family: reuse of a spent one revokes it.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  real_user_id TEXT REFERENCES users (id),
  cookie_secret_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER,
  revoked_reason TEXT
);
CREATE INDEX sessions_by_user ON sessions (user_id);

CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX refresh_tokens_by_session ON refresh_tokens (session_id);

-- Append-only record of sensitive actions (admin spoofing and the like).
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  action TEXT NOT NULL,
  actor_user_id TEXT,
  subject_user_id TEXT,
  outcome TEXT NOT NULL CHECK (outcome IN ('allowed', 'refused')),
  detail TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL
);
CREATE INDEX audit_log_by_actor ON audit_log (actor_user_id, created_at);
