-- Issue 36 (docs/decisions/039-a-million-creators.md): a press of Post is recognised within its campaign, where its
-- post is stored: the client request id is unique per campaign and creator (the campaign's object will hold the index),
-- and a crashed attempt's reservation is looked for in the same campaign. No read goes through a creator's posts in
-- every campaign any more, so their index by person and time goes.
DROP INDEX posts_by_client_request;
CREATE UNIQUE INDEX posts_by_client_request ON posts (campaign_id, user_id, client_request_id) WHERE client_request_id IS NOT NULL;
DROP INDEX posts_by_user;
