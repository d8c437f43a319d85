-- migrate:up
-- Documents of the embedded engine (used when OPENSEARCH_URL is unset): the index is rebuilt
-- from them at start, so a restart loses nothing. `space` is the index prefix, one per deployment.
CREATE TABLE documents (
  space      text NOT NULL,
  app        text NOT NULL CHECK (app IN ('companies', 'industries', 'reports')),
  id         text NOT NULL,
  body       jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (space, app, id)
);

-- One row per recorded search (Enter / a result list query with a term): popular searches
-- count them, a member's rows are their recent searches.
CREATE TABLE searches (
  id         uuid PRIMARY KEY,
  app        text NOT NULL CHECK (app IN ('companies', 'industries', 'reports')),
  term       text NOT NULL,
  member_uid text,
  hits       integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX searches_popular_idx ON searches (app, lower(term) text_pattern_ops);
CREATE INDEX searches_member_idx ON searches (member_uid, app, created_at DESC) WHERE member_uid IS NOT NULL;

CREATE TABLE impressions (
  search_id  uuid NOT NULL REFERENCES searches (id) ON DELETE CASCADE,
  doc_id     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (search_id, doc_id)
);

CREATE TABLE clicks (
  id         bigserial PRIMARY KEY,
  search_id  uuid NOT NULL REFERENCES searches (id) ON DELETE CASCADE,
  doc_id     text NOT NULL,
  position   integer NOT NULL CHECK (position >= 0),
  click_type text NOT NULL CHECK (click_type IN ('result', 'suggestion')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX clicks_search_idx ON clicks (search_id);

-- migrate:down
DROP TABLE clicks;
DROP TABLE impressions;
DROP TABLE searches;
DROP TABLE documents;
