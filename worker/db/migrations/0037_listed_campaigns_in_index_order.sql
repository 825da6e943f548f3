-- Issue 26: campaign lists read only the cards they show (docs/decisions/033-bounded-statements.md).
--
-- Before: `/campaigns`, the dashboard's open campaigns and `/past-campaigns` asked for `status IN (…)` ordered by end
-- date; the index (status, ends_at) gives each status's rows in order but not the two statuses' rows merged, so every
-- listed campaign was read and sorted before the first card was shown. Now each list has a partial index holding
-- exactly its campaigns (public, published, in its statuses) in end-date order, which the lists read with INDEXED BY
-- and stop at their LIMIT (after the cursor, for the pages of past campaigns).
CREATE INDEX campaigns_listed_current ON campaigns (ends_at, id)
  WHERE status IN ('active', 'ending') AND visibility = 'public' AND published_at IS NOT NULL;
CREATE INDEX campaigns_listed_past ON campaigns (ends_at, id)
  WHERE status IN ('evaluating', 'evaluated') AND visibility = 'public' AND published_at IS NOT NULL;

-- The admin's notification audience picker: the most recently published campaigns, page by page, and a search by the
-- start of a title (case-insensitive), instead of every campaign at once.
CREATE INDEX campaigns_by_publication ON campaigns (published_at, id) WHERE published_at IS NOT NULL;
CREATE INDEX campaigns_by_title ON campaigns (title COLLATE NOCASE, id) WHERE published_at IS NOT NULL;
