-- Issue 27 (docs/decisions/041-disclosure.md): every campaign names what it advertises (networks restrict some
-- categories: X's paid-partnership label excludes ten) and the disclosure its posts open with (default #ad).
-- Existing campaigns get 'other' and '#ad'.
ALTER TABLE campaigns ADD COLUMN category TEXT NOT NULL DEFAULT 'other'
  CHECK (category IN ('technology', 'software', 'finance', 'gaming', 'entertainment', 'food-and-drink', 'travel', 'fashion-and-beauty', 'home-and-living', 'education', 'sports', 'other', 'dating', 'alcohol', 'sexual-content', 'drugs', 'political-or-social-issues', 'health-and-wellness', 'weight-loss', 'medicines', 'tobacco', 'weapons'));
ALTER TABLE campaigns ADD COLUMN disclosure TEXT NOT NULL DEFAULT '#ad' CHECK (length(disclosure) BETWEEN 2 AND 40);

-- What the network showed at the latest poll: the post's text (links expanded), and whether its paid-partnership
-- label was on (1/0; NULL before the first answer, or on a network without such a label). Maturity checks both.
ALTER TABLE post_metrics ADD COLUMN read_text TEXT;
ALTER TABLE post_metrics ADD COLUMN paid_partnership INTEGER CHECK (paid_partnership IN (0, 1));
