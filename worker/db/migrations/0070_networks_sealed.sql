-- The networks sealed (docs/decisions/052-networks-sealed.md): the schema names no network.

-- A post's id on its network, whichever network that is. SQLite rewrites the indexes and triggers that name the
-- column (0021, 0022, 0029, 0038, 0060, 0061, 0068, 0069) along with it; the data stays.
ALTER TABLE posts RENAME COLUMN x_post_id TO network_post_id;

-- A person's accounts on networks are rows of network_accounts, X's too: every X account that a user signed in with
-- (users.x_user_id without a ':') gets its row, with the handle the user has. Bluesky's and linked X accounts have
-- theirs since 0040. OR IGNORE: an X account linked after signing up with Bluesky has its row already.
INSERT OR IGNORE INTO network_accounts (network, subject, user_id, handle, linked_at, updated_at)
  SELECT 'x', x_user_id, id, handle, created_at, updated_at FROM users WHERE instr(x_user_id, ':') = 0;

-- users.x_user_id cannot be dropped (a UNIQUE column) nor the table rebuilt inside a D1 migration (decision 042), so
-- it becomes the account the person signed up with, as `<network>:<subject>`: written once when the user is made,
-- never a lookup key (network_accounts is). X ids gain their prefix; a Bluesky sign-up who later linked X had their
-- stand-in replaced by the X id (decision 042), and gets their Bluesky account back as the one they signed up with.
ALTER TABLE users RENAME COLUMN x_user_id TO signup_account;
UPDATE users SET signup_account = 'x:' || signup_account WHERE instr(signup_account, ':') = 0;
UPDATE users SET signup_account = (
    SELECT 'bluesky:' || subject FROM network_accounts
    WHERE network_accounts.user_id = users.id AND network_accounts.network = 'bluesky' AND network_accounts.linked_at = users.created_at
  )
  WHERE EXISTS (
    SELECT 1 FROM network_accounts
    WHERE network_accounts.user_id = users.id AND network_accounts.network = 'bluesky' AND network_accounts.linked_at = users.created_at
  );
