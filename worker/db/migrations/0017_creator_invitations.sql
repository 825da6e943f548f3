-- Creators invite creators (issue 25; docs/decisions/032-spec-server-items.md section 5): a joined creator makes an
-- invitation link to a campaign (`invitations.inviter_user_id` is then that creator) and sees who joined through it.
-- A creator's links, newest first: how many they made in the last day (the daily limit) and their usable link.
CREATE INDEX invitations_by_inviter_user ON invitations (inviter_user_id, created_at);
-- Who joined through an invitation (the join records it in `campaign_participants.invitation_id`).
CREATE INDEX campaign_participants_by_invitation ON campaign_participants (invitation_id);
