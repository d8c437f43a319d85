-- migrate:up
-- Popular searches count distinct searchers (decision 0020): a visitor is told apart by a daily
-- pseudonym the BFF derives from the client address with its own key; the address is not kept.
ALTER TABLE searches ADD COLUMN visitor_key text CHECK (visitor_key ~ '^[A-Za-z0-9_-]{16,64}$');
-- The retention sweep deletes by age.
CREATE INDEX searches_created_idx ON searches (space, created_at);

-- migrate:down
DROP INDEX searches_created_idx;
ALTER TABLE searches DROP COLUMN visitor_key;
