-- migrate:up
CREATE TABLE industries (
  industry        text PRIMARY KEY CHECK (industry ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  industry_text   text NOT NULL,
  industry_alts   text[] NOT NULL DEFAULT '{}',
  definition      text NOT NULL DEFAULT '',
  industry_values text[] NOT NULL DEFAULT '{}',
  "limit"         integer NOT NULL DEFAULT 10 CHECK ("limit" > 0),
  active          boolean NOT NULL DEFAULT true,
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX industries_active_idx ON industries (industry) WHERE active;

CREATE TABLE companies (
  upright_cid    text PRIMARY KEY,
  company_name   text NOT NULL,
  slug           text NOT NULL,
  brands         text[] NOT NULL DEFAULT '{}',
  subsidiaries   text[] NOT NULL DEFAULT '{}',
  industry       text NOT NULL REFERENCES industries (industry),
  sectors        text[] NOT NULL DEFAULT '{}',
  structure      text,
  alt_reporting  boolean NOT NULL DEFAULT false,
  self_reporting boolean NOT NULL DEFAULT false,
  updated        date,
  hq_city        text,
  hq_state       text,
  hq_latitude    numeric(9, 6) CHECK (hq_latitude BETWEEN -90 AND 90),
  hq_longitude   numeric(9, 6) CHECK (hq_longitude BETWEEN -180 AND 180),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX companies_slug_idx ON companies (slug);

-- `industries` of spec §3: every industry a company is ranked in, its primary one included.
CREATE TABLE company_industries (
  upright_cid text NOT NULL REFERENCES companies (upright_cid) ON DELETE CASCADE,
  industry    text NOT NULL REFERENCES industries (industry),
  PRIMARY KEY (industry, upright_cid)
);

CREATE TABLE company_scores (
  upright_cid           text NOT NULL REFERENCES companies (upright_cid) ON DELETE CASCADE,
  period_year           smallint NOT NULL CHECK (period_year BETWEEN 2000 AND 2100),
  period_qrt            smallint NOT NULL CHECK (period_qrt BETWEEN 1 AND 4),
  climate_score         numeric(14, 4),
  exec_comp_score       numeric(14, 4),
  us_lobbying_score     numeric(14, 4),
  us_tax_score          numeric(14, 4),
  price_inflation_score numeric(14, 4),
  repurchased_score     numeric(14, 4),
  diverse_rep_score     numeric(14, 4),
  diverse_pay_gap_score numeric(14, 4),
  net_neutrality_score  numeric(14, 4),
  PRIMARY KEY (upright_cid, period_year, period_qrt)
);
CREATE INDEX company_scores_period_idx ON company_scores (period_year, period_qrt);

-- The eight detail tables of spec §3 share one shape, so they share one table keyed by
-- `detail_table`; metric names per table are fixed in services/contracts (DETAIL_TABLES).
CREATE TABLE company_details (
  detail_table     text NOT NULL CHECK (detail_table IN (
                     'companies_taxes', 'companies_us_taxes', 'companies_price_inflations',
                     'companies_repurchases', 'companies_climates', 'companies_diversities',
                     'companies_income_inequalities', 'companies_lobbyings')),
  upright_cid      text NOT NULL REFERENCES companies (upright_cid) ON DELETE CASCADE,
  period_year      smallint NOT NULL CHECK (period_year BETWEEN 2000 AND 2100),
  period_qrt       smallint NOT NULL CHECK (period_qrt BETWEEN 1 AND 4),
  metrics          jsonb NOT NULL,
  source_publisher text NOT NULL,
  source_url       text NOT NULL,
  source_date      date NOT NULL,
  PRIMARY KEY (upright_cid, detail_table, period_year, period_qrt)
);

-- migrate:down
DROP TABLE company_details;
DROP TABLE company_scores;
DROP TABLE company_industries;
DROP TABLE companies;
DROP TABLE industries;
