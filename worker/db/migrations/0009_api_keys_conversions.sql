-- Conversion ingestion (docs/decisions/018-conversion-ingestion.md): an advertiser account's API keys and the wallet
-- events its systems send.

-- A key is `key_id` (public, "ck_…", sent as the `api-key` header) plus a 256-bit secret shown once; only the
-- secret's SHA-256 is kept. Revoked keys stay (reports and the audit of who made them).
CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  advertiser_id TEXT NOT NULL REFERENCES advertisers (id),
  key_id TEXT NOT NULL UNIQUE,
  secret_hash TEXT NOT NULL,
  label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 100),
  created_by TEXT NOT NULL REFERENCES users (id),
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_keys_by_advertiser ON api_keys (advertiser_id, created_at);

-- One event per (account, event id): a repeat is a duplicate and changes nothing. `address_key` is the address as
-- wallets compare it (lower case for EVM, as given for Solana). The matched_* / campaign / inviter columns are filled
-- at ingestion when the address is a verified wallet; unmatched events keep them NULL.
CREATE TABLE conversion_events (
  advertiser_id TEXT NOT NULL REFERENCES advertisers (id),
  event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  type TEXT NOT NULL,
  wallet_address TEXT NOT NULL,
  address_key TEXT NOT NULL,
  chain TEXT NOT NULL CHECK (chain IN ('evm', 'solana')),
  value INTEGER CHECK (value IS NULL OR value >= 0),
  currency TEXT,
  occurred_at INTEGER NOT NULL,
  metadata TEXT,
  received_at INTEGER NOT NULL,
  matched_user_id TEXT,
  matched_wallet_id TEXT,
  campaign_id TEXT,
  inviter_user_id TEXT,
  PRIMARY KEY (advertiser_id, event_id),
  CHECK (value IS NULL OR currency IS NOT NULL)
) WITHOUT ROWID;
CREATE INDEX conversion_events_by_time ON conversion_events (advertiser_id, occurred_at);
CREATE INDEX conversion_events_by_campaign ON conversion_events (campaign_id, occurred_at) WHERE campaign_id IS NOT NULL;

-- Matching looks a wallet up by its address: only verified, kept wallets count.
CREATE INDEX wallets_verified_by_address ON wallets (address_key, type) WHERE verified_at IS NOT NULL AND removed_at IS NULL;
