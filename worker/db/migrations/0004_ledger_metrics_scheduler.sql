-- How a post becomes money (issue 6, docs/decisions/008-ledger-and-rewards.md): the double-entry ledger, the metrics
-- polled from X, payout confirmations, closed campaign weeks, the rewards paid per post, flagged accounts, and the
-- scheduler's leases. Amounts are integers in the currency's smallest unit.

-- Campaign health from pacing (good/moderate/unhealthy; unknown before the first metrics), and when the pool was
-- funded: a campaign only goes live once its start is reached AND its pools are funded.
ALTER TABLE campaigns ADD COLUMN health TEXT NOT NULL DEFAULT 'unknown'
  CHECK (health IN ('good', 'moderate', 'unhealthy', 'unknown'));
ALTER TABLE campaigns ADD COLUMN funded_at INTEGER;

-- ---------------------------------------------------------------------------------------------------------------
-- The ledger. Append-only: rows are never updated or deleted (enforced by the triggers below). Balances are sums of
-- lines. A line's amount is positive when value arrives in the account and negative when it leaves it.

-- One account per owner, kind, currency and period (the campaign week of a weekly pool; 0 otherwise). Ids are
-- deterministic (worker/domain/ledger/accounts.ts), so a posting can create the accounts it needs in the same batch.
CREATE TABLE ledger_accounts (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN (
    'advertiser-deposits', 'advertiser-funding', 'campaign-pool', 'campaign-bonus-pool',
    'creator-available', 'creator-withdrawal-hold', 'creator-paid-out'
  )),
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 2 AND 12 AND currency = upper(currency)),
  period INTEGER NOT NULL DEFAULT 0 CHECK (period >= 0),
  created_at INTEGER NOT NULL,
  UNIQUE (owner_id, kind, currency, period)
);

-- One movement of money. `lines` is the JSON list [{"account": id, "amount": n}] as posted; the trigger
-- ledger_entries_expand turns it into ledger_lines in the same statement and refuses an unbalanced entry, so no entry
-- can exist without its lines. A second entry with the same idempotency key is ignored (ON CONFLICT DO NOTHING).
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN (
    'deposit', 'campaign-funding', 'reward', 'withdrawal-hold', 'withdrawal-release', 'withdrawal-payout', 'pool-return'
  )),
  memo TEXT NOT NULL DEFAULT '',
  lines TEXT NOT NULL CHECK (json_valid(lines) AND json_type(lines) = 'array'),
  created_at INTEGER NOT NULL
);

-- Written only by the trigger ledger_entries_expand. At most one line per account in an entry.
CREATE TABLE ledger_lines (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  entry_id INTEGER NOT NULL REFERENCES ledger_entries (id),
  entry_kind TEXT NOT NULL,
  account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (typeof(amount) = 'integer' AND amount != 0),
  created_at INTEGER NOT NULL,
  UNIQUE (entry_id, account_id)
);
CREATE INDEX ledger_lines_by_account ON ledger_lines (account_id, amount);

CREATE TRIGGER ledger_entries_expand AFTER INSERT ON ledger_entries
BEGIN
  SELECT RAISE(ABORT, 'ledger: an entry needs at least two lines')
  WHERE json_array_length(NEW.lines) < 2;
  SELECT RAISE(ABORT, 'ledger: every amount must be a non-zero integer')
  WHERE EXISTS (
    SELECT 1 FROM json_each(NEW.lines)
    WHERE json_type(value, '$.amount') IS NOT 'integer' OR json_extract(value, '$.amount') = 0
  );
  INSERT INTO ledger_lines (entry_id, entry_kind, account_id, currency, amount, created_at)
  SELECT NEW.id, NEW.kind, account.id, account.currency, json_extract(line.value, '$.amount'), NEW.created_at
  FROM json_each(NEW.lines) AS line JOIN ledger_accounts AS account ON account.id = json_extract(line.value, '$.account');
  SELECT RAISE(ABORT, 'ledger: a line names an unknown account')
  WHERE (SELECT COUNT(*) FROM ledger_lines WHERE entry_id = NEW.id) != json_array_length(NEW.lines);
  SELECT RAISE(ABORT, 'ledger: the lines of an entry must sum to zero in each currency')
  WHERE EXISTS (SELECT 1 FROM ledger_lines WHERE entry_id = NEW.id GROUP BY currency HAVING SUM(amount) != 0);
END;

-- Balances never go negative, except the advertiser-deposits account: its negative balance is the money that came
-- into the system from outside (what the advertiser paid in).
CREATE TRIGGER ledger_lines_never_negative AFTER INSERT ON ledger_lines
WHEN NEW.amount < 0 AND (SELECT kind FROM ledger_accounts WHERE id = NEW.account_id) != 'advertiser-deposits'
BEGIN
  SELECT RAISE(ABORT, 'ledger: a balance would go negative')
  WHERE (SELECT SUM(amount) FROM ledger_lines WHERE account_id = NEW.account_id) < 0;
