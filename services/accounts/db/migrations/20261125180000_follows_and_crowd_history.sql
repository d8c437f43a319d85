-- migrate:up
-- Issue 15, decision 0037. Companies a member follows: named by the rankings' upright_cid, with
-- the name and page they were followed from (accounts cannot read rankings' schema). Deleted
-- with the member (decisions §8) by the cascade.
CREATE TABLE follows (
  uid          uuid NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  upright_cid  text NOT NULL CHECK (length(upright_cid) BETWEEN 1 AND 64),
  company_name text NOT NULL CHECK (length(company_name) BETWEEN 1 AND 300),
  industry     text NOT NULL CHECK (length(industry) BETWEEN 1 AND 100),
  slug         text NOT NULL CHECK (length(slug) BETWEEN 1 AND 300),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (uid, upright_cid)
);
-- The alerts' fan-out finds the followers of the moved companies.
CREATE INDEX follows_upright_cid_idx ON follows (upright_cid);

-- Rank alert mails on or off: the mail's unsubscribe link turns them off, following turns them on.
ALTER TABLE users ADD COLUMN follow_alerts boolean NOT NULL DEFAULT true;

-- How many weighted members the stored averages count (0 while fewer than AVERAGES_MIN_MEMBERS:
-- that count is not shown, so it must not cause a publication either).
ALTER TABLE averages ADD COLUMN members integer NOT NULL DEFAULT 0 CHECK (members >= 0);

-- One row per publication of changed averages (the crowd's weights in the open, decisions §4).
CREATE TABLE averages_snapshots (
  id           bigserial PRIMARY KEY,
  published_at timestamptz NOT NULL DEFAULT now(),
  members      integer NOT NULL CHECK (members >= 0),
  averages     jsonb NOT NULL
);
CREATE INDEX averages_snapshots_published_at_idx ON averages_snapshots (published_at);

-- migrate:down
DROP TABLE averages_snapshots;
ALTER TABLE averages DROP COLUMN members;
ALTER TABLE users DROP COLUMN follow_alerts;
DROP TABLE follows;
