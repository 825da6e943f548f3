-- Bluesky beside X (docs/decisions/042-bluesky.md).

-- The accounts on networks other than X through which a Chorus user signs in or publishes: one per user and network,
-- and one user per account. `subject` is the account's lasting id on the network (a DID on Bluesky); `handle` is
-- what the network showed last. X's own account id stays in users.x_user_id.
CREATE TABLE network_accounts (
  network TEXT NOT NULL,
  subject TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  handle TEXT NOT NULL,
  linked_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (network, subject)
);
CREATE UNIQUE INDEX network_accounts_by_user ON network_accounts (user_id, network);

-- The stores of @atproto/oauth-client. A session (the DPoP private key and the token set of one DID) is kept
-- encrypted with TOKEN_ENCRYPTION_KEY, as X's tokens are; `version` lets a refresh replace only what it read.
CREATE TABLE bluesky_oauth_sessions (
  did TEXT PRIMARY KEY,
  session_encrypted TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- An authorization in progress (PKCE verifier, DPoP key, issuer), by the client's own state value, for 10 minutes.
CREATE TABLE bluesky_oauth_states (
  state_key TEXT PRIMARY KEY,
  state_encrypted TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX bluesky_oauth_states_by_expiry ON bluesky_oauth_states (expires_at);
