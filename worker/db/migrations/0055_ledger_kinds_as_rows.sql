-- Issue 28 (commissions, docs/decisions/045-commissions.md): the ledger gains account and entry kinds for commission
-- budgets and pending commissions. The kinds were CHECK lists in the tables' definitions (0004), which SQLite cannot
-- alter: the two tables are rebuilt once here, and a kind is now a row of `ledger_account_kinds` /
-- `ledger_entry_kinds` that the column references, so the next kind is an INSERT, not another rebuild.
--
-- The rebuild copies every row as it is (ids included, so `ledger_lines.entry_id` and the AUTOINCREMENT sequence
-- carry on). The triggers on the two tables go with them and are made again after, as
-- 0004 and 0036 made them; the view and the triggers on ledger_lines name the tables and carry on unchanged. Foreign
-- keys are checked at commit (defer_foreign_keys), when every referenced row is back.

PRAGMA defer_foreign_keys = on;

CREATE TABLE ledger_account_kinds (kind TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO ledger_account_kinds (kind) VALUES
  ('advertiser-deposits'), ('advertiser-funding'), ('campaign-pool'), ('campaign-bonus-pool'),
  ('creator-available'), ('creator-withdrawal-hold'), ('creator-paid-out'),
  -- What an advertiser put into a campaign's commissions and has not yet reserved for one.
  ('campaign-commission-budget'),
  -- A creator's commissions within their validation window: reserved from the budget, not yet theirs to withdraw.
  ('creator-commission-pending');

CREATE TABLE ledger_entry_kinds (kind TEXT PRIMARY KEY) WITHOUT ROWID;
INSERT INTO ledger_entry_kinds (kind) VALUES
  ('deposit'), ('campaign-funding'), ('reward'), ('withdrawal-hold'), ('withdrawal-release'), ('withdrawal-payout'), ('pool-return'),
  -- funding → a campaign's commission budget
  ('commission-funding'),
  -- budget → the creator's pending commissions, as a conversion earns one
  ('commission-reserve'),
  -- pending → the creator's available money, when the validation window ends
  ('commission-release'),
  -- pending → budget, when a refund or chargeback cancels a pending commission
  ('commission-cancel'),
  -- available → budget, when a refund or chargeback reverses a commission already released (what the balance allows;
  -- the rest is a debt recovered from the creator's next earnings by later entries of this kind)
  ('commission-clawback');

-- Each table is copied aside, dropped and made again under its own name, and its rows put back: inserting the parent
-- rows under the referenced name is what settles the deferred foreign keys of ledger_lines and ledger_balances.
CREATE TABLE ledger_accounts_copy AS SELECT id, owner_id, kind, currency, period, created_at FROM ledger_accounts;
DROP TABLE ledger_accounts;
CREATE TABLE ledger_accounts (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL,
  kind TEXT NOT NULL REFERENCES ledger_account_kinds (kind),
  currency TEXT NOT NULL CHECK (length(currency) BETWEEN 2 AND 12 AND currency = upper(currency)),
  period INTEGER NOT NULL DEFAULT 0 CHECK (period >= 0),
  created_at INTEGER NOT NULL,
  UNIQUE (owner_id, kind, currency, period)
);
INSERT INTO ledger_accounts (id, owner_id, kind, currency, period, created_at)
SELECT id, owner_id, kind, currency, period, created_at FROM ledger_accounts_copy;
DROP TABLE ledger_accounts_copy;

CREATE TABLE ledger_entries_copy AS SELECT id, idempotency_key, kind, memo, created_at FROM ledger_entries;
DROP TABLE ledger_entries;
CREATE TABLE ledger_entries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  idempotency_key TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL REFERENCES ledger_entry_kinds (kind),
  memo TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);
INSERT INTO ledger_entries (id, idempotency_key, kind, memo, created_at)
SELECT id, idempotency_key, kind, memo, created_at FROM ledger_entries_copy ORDER BY id;
DROP TABLE ledger_entries_copy;

CREATE TRIGGER ledger_accounts_no_update BEFORE UPDATE ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'ledger: accounts are append-only'); END;
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'ledger: accounts are append-only'); END;
CREATE TRIGGER ledger_entries_no_update BEFORE UPDATE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger: entries are append-only'); END;
CREATE TRIGGER ledger_entries_no_delete BEFORE DELETE ON ledger_entries
BEGIN SELECT RAISE(ABORT, 'ledger: entries are append-only'); END;
CREATE TRIGGER ledger_account_kinds_no_change BEFORE UPDATE ON ledger_account_kinds
BEGIN SELECT RAISE(ABORT, 'ledger: kinds are append-only'); END;
CREATE TRIGGER ledger_account_kinds_no_delete BEFORE DELETE ON ledger_account_kinds
BEGIN SELECT RAISE(ABORT, 'ledger: kinds are append-only'); END;
CREATE TRIGGER ledger_entry_kinds_no_change BEFORE UPDATE ON ledger_entry_kinds
BEGIN SELECT RAISE(ABORT, 'ledger: kinds are append-only'); END;
CREATE TRIGGER ledger_entry_kinds_no_delete BEFORE DELETE ON ledger_entry_kinds
BEGIN SELECT RAISE(ABORT, 'ledger: kinds are append-only'); END;

-- From 0036, except that `rewarded` (a creator's `earned`) also counts commissions released to them.
DROP TRIGGER ledger_lines_keep_balance;
CREATE TRIGGER ledger_lines_keep_balance AFTER INSERT ON ledger_lines
BEGIN
  INSERT INTO ledger_balances (account_id, currency, balance, rewarded)
  VALUES (NEW.account_id, NEW.currency, NEW.amount,
    CASE WHEN NEW.entry_kind IN ('reward', 'commission-release') THEN NEW.amount ELSE 0 END)
  ON CONFLICT (account_id, currency) DO UPDATE SET balance = balance + excluded.balance, rewarded = rewarded + excluded.rewarded;
  SELECT RAISE(ABORT, 'ledger: a balance would go negative')
  WHERE NEW.amount < 0
    AND (SELECT balance FROM ledger_balances WHERE account_id = NEW.account_id AND currency = NEW.currency) < 0
    AND (SELECT kind FROM ledger_accounts WHERE id = NEW.account_id) != 'advertiser-deposits';
END;

CREATE TRIGGER ledger_entries_only_posted BEFORE INSERT ON ledger_entries
WHEN NOT EXISTS (SELECT 1 FROM ledger_postings_open WHERE idempotency_key = NEW.idempotency_key)
BEGIN
  SELECT RAISE(ABORT, 'ledger: entries are written through ledger_postings, with their lines');
END;
