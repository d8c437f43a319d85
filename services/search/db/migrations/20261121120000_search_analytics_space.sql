-- migrate:up
-- Analytics belong to one deployment's index space, like the documents (tests isolate by it too).
ALTER TABLE searches ADD COLUMN space text NOT NULL DEFAULT 'upright';
DROP INDEX searches_popular_idx;
CREATE INDEX searches_popular_idx ON searches (space, app, lower(term) text_pattern_ops);

-- migrate:down
DROP INDEX searches_popular_idx;
CREATE INDEX searches_popular_idx ON searches (app, lower(term) text_pattern_ops);
ALTER TABLE searches DROP COLUMN space;
