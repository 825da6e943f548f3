-- Campaigns made in the advertiser console start as drafts (docs/decisions/019-advertiser-console.md): a draft has
-- no `published_at`, is never listed, shown or joinable for creators, and never leaves `inactive`. Every campaign
-- that exists already (the demo data) is published, as of its creation.
ALTER TABLE campaigns ADD COLUMN published_at INTEGER;
UPDATE campaigns SET published_at = created_at;
