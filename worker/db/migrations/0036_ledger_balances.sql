-- Issue 26: a balance row per ledger account, kept in the statement that writes each line, and the lines stored once
-- (docs/decisions/008-ledger-and-rewards.md, 033-bounded-statements.md).
--
-- Before: every balance (GET /v1/balance, the dashboard, the profile, a withdrawal's hold, an advertiser's funding)
-- summed every line the account ever had, and so did the never-negative trigger for each debit line; each entry's lines
-- were stored twice, as JSON in ledger_entries.lines and as rows in ledger_lines.
--
-- Now: `ledger_balances` holds one row per account and currency (an account has one currency) with its balance and
-- the part of it that reward entries moved (a creator's `earned`), kept by a trigger on each line's insert, so in the
-- same statement, batch and transaction as its entry; the never-negative rule reads that one row. Entries are posted
-- through the view `ledger_postings` (its lines as JSON, as before), whose trigger writes the entry and its lines and
-- checks them; the JSON itself is no longer stored. An entry's lines are read back by entry id (ledger_lines'
-- UNIQUE (entry_id, account_id) index), e.g. through the same view.

CREATE TABLE ledger_balances (
  account_id TEXT NOT NULL REFERENCES ledger_accounts (id),
  currency TEXT NOT NULL,
  balance INTEGER NOT NULL CHECK (typeof(balance) = 'integer'),
  rewarded INTEGER NOT NULL CHECK (typeof(rewarded) = 'integer'),
  PRIMARY KEY (account_id, currency)
) WITHOUT ROWID;

INSERT INTO ledger_balances (account_id, currency, balance, rewarded)
SELECT account_id, currency, SUM(amount), COALESCE(SUM(CASE WHEN entry_kind = 'reward' THEN amount END), 0)
FROM ledger_lines
GROUP BY account_id, currency;

DROP TRIGGER ledger_lines_never_negative;
DROP TRIGGER ledger_entries_expand;
ALTER TABLE ledger_entries DROP COLUMN lines;

-- Balances never go negative, except the advertiser-deposits account: its negative balance is the money that came
-- into the system from outside (what the advertiser paid in).
CREATE TRIGGER ledger_lines_keep_balance AFTER INSERT ON ledger_lines
BEGIN
  INSERT INTO ledger_balances (account_id, currency, balance, rewarded)
  VALUES (NEW.account_id, NEW.currency, NEW.amount, CASE WHEN NEW.entry_kind = 'reward' THEN NEW.amount ELSE 0 END)
  ON CONFLICT (account_id, currency) DO UPDATE SET balance = balance + excluded.balance, rewarded = rewarded + excluded.rewarded;
  SELECT RAISE(ABORT, 'ledger: a balance would go negative')
  WHERE NEW.amount < 0
    AND (SELECT balance FROM ledger_balances WHERE account_id = NEW.account_id AND currency = NEW.currency) < 0
    AND (SELECT kind FROM ledger_accounts WHERE id = NEW.account_id) != 'advertiser-deposits';
END;

-- An entry with its lines, as JSON [{"account": id, "amount": n}] read from ledger_lines by entry id.
CREATE VIEW ledger_postings AS
SELECT entry.idempotency_key, entry.kind, entry.memo, entry.created_at,
  (SELECT json_group_array(json_object('account', line.account_id, 'amount', line.amount))
   FROM ledger_lines AS line WHERE line.entry_id = entry.id) AS lines
FROM ledger_entries AS entry;

-- Entries are written only through ledger_postings: while its trigger runs, the entry's key is in this table (which is
-- empty otherwise), and an insert into ledger_entries without it is refused. So no entry exists without its lines,
-- checked, whoever writes it.
CREATE TABLE ledger_postings_open (idempotency_key TEXT PRIMARY KEY) WITHOUT ROWID;

CREATE TRIGGER ledger_entries_only_posted BEFORE INSERT ON ledger_entries
WHEN NOT EXISTS (SELECT 1 FROM ledger_postings_open WHERE idempotency_key = NEW.idempotency_key)
BEGIN
  SELECT RAISE(ABORT, 'ledger: entries are written through ledger_postings, with their lines');
END;

-- Posting an entry: a second entry with the same idempotency key is ignored (the trigger does not run), which is what
-- makes a retried movement harmless. Otherwise the entry and its lines are written and the statement aborts unless
-- there are at least two lines, every amount is a non-zero integer, every account exists and the lines sum to zero in
-- each currency. At most one line per account in an entry (ledger_lines' UNIQUE).
CREATE TRIGGER ledger_postings_insert INSTEAD OF INSERT ON ledger_postings
WHEN NOT EXISTS (SELECT 1 FROM ledger_entries WHERE idempotency_key = NEW.idempotency_key)
BEGIN
  SELECT RAISE(ABORT, 'ledger: an entry''s lines must be a JSON array')
  WHERE NOT json_valid(NEW.lines) OR json_type(NEW.lines) IS NOT 'array';
  SELECT RAISE(ABORT, 'ledger: an entry needs at least two lines')
  WHERE json_array_length(NEW.lines) < 2;
  SELECT RAISE(ABORT, 'ledger: every amount must be a non-zero integer')
  WHERE EXISTS (
    SELECT 1 FROM json_each(NEW.lines)
    WHERE json_type(value, '$.amount') IS NOT 'integer' OR json_extract(value, '$.amount') = 0
  );
  INSERT INTO ledger_postings_open (idempotency_key) VALUES (NEW.idempotency_key);
  INSERT INTO ledger_entries (idempotency_key, kind, memo, created_at)
  VALUES (NEW.idempotency_key, NEW.kind, COALESCE(NEW.memo, ''), NEW.created_at);
  DELETE FROM ledger_postings_open WHERE idempotency_key = NEW.idempotency_key;
  INSERT INTO ledger_lines (entry_id, entry_kind, account_id, currency, amount, created_at)
  SELECT entry.id, entry.kind, account.id, account.currency, json_extract(line.value, '$.amount'), entry.created_at
  FROM ledger_entries AS entry, json_each(NEW.lines) AS line
  JOIN ledger_accounts AS account ON account.id = json_extract(line.value, '$.account')
  WHERE entry.idempotency_key = NEW.idempotency_key;
  SELECT RAISE(ABORT, 'ledger: a line names an unknown account')
  WHERE (SELECT COUNT(*) FROM ledger_lines WHERE entry_id = (SELECT id FROM ledger_entries WHERE idempotency_key = NEW.idempotency_key))
    != json_array_length(NEW.lines);
  SELECT RAISE(ABORT, 'ledger: the lines of an entry must sum to zero in each currency')
  WHERE EXISTS (
    SELECT 1 FROM ledger_lines WHERE entry_id = (SELECT id FROM ledger_entries WHERE idempotency_key = NEW.idempotency_key)
    GROUP BY currency HAVING SUM(amount) != 0
  );
END;
