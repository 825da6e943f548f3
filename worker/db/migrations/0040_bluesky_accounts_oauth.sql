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
-- encrypted with TOKEN_ENCRYPTION_KEY, as X's tokens are. `client_origin` is the app origin whose client id the
-- session was granted to: a refresh must come from the same client.
CREATE TABLE bluesky_oauth_sessions (
  did TEXT PRIMARY KEY,
  client_origin TEXT NOT NULL,
  session_encrypted TEXT NOT NULL,
  version INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- An authorization in progress (PKCE verifier, DPoP key, issuer, and Chorus's own state as the client's `appState`),
-- by the client's state value, for 10 minutes.
CREATE TABLE bluesky_oauth_states (
  state_key TEXT PRIMARY KEY,
  state_encrypted TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX bluesky_oauth_states_by_expiry ON bluesky_oauth_states (expires_at);

-- A sign-in now names its network, and a signed-in user may start one to link an account ('link'). Nothing refers to
-- oauth_states, so it is rebuilt with the wider CHECK; sign-ins in progress are kept (all of them on X).
CREATE TABLE oauth_states_new (
  state_hash TEXT PRIMARY KEY,
  network TEXT NOT NULL DEFAULT 'x',
  flow TEXT NOT NULL CHECK (flow IN ('read', 'write', 'advertiser', 'link')),
  code_verifier TEXT NOT NULL,
  browser_binding_hash TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  login_params TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
INSERT INTO oauth_states_new (state_hash, network, flow, code_verifier, browser_binding_hash, redirect_uri, login_params, created_at, expires_at)
  SELECT state_hash, 'x', flow, code_verifier, browser_binding_hash, redirect_uri, login_params, created_at, expires_at FROM oauth_states;
DROP TABLE oauth_states;
ALTER TABLE oauth_states_new RENAME TO oauth_states;
CREATE INDEX oauth_states_by_expiry ON oauth_states (expires_at);
