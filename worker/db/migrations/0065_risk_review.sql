-- Issue 28, items 4 and 5 (docs/decisions/047-risk-and-review.md): every commission is scored for risk before its money
-- moves; above its campaign's threshold it is held for the advertiser's review, below it it is approved when the
-- campaign's review window ends. A pending commission becomes available only once approved.

-- Per campaign: the score from which an item is held, and how long an item below it waits before it is approved.
CREATE TABLE risk_settings (
  campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
  review_threshold INTEGER NOT NULL DEFAULT 70 CHECK (review_threshold BETWEEN 1 AND 100),
  review_window_hours INTEGER NOT NULL DEFAULT 48 CHECK (review_window_hours BETWEEN 0 AND 720),
  updated_at INTEGER NOT NULL
);

-- Where a commission stands in review: 'unscored' as the intake makes it, then 'watching' (below the threshold, until
-- the window ends) or 'held', then 'approved' or 'rejected'. Commissions made before this migration are scored too.
ALTER TABLE commissions ADD COLUMN review_state TEXT NOT NULL DEFAULT 'unscored'
  CHECK (review_state IN ('unscored', 'watching', 'held', 'approved', 'rejected'));
CREATE INDEX commissions_unscored ON commissions (created_at) WHERE review_state = 'unscored';
-- The release reads what is pending, due and approved through this index (commissions_due no longer fits its query).
CREATE INDEX commissions_releasable ON commissions (available_at) WHERE status = 'pending' AND review_state = 'approved';

-- One review per scored item (today: commissions), with its score, its reasons in words and the evidence behind them
-- (JSON), and the decision: automatic when `decided_by` is NULL, else the advertiser member's, with the reason the
-- creator sees. `change_id` is the batch that decided it (its audit rows are written for the rows it changed).
CREATE TABLE risk_reviews (
  item_id TEXT PRIMARY KEY,
  item_kind TEXT NOT NULL CHECK (item_kind IN ('commission')),
  advertiser_id TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  creator_id TEXT NOT NULL,
  score INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
  reasons TEXT NOT NULL,
  evidence TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('watching', 'held', 'approved', 'rejected')),
  scored_at INTEGER NOT NULL,
  due_at INTEGER NOT NULL,
  decided_at INTEGER,
  decided_by TEXT,
  decision_reason TEXT,
  change_id TEXT
) WITHOUT ROWID;
CREATE INDEX risk_reviews_due ON risk_reviews (due_at) WHERE status = 'watching';
CREATE INDEX risk_reviews_held ON risk_reviews (advertiser_id, scored_at) WHERE status = 'held';
CREATE INDEX risk_reviews_decided ON risk_reviews (advertiser_id, decided_at) WHERE decided_by IS NOT NULL;
