-- Issue 26: the scheduler's queues read only what is in them (docs/decisions/033-bounded-statements.md).
-- `withdrawals_in_flight` (WHERE status IN ('verifying', 'pending')) was never used: SQLite takes a partial index only
-- when the query's WHERE implies the index's, and `status = 'verifying'` does not imply `status IN (…)` by its rules,
-- so both listings scanned every withdrawal ever made and sorted the matches. One partial index per queue, whose
-- condition is the listing's own, holds only the withdrawals in that queue, already in the listing's order.
DROP INDEX withdrawals_in_flight;
CREATE INDEX withdrawals_verifying ON withdrawals (updated_at, id) WHERE status = 'verifying';
CREATE INDEX withdrawals_pending ON withdrawals (updated_at, id) WHERE status = 'pending';

-- Pending deposits in the settlement's order (created_at, id), so it reads its page without sorting them all.
DROP INDEX advertiser_deposits_pending;
CREATE INDEX advertiser_deposits_pending ON advertiser_deposits (created_at, id) WHERE status = 'pending';
