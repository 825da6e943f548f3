-- Campaign invitations made by advertisers, and the deposits that fund an advertiser account
-- (docs/decisions/020-funding-and-invitations.md).

-- An invitation may be for one X handle only (stored without "@"), may be used at most `max_uses` times (NULL:
-- unlimited; `uses` counts joins, raised in the join's own batch) and may be revoked. Invitations made before 020
-- could be redeemed by their internal id; `id_redeemable` keeps that for them only: new ones are redeemed by their
-- 128-bit public token.
ALTER TABLE invitations ADD COLUMN x_handle TEXT;
ALTER TABLE invitations ADD COLUMN max_uses INTEGER CHECK (max_uses IS NULL OR max_uses > 0);
ALTER TABLE invitations ADD COLUMN uses INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0);
ALTER TABLE invitations ADD COLUMN revoked_at INTEGER;
ALTER TABLE invitations ADD COLUMN id_redeemable INTEGER NOT NULL DEFAULT 1 CHECK (id_redeemable IN (0, 1));
ALTER TABLE invitations ADD COLUMN created_by TEXT REFERENCES users (id);

-- Money paid into an advertiser account through the deposit rail. `id` is the rail's idempotency key; the ledger
-- entry that credits the account is keyed by it too (`advertiser-deposit:{id}`), so a deposit is credited once.
-- `idempotency_key` is the caller's Idempotency-Key header: the same key answers the same deposit.
CREATE TABLE advertiser_deposits (
  id TEXT PRIMARY KEY,
  advertiser_id TEXT NOT NULL REFERENCES advertisers (id),
  idempotency_key TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'failed')),
  failure_reason TEXT,
  requested_by TEXT NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  completed_at INTEGER,
  credited_at INTEGER,
  UNIQUE (advertiser_id, idempotency_key)
);
CREATE INDEX advertiser_deposits_by_advertiser ON advertiser_deposits (advertiser_id, created_at);
CREATE INDEX advertiser_deposits_pending ON advertiser_deposits (status) WHERE status = 'pending';
