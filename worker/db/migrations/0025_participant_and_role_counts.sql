-- Issue 26: counts that pages show, kept as the rows they count are written, instead of counted on every view
-- (docs/decisions/033-bounded-statements.md): creators per role for /admin, participants per campaign for /admin's
-- audiences and every campaign card. Triggers keep them in the same statement as the insert or delete, whoever
-- writes it (an `ON CONFLICT DO NOTHING` that inserts nothing counts nothing).
CREATE TABLE user_role_counts (
  role TEXT PRIMARY KEY,
  users INTEGER NOT NULL CHECK (users >= 0)
);

INSERT INTO user_role_counts (role, users) SELECT role, COUNT(*) FROM user_roles GROUP BY role;

CREATE TRIGGER user_role_counts_on_insert AFTER INSERT ON user_roles
BEGIN
  INSERT INTO user_role_counts (role, users) VALUES (NEW.role, 1)
  ON CONFLICT (role) DO UPDATE SET users = users + 1;
END;

CREATE TRIGGER user_role_counts_on_delete AFTER DELETE ON user_roles
BEGIN
  UPDATE user_role_counts SET users = users - 1 WHERE role = OLD.role;
END;

CREATE TABLE campaign_participant_counts (
  campaign_id TEXT PRIMARY KEY REFERENCES campaigns (id),
  participants INTEGER NOT NULL CHECK (participants >= 0)
);

INSERT INTO campaign_participant_counts (campaign_id, participants)
SELECT campaign_id, COUNT(*) FROM campaign_participants GROUP BY campaign_id;

CREATE TRIGGER campaign_participant_counts_on_join AFTER INSERT ON campaign_participants
BEGIN
  INSERT INTO campaign_participant_counts (campaign_id, participants) VALUES (NEW.campaign_id, 1)
  ON CONFLICT (campaign_id) DO UPDATE SET participants = participants + 1;
END;

CREATE TRIGGER campaign_participant_counts_on_leave AFTER DELETE ON campaign_participants
BEGIN
  UPDATE campaign_participant_counts SET participants = participants - 1 WHERE campaign_id = OLD.campaign_id;
END;
