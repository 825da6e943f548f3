-- Issue 26: the weeks that still have posts evaluating (week closing, every minute) are read in index order from the
-- posts that are evaluating now, instead of collecting and sorting them (docs/decisions/033-bounded-statements.md).
-- The index holds only published posts still evaluating: it stays the size of the posts inside their maturity period.
CREATE INDEX posts_evaluating_by_week ON posts (campaign_id, campaign_week) WHERE status = 'evaluating' AND x_post_id IS NOT NULL;