END;

CREATE TRIGGER ledger_accounts_no_update BEFORE UPDATE ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'ledger: accounts are append-only'); END;
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'ledger: accounts are append-only'); END;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger: entries are append-only'); END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger: entries are append-only'); END;
CREATE TRIGGER ledger_lines_no_update BEFORE UPDATE ON ledger_lines
BEGIN SELECT RAISE(ABORT, 'ledger: lines are append-only'); END;
CREATE TRIGGER ledger_lines_no_delete BEFORE DELETE ON ledger_lines
BEGIN SELECT RAISE(ABORT, 'ledger: lines are append-only'); END;

-- ---------------------------------------------------------------------------------------------------------------
-- What each rewarded (or not-rewarded) post got at evaluation, in the same batch as the ledger entries that paid it.
-- The primary key is what makes "no post is paid twice" structural. Append-only like the ledger.
CREATE TABLE post_rewards (
  post_id TEXT PRIMARY KEY REFERENCES posts (id),
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  currency TEXT NOT NULL,
  pool_amount INTEGER NOT NULL CHECK (pool_amount >= 0),
  bonus_amount INTEGER NOT NULL CHECK (bonus_amount >= 0),
  created_at INTEGER NOT NULL
);
CREATE INDEX post_rewards_by_user ON post_rewards (user_id, campaign_id);
CREATE TRIGGER post_rewards_no_update BEFORE UPDATE ON post_rewards
BEGIN SELECT RAISE(ABORT, 'post_rewards are append-only'); END;
CREATE TRIGGER post_rewards_no_delete BEFORE DELETE ON post_rewards
BEGIN SELECT RAISE(ABORT, 'post_rewards are append-only'); END;

-- ---------------------------------------------------------------------------------------------------------------
-- The latest public metrics X returned for a published post, its score, and when to poll next. A row is created by
-- the scheduler for each published post still evaluating; polling stops (next_poll_at NULL) once it matured.
CREATE TABLE post_metrics (
  post_id TEXT PRIMARY KEY REFERENCES posts (id) ON DELETE CASCADE,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  impressions INTEGER NOT NULL DEFAULT 0 CHECK (impressions >= 0),
  likes INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0),
  reposts INTEGER NOT NULL DEFAULT 0 CHECK (reposts >= 0),
  replies INTEGER NOT NULL DEFAULT 0 CHECK (replies >= 0),
  quotes INTEGER NOT NULL DEFAULT 0 CHECK (quotes >= 0),
  bookmarks INTEGER NOT NULL DEFAULT 0 CHECK (bookmarks >= 0),
  score INTEGER NOT NULL DEFAULT 0 CHECK (score >= 0),
  -- Successful polls, and failed attempts since the last success (the failure backoff grows with them).
  polls INTEGER NOT NULL DEFAULT 0,
  failures INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  polled_at INTEGER,
  next_poll_at INTEGER,
  -- A scheduler run holds the post until then while it asks X; a crashed run's lease simply runs out.
  leased_until INTEGER NOT NULL DEFAULT 0,
  matures_at INTEGER NOT NULL,
  matured_at INTEGER,
  -- Among the top 10 % of its campaign week's scores: shares the bonus pool.
  bonus INTEGER NOT NULL DEFAULT 0 CHECK (bonus IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX post_metrics_due ON post_metrics (next_poll_at) WHERE next_poll_at IS NOT NULL;
CREATE INDEX post_metrics_maturing ON post_metrics (matures_at) WHERE matured_at IS NULL;
CREATE INDEX post_metrics_by_campaign ON post_metrics (campaign_id);

-- A creator confirmed payout for a campaign: their eligible posts were claimed, and posts of theirs that become
-- eligible later in the same campaign are claimed when they mature.
CREATE TABLE payout_confirmations (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  confirmed_at INTEGER NOT NULL,
  PRIMARY KEY (campaign_id, user_id)
);

-- A campaign week whose posts have all matured: its bonus posts are chosen, once.
CREATE TABLE campaign_weeks (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  week INTEGER NOT NULL CHECK (week >= 1),
  bonus_posts INTEGER NOT NULL CHECK (bonus_posts >= 0),
  closed_at INTEGER NOT NULL,
  PRIMARY KEY (campaign_id, week)
);

-- Accounts whose posts are not eligible (and, if flagged later, not rewarded).
CREATE TABLE account_flags (
  user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  flagged_at INTEGER NOT NULL
);

-- Named leases of the scheduler: one run at a time per name (e.g. evaluating one campaign). A lease expires on its
-- own, so a crashed run never blocks the next one.
CREATE TABLE scheduler_leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
