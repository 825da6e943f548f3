-- Issue 13, impersonation and roles (docs/decisions/024-impersonation.md).

-- The audit log is append-only like the ledger: an entry, once written, can be neither changed nor removed.
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;

CREATE INDEX audit_log_by_subject ON audit_log (subject_user_id, created_at);

-- An admin acting as someone (a session with real_user_id) lasts at most one hour, whatever the code asks for.
CREATE TRIGGER sessions_impersonation_at_most_an_hour BEFORE INSERT ON sessions
WHEN NEW.real_user_id IS NOT NULL AND NEW.expires_at - NEW.created_at > 3600000
BEGIN SELECT RAISE(ABORT, 'sessions: an impersonation session lasts at most one hour'); END;

-- Failed spoofing attempts, counted per source (a hash of the client address) and hour instead of one audit row each;
-- nothing the caller sent (token, secret, impersonate value) is kept.
CREATE TABLE spoofing_failures (
  source_hash TEXT NOT NULL,
  hour_start INTEGER NOT NULL,
  failures INTEGER NOT NULL CHECK (failures > 0),
  last_reason TEXT NOT NULL,
  last_failed_at INTEGER NOT NULL,
  PRIMARY KEY (source_hash, hour_start)
);
