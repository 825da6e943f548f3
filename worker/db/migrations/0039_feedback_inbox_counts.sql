-- Issue 26: the admins' feedback inbox reads the messages it shows and two counters, not every message
-- (docs/decisions/033-bounded-statements.md).
--
-- The inbox lists open messages (or handled ones, or all with the open first), newest first: the index holds them in
-- that order, by whether they are handled.
CREATE INDEX feedback_inbox ON feedback ((handled_at IS NOT NULL), created_at DESC, id);
DROP INDEX feedback_open;

-- How many messages are open and handled: one row, kept by triggers in the statement that writes a message.
CREATE TABLE feedback_counts (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  open INTEGER NOT NULL,
  handled INTEGER NOT NULL
);
INSERT INTO feedback_counts (id, open, handled)
SELECT 1, COALESCE(SUM(handled_at IS NULL), 0), COALESCE(SUM(handled_at IS NOT NULL), 0) FROM feedback;

CREATE TRIGGER feedback_counts_on_insert AFTER INSERT ON feedback
BEGIN
  UPDATE feedback_counts SET open = open + (NEW.handled_at IS NULL), handled = handled + (NEW.handled_at IS NOT NULL) WHERE id = 1;
END;

CREATE TRIGGER feedback_counts_on_handling AFTER UPDATE OF handled_at ON feedback
WHEN (OLD.handled_at IS NULL) != (NEW.handled_at IS NULL)
BEGIN
  UPDATE feedback_counts
  SET open = open + (NEW.handled_at IS NULL) - (OLD.handled_at IS NULL),
      handled = handled + (NEW.handled_at IS NOT NULL) - (OLD.handled_at IS NOT NULL)
  WHERE id = 1;
END;

CREATE TRIGGER feedback_counts_on_delete AFTER DELETE ON feedback
BEGIN
  UPDATE feedback_counts SET open = open - (OLD.handled_at IS NULL), handled = handled - (OLD.handled_at IS NOT NULL) WHERE id = 1;
END;
