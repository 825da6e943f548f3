-- Advertiser accounts have members (docs/decisions/017-advertiser-accounts.md). The advertiser role is derived from
-- membership, never stored: the rows the old advertiser login wrote are removed.

CREATE TABLE advertiser_members (
  advertiser_id TEXT NOT NULL REFERENCES advertisers (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
  invited_by TEXT REFERENCES users (id),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (advertiser_id, user_id)
);
CREATE INDEX advertiser_members_by_user ON advertiser_members (user_id);

-- A one-time link that makes its holder a member. Only the SHA-256 of the token is kept; `x_handle`, when set, is
-- the only X handle that may accept it.
CREATE TABLE advertiser_member_invitations (
  id TEXT PRIMARY KEY,
  advertiser_id TEXT NOT NULL REFERENCES advertisers (id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,
  x_handle TEXT,
  invited_by TEXT NOT NULL REFERENCES users (id),
  expires_at INTEGER NOT NULL,
  accepted_by TEXT REFERENCES users (id),
  accepted_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX advertiser_member_invitations_by_advertiser ON advertiser_member_invitations (advertiser_id, created_at);

DELETE FROM user_roles WHERE role = 'advertiser';
