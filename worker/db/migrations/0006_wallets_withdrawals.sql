-- Money out (issue 10): the creators' wallets with proof of ownership, and withdrawals from the ledger to them through
-- the payout rail. Amounts are integers in the currency's smallest unit; the money itself moves only in the ledger
-- (withdrawal-hold, withdrawal-release, withdrawal-payout entries keyed by the withdrawal id).

-- A creator's address that can receive one currency. `address_key` is the address as compared for duplicates
-- (lower case for EVM, as given for Solana's case-sensitive base58). Only a verified wallet receives withdrawals.
-- A removed wallet keeps its row (withdrawals point at it), with `removed_at` set.
CREATE TABLE wallets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('evm', 'solana')),
  address TEXT NOT NULL,
  address_key TEXT NOT NULL,
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 2 AND 12 AND currency = upper(currency)),
  verified_at INTEGER,
  removed_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE UNIQUE INDEX wallets_one_per_address ON wallets (user_id, type, address_key, currency) WHERE removed_at IS NULL;
CREATE INDEX wallets_by_user ON wallets (user_id, created_at);

-- A one-time message to sign (EIP-4361 for EVM, its Solana equivalent): the nonce is spent once, within 10 minutes.
CREATE TABLE wallet_challenges (
  nonce TEXT PRIMARY KEY,
  wallet_id TEXT NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  spent_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX wallet_challenges_by_wallet ON wallet_challenges (wallet_id, created_at);

-- verifying (held, waiting for the second factor) → pending (handed to the payout rail) → completed | failed;
-- verifying → cancelled (by the creator, 5 wrong codes, or 15 minutes without a code). Each request carries the
-- creator's Idempotency-Key: a repeat answers the same withdrawal.
CREATE TABLE withdrawals (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users (id),
  wallet_id TEXT NOT NULL REFERENCES wallets (id),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount > 0),
  status TEXT NOT NULL CHECK (status IN ('verifying', 'pending', 'completed', 'failed', 'cancelled')),
  second_factor TEXT NOT NULL CHECK (second_factor IN ('authenticator', 'email')),
  idempotency_key TEXT NOT NULL,
  wrong_codes INTEGER NOT NULL DEFAULT 0,
  status_reason TEXT,
  rail_payout_id TEXT,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  verified_at INTEGER,
  settled_at INTEGER,
  updated_at INTEGER NOT NULL,
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX withdrawals_by_user ON withdrawals (user_id, created_at);
CREATE INDEX withdrawals_by_wallet ON withdrawals (wallet_id, status);
CREATE INDEX withdrawals_in_flight ON withdrawals (status, updated_at) WHERE status IN ('verifying', 'pending');
