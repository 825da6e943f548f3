-- Issue 28, item 3 (docs/decisions/045-commissions.md): commissions per campaign and event type, paid from a commission
-- budget through the ledger, pending for the campaign's validation window, then available; reversed by a refund or
-- chargeback naming the event.

-- A refund or chargeback names the event it reverses. `commission_state` is 'due' for an event the scheduler's intake
-- has to look at (a reversal, or an event credited to a campaign with a rule for its type), 'done' once it has; NULL
-- for every other event, so the intake's index holds only the events still to look at.
ALTER TABLE conversion_events ADD COLUMN reverses_event_id TEXT;
ALTER TABLE conversion_events ADD COLUMN commission_state TEXT CHECK (commission_state IS NULL OR commission_state IN ('due', 'done'));
CREATE INDEX conversion_events_commission_due ON conversion_events (received_at) WHERE commission_state = 'due';

-- Per campaign: how long a commission stays pending, and what the console tells the advertiser about the budget
-- (conversions that found it too small, counted since the last funding, and when the last did).
CREATE TABLE commission_programs (
  campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
  validation_days INTEGER NOT NULL DEFAULT 0 CHECK (validation_days BETWEEN 0 AND 90),
  budget_short_count INTEGER NOT NULL DEFAULT 0 CHECK (budget_short_count >= 0),
  budget_short_at INTEGER,
  updated_at INTEGER NOT NULL
);

-- Per campaign and event type: a fixed amount, or a share of the event's value in basis points; amounts in the
-- campaign's reward currency's smallest unit.
CREATE TABLE commission_rules (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  event_type TEXT NOT NULL,
  fixed_amount INTEGER CHECK (fixed_amount IS NULL OR fixed_amount > 0),
  share_bps INTEGER CHECK (share_bps IS NULL OR share_bps BETWEEN 1 AND 10000),
  min_value INTEGER CHECK (min_value IS NULL OR min_value >= 0),
  creator_weekly_cap INTEGER CHECK (creator_weekly_cap IS NULL OR creator_weekly_cap > 0),
  campaign_cap INTEGER CHECK (campaign_cap IS NULL OR campaign_cap > 0),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (campaign_id, event_type),
  CHECK ((fixed_amount IS NULL) != (share_bps IS NULL))
) WITHOUT ROWID;

-- One commission per conversion event. Its money is in the ledger (reserve, release, cancel, clawback entries keyed by
-- the commission); this row is its state. `debt` is what a reversal could not take back from the creator's available
-- balance, recovered from their next earnings into `debt_recovered`.
CREATE TABLE commissions (
  id TEXT PRIMARY KEY,
  advertiser_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  creator_id TEXT NOT NULL REFERENCES users (id),
  event_type TEXT NOT NULL,
  currency TEXT NOT NULL,
  amount INTEGER NOT NULL CHECK (amount > 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'available', 'reversed')),
  created_at INTEGER NOT NULL,
  available_at INTEGER NOT NULL,
  released_at INTEGER,
  reversed_at INTEGER,
  reversal_event_id TEXT,
  debt INTEGER NOT NULL DEFAULT 0 CHECK (debt >= 0 AND debt <= amount),
  debt_recovered INTEGER NOT NULL DEFAULT 0 CHECK (debt_recovered >= 0 AND debt_recovered <= debt),
  -- The batch that last changed the row: that batch's ledger entries are written only for rows it changed, so a
  -- stale or concurrent batch moves no money.
  change_id TEXT NOT NULL,
  UNIQUE (advertiser_id, event_id)
);
-- The scheduler reads only what is due (docs/decisions/033-bounded-statements.md, 038/039).
CREATE INDEX commissions_due ON commissions (available_at) WHERE status = 'pending';
CREATE INDEX commissions_in_debt ON commissions (creator_id) WHERE debt > debt_recovered;
CREATE INDEX commissions_by_creator ON commissions (creator_id, created_at);

-- What commissions have used of each cap: per creator and campaign week (`week` ≥ 1), and for the campaign (creator
-- '' and week 0). A batch that would take a row past its cap sets it to -1 and fails its CHECK, so two calls racing
-- for the last of a cap cannot both have it.
CREATE TABLE commission_usage (
  campaign_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  creator_id TEXT NOT NULL,
  week INTEGER NOT NULL CHECK (week >= 0),
  amount INTEGER NOT NULL CHECK (amount >= 0),
  PRIMARY KEY (campaign_id, event_type, creator_id, week)
) WITHOUT ROWID;
