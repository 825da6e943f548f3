-- Withdrawals (issue 10, docs/decisions/015-withdrawals.md): when the last mailed code of a withdrawal went out, so the
-- creator sees how long until it may be sent again. NULL for the authenticator, and while no mail has gone out (a
-- mail that failed leaves it NULL: resending is allowed at once).
ALTER TABLE withdrawals ADD COLUMN code_sent_at INTEGER;
