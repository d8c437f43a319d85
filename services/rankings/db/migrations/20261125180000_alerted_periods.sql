-- migrate:up
-- Issue 15, decision 0037: the latest period of each industry whose rank alerts were queued. An
-- import whose data moves an industry's latest period past this one queues the alerts, then
-- moves it; a crash in between is healed by the next import (the job ids are idempotent).
-- Seeded with today's latest periods: data already imported alerts nobody.
CREATE TABLE alerted_periods (
  industry    text PRIMARY KEY REFERENCES industries (industry) ON DELETE CASCADE,
  period_year smallint NOT NULL CHECK (period_year BETWEEN 2000 AND 2100),
  period_qrt  smallint NOT NULL CHECK (period_qrt BETWEEN 1 AND 4),
  alerted_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO alerted_periods (industry, period_year, period_qrt)
SELECT DISTINCT ON (ci.industry) ci.industry, s.period_year, s.period_qrt
  FROM company_industries ci
  JOIN company_scores s ON s.upright_cid = ci.upright_cid
 ORDER BY ci.industry, s.period_year DESC, s.period_qrt DESC;

-- migrate:down
DROP TABLE alerted_periods;
