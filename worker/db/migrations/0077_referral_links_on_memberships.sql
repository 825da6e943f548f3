-- Issue 36 (docs/decisions/039-a-million-creators.md): a creator's referral link is made with their membership, in the
-- catalog, where a visit to /r/{code} and ingestion's click ids look it up without knowing the campaign. Its clicks
-- are counted with the campaign's data.
DROP TRIGGER referral_link_on_join;

CREATE TRIGGER referral_link_on_join AFTER INSERT ON campaign_memberships
BEGIN
  INSERT INTO referral_links (code, campaign_id, user_id, created_at)
  VALUES (lower(hex(randomblob(6))), NEW.campaign_id, NEW.user_id, NEW.joined_at)
  ON CONFLICT DO NOTHING;
END;
