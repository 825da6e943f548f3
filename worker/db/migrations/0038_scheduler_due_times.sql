-- Issue 26: the scheduler reads the campaigns that are due, not every live campaign every minute
-- (docs/decisions/033-bounded-statements.md).
--
-- Starting a campaign: funded, published, inactive campaigns by start time (the other moves, to ending and to
-- evaluating, search (status, ends_at) by end time).
CREATE INDEX campaigns_to_start ON campaigns (starts_at)
  WHERE status = 'inactive' AND funded_at IS NOT NULL AND published_at IS NOT NULL;

-- Campaign health: when each live or maturing campaign's health is next recomputed (0: at once). The scheduler
-- reads the campaigns due, recomputes their health from campaign_pacing and sets the next time.
ALTER TABLE campaigns ADD COLUMN health_due_at INTEGER NOT NULL DEFAULT 0;
CREATE INDEX campaigns_health_due ON campaigns (health_due_at) WHERE status IN ('active', 'ending', 'evaluating');

-- Week closing: when a campaign may next have a week to close (the end of its first unclosed week's window, or the
-- moment the last evaluating post of an ended week matures); NULL once every week is closed. Set from the dates
-- when a campaign is written, moved on by the week-closing step, and brought forward to the moment a post of an
-- ended week stops evaluating.
ALTER TABLE campaigns ADD COLUMN weeks_due_at INTEGER;
CREATE INDEX campaigns_weeks_due ON campaigns (weeks_due_at) WHERE status IN ('active', 'ending', 'evaluating');

-- Every campaign not evaluated yet starts again from its first week; the step skips the weeks already closed.
UPDATE campaigns SET weeks_due_at = MIN(starts_at + 604800000, ends_at) WHERE status != 'evaluated';

CREATE TRIGGER campaigns_weeks_due_on_insert AFTER INSERT ON campaigns
BEGIN
  UPDATE campaigns SET weeks_due_at = MIN(NEW.starts_at + 604800000, NEW.ends_at) WHERE id = NEW.id;
END;

CREATE TRIGGER campaigns_weeks_due_on_dates AFTER UPDATE OF starts_at, ends_at ON campaigns
WHEN NEW.starts_at != OLD.starts_at OR NEW.ends_at != OLD.ends_at
BEGIN
  UPDATE campaigns SET weeks_due_at = MIN(NEW.starts_at + 604800000, NEW.ends_at) WHERE id = NEW.id;
END;

-- A published post of an ended week stops evaluating (it matured, or was deleted): its week may now close, so the
-- campaign is due at that moment (once: later posts find it due already).
CREATE TRIGGER campaigns_weeks_due_on_maturity AFTER UPDATE OF status ON posts
WHEN OLD.status = 'evaluating' AND NEW.status != 'evaluating' AND NEW.x_post_id IS NOT NULL
BEGIN
  UPDATE campaigns SET weeks_due_at = NEW.updated_at
  WHERE id = NEW.campaign_id AND weeks_due_at > NEW.updated_at
    AND MIN(starts_at + NEW.campaign_week * 604800000, ends_at) <= NEW.updated_at;
END;
