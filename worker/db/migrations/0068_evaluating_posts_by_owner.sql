-- Metrics polling fills an owner's read (docs/decisions/048-polling-fan-out.md): when one of an owner's posts is due,
-- the owner's other posts on that network that are due soon are read in the same call. They are found here, by owner
-- and network, among published posts still evaluating: the index stays the size of the posts inside their maturity
-- period, and a lookup reads only that owner's entries.
CREATE INDEX posts_evaluating_by_owner ON posts (user_id, network) WHERE status = 'evaluating' AND x_post_id IS NOT NULL;
