-- Issue 28, items 4 and 5 (docs/decisions/047-risk-and-review.md): pool-rewarded posts are scored at evaluation and a
-- risky one's reward is held for the advertiser's review; clicks are counted per device and per address, and a
-- creator's own signed-in device is recognised (self-referral).

-- Reviews now cover posts too: the kind's CHECK cannot be altered, so the (young) table is rebuilt, rows kept.
CREATE TABLE risk_reviews_copy AS SELECT * FROM risk_reviews;
DROP TABLE risk_reviews;
CREATE TABLE risk_reviews (
  item_id TEXT PRIMARY KEY,
  item_kind TEXT NOT NULL CHECK (item_kind IN ('commission', 'post')),
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
INSERT INTO risk_reviews SELECT * FROM risk_reviews_copy;
DROP TABLE risk_reviews_copy;
CREATE INDEX risk_reviews_due ON risk_reviews (due_at) WHERE status = 'watching';
CREATE INDEX risk_reviews_held ON risk_reviews (advertiser_id, scored_at) WHERE status = 'held';
CREATE INDEX risk_reviews_decided ON risk_reviews (advertiser_id, decided_at) WHERE decided_by IS NOT NULL;

-- A held post's reward waits in its campaign's hold account: moved there from the pools at evaluation
-- ('reward-hold'), paid to the creator on approval (a 'reward' entry, so it counts as earned and as spend) or given back
-- to the week's and the bonus pool on rejection ('reward-return'), where unpaid shares stay (008).
INSERT INTO ledger_account_kinds (kind) VALUES ('campaign-reward-hold');
INSERT INTO ledger_entry_kinds (kind) VALUES ('reward-hold'), ('reward-return');

-- Spend counts a reward paid out of the hold account as it counts one paid out of a pool.
DROP TRIGGER campaign_daily_on_reward_line;
CREATE TRIGGER campaign_daily_on_reward_line AFTER INSERT ON ledger_lines
WHEN NEW.entry_kind = 'reward'
BEGIN
  INSERT INTO campaign_daily (campaign_id, day, spend)
  SELECT account.owner_id, NEW.created_at / 86400000 * 86400000, -NEW.amount
  FROM ledger_accounts AS account
  WHERE account.id = NEW.account_id AND account.kind IN ('campaign-pool', 'campaign-bonus-pool', 'campaign-reward-hold')
  ON CONFLICT (campaign_id, day) DO UPDATE SET spend = spend + excluded.spend;
END;

-- The same text posted by other creators of a campaign is found by this index (text compared trimmed and lower-cased).
CREATE INDEX posts_by_campaign_text ON posts (campaign_id, lower(trim(content)));

-- A post's impressions gained per UTC day (epoch ms of the day's start), from each poll's increase: the burst signal
-- reads a post's last days by primary key. A row per post and polled day, so it grows with posts like post_metrics.
CREATE TABLE post_impression_days (
  post_id TEXT NOT NULL,
  day INTEGER NOT NULL,
  gained INTEGER NOT NULL CHECK (gained >= 0),
  PRIMARY KEY (post_id, day)
) WITHOUT ROWID;
CREATE TRIGGER post_impression_days_on_poll AFTER UPDATE OF impressions ON post_metrics
WHEN NEW.impressions > OLD.impressions
BEGIN
  INSERT INTO post_impression_days (post_id, day, gained)
  VALUES (NEW.post_id, NEW.updated_at / 86400000 * 86400000, NEW.impressions - OLD.impressions)
  ON CONFLICT (post_id, day) DO UPDATE SET gained = gained + excluded.gained;
END;

-- Clicks per campaign, UTC day and source: `source` is 'device:' or 'address:' and the click's keyed hash (043).
-- Day first, so the scheduler deletes days past the attribution window by primary key: the rollup does not grow.
CREATE TABLE referral_click_sources (
  day TEXT NOT NULL,
  campaign_id TEXT NOT NULL,
  source TEXT NOT NULL,
  clicks INTEGER NOT NULL CHECK (clicks >= 0),
  PRIMARY KEY (day, campaign_id, source)
) WITHOUT ROWID;
