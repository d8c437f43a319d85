-- migrate:up
-- Spec §3 Report. `industry` and `upright_cid` name rankings' rows; no foreign key crosses
-- schemas (each service owns its own), the import validates those references.
CREATE TABLE reports (
  report_id      integer PRIMARY KEY CHECK (report_id >= 1),
  title          text NOT NULL,
  slug           text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  published_date date NOT NULL,
  industry       text NOT NULL,
  value          text NOT NULL,
  geography      text NOT NULL,
  count          integer NOT NULL CHECK (count BETWEEN 1 AND 1000),
  "primary"      boolean NOT NULL DEFAULT false,
  major          boolean NOT NULL DEFAULT false,
  major_ranking  boolean NOT NULL DEFAULT false,
  -- L of decisions §5, set when the report is published (frozen).
  lowest_rank    integer CHECK (lowest_rank >= 0),
  archived       boolean NOT NULL DEFAULT false,
  featured       boolean NOT NULL DEFAULT false,
  period_year    smallint NOT NULL CHECK (period_year BETWEEN 2000 AND 2100),
  period_qrt     smallint NOT NULL CHECK (period_qrt BETWEEN 1 AND 4),
  -- The report's copy (markdown).
  report         text NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
-- The lists: newest first.
CREATE INDEX reports_latest_idx ON reports (published_date DESC, report_id DESC) WHERE NOT archived;
CREATE INDEX reports_featured_idx ON reports (published_date DESC, report_id DESC)
  WHERE featured AND NOT archived;
CREATE INDEX reports_period_idx ON reports (period_year, period_qrt, industry);

-- The ranking a report showed when it was published (decisions §6): written once, never updated.
CREATE TABLE report_snapshots (
  report_id   integer PRIMARY KEY REFERENCES reports (report_id) ON DELETE CASCADE,
  period_year smallint NOT NULL,
  period_qrt  smallint NOT NULL,
  lowest_rank integer NOT NULL CHECK (lowest_rank >= 0),
  -- The ranked rows (TopCompany[] of services/contracts) as rankings answered them.
  rankings    jsonb NOT NULL CHECK (jsonb_typeof(rankings) = 'array'),
  frozen_at   timestamptz NOT NULL DEFAULT now(),
  frozen_by   text NOT NULL
);

CREATE TABLE report_sources (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id        integer NOT NULL REFERENCES reports (report_id) ON DELETE CASCADE,
  upright_cid      text,
  source_publisher text NOT NULL,
  source_url       text NOT NULL,
  source_date      date NOT NULL,
  title            text NOT NULL,
  UNIQUE NULLS NOT DISTINCT (report_id, upright_cid, source_url)
);
CREATE INDEX report_sources_company_idx ON report_sources (upright_cid) WHERE upright_cid IS NOT NULL;

-- migrate:down
DROP TABLE report_sources;
DROP TABLE report_snapshots;
DROP TABLE reports;
