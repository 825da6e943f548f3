-- Issue 36: each campaign's lifecycle runs on its own Durable Object's alarm; the scheduler only wakes the objects of
-- campaigns that are due and that nothing has done yet (worker/db/reward-campaigns.ts, listDueCampaignIds). Its
-- evaluation arm reads the evaluating campaigns whose maturity period is over from this index by that time, instead
-- of every evaluating campaign.
CREATE INDEX campaigns_evaluation_due ON campaigns (ends_at + maturity_hours * 3600000) WHERE status = 'evaluating';
