-- Issue 26: what a campaign card shows of its pools (funded into them, remaining in them) is read from one row per
-- campaign, kept as ledger lines are written, instead of summing every line of the campaign's pool accounts on each
-- card (docs/decisions/033-bounded-statements.md). The same sums as before: `funded`, the positive lines of
-- `campaign-funding` entries into the weekly and bonus pools; `remaining`, every line of those accounts. Lines are
-- written only by the ledger's own trigger (ledger_entries_expand) and never change or go away (008), so one trigger on
-- their insert keeps the row, in the same statement as the entry.
CREATE TABLE campaign_pool_totals (
  campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
  funded INTEGER NOT NULL,
  remaining INTEGER NOT NULL
);

INSERT INTO campaign_pool_totals (campaign_id, funded, remaining)
SELECT account.owner_id,
       COALESCE(SUM(CASE WHEN line.amount > 0 AND line.entry_kind = 'campaign-funding' THEN line.amount END), 0),
       COALESCE(SUM(line.amount), 0)
FROM ledger_accounts AS account JOIN ledger_lines AS line ON line.account_id = account.id
WHERE account.kind IN ('campaign-pool', 'campaign-bonus-pool')
GROUP BY account.owner_id;

CREATE TRIGGER campaign_pool_totals_on_line AFTER INSERT ON ledger_lines
BEGIN
  INSERT INTO campaign_pool_totals (campaign_id, funded, remaining)
  SELECT account.owner_id, CASE WHEN NEW.amount > 0 AND NEW.entry_kind = 'campaign-funding' THEN NEW.amount ELSE 0 END, NEW.amount
  FROM ledger_accounts AS account
  WHERE account.id = NEW.account_id AND account.kind IN ('campaign-pool', 'campaign-bonus-pool')
  ON CONFLICT (campaign_id) DO UPDATE SET funded = funded + excluded.funded, remaining = remaining + excluded.remaining;
END;
