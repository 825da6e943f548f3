-- Issue 36 (docs/decisions/039-a-million-creators.md): who joined which campaign, in the catalog. A campaign's own
-- participants move into its Durable Object; what spans a person's campaigns (the dashboard, /campaigns, the posting
-- form, the signed-in frame, settings) and what the catalog does for one campaign (its card's participant count,
-- announcements, the people who joined through an invitation) read this instead. A join writes both, in one batch.
CREATE TABLE campaign_memberships (
  user_id TEXT NOT NULL REFERENCES users (id),
  campaign_id TEXT NOT NULL REFERENCES campaigns (id),
  joined_at INTEGER NOT NULL,
  invitation_id TEXT REFERENCES invitations (id),
  PRIMARY KEY (user_id, campaign_id)
) WITHOUT ROWID;
CREATE INDEX campaign_memberships_by_campaign ON campaign_memberships (campaign_id, user_id);
CREATE INDEX campaign_memberships_by_invitation ON campaign_memberships (invitation_id) WHERE invitation_id IS NOT NULL;

INSERT INTO campaign_memberships (user_id, campaign_id, joined_at, invitation_id)
SELECT user_id, campaign_id, joined_at, invitation_id FROM campaign_participants WHERE true;

-- The card's participant count follows the catalog's memberships, not the campaign's own rows.
DROP TRIGGER campaign_participant_counts_on_join;
DROP TRIGGER campaign_participant_counts_on_leave;

CREATE TRIGGER campaign_participant_counts_on_join AFTER INSERT ON campaign_memberships
BEGIN
  INSERT INTO campaign_participant_counts (campaign_id, participants) VALUES (NEW.campaign_id, 1)
  ON CONFLICT (campaign_id) DO UPDATE SET participants = participants + 1;
END;

CREATE TRIGGER campaign_participant_counts_on_leave AFTER DELETE ON campaign_memberships
BEGIN
  UPDATE campaign_participant_counts SET participants = participants - 1 WHERE campaign_id = OLD.campaign_id;
END;

-- Every read by person now goes through the memberships.
DROP INDEX campaign_participants_by_user;
DROP INDEX campaign_participants_by_invitation;
