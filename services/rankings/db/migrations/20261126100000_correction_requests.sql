-- migrate:up
-- Issue 15, decision 0038: corrections with a public ledger. A visitor asks about one figure or
-- rank of a company at one period; an admin accepts (the new value is written to
-- company_scores as new data) or rejects, with a reason that is published. The requester's name
-- and email are kept only while the request is open (they are erased when it is resolved).
CREATE TABLE correction_requests (
  id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  upright_cid       text NOT NULL REFERENCES companies (upright_cid) ON DELETE CASCADE,
  -- The industry of the company page it was asked from (the ledger links back to it).
  industry          text NOT NULL REFERENCES industries (industry) ON DELETE CASCADE,
  -- A score field or a rank key of the contracts' issue table (checked by the service).
  field             text NOT NULL CHECK (field ~ '^[a-z_]{1,40}$'),
  period_year       smallint NOT NULL CHECK (period_year BETWEEN 2000 AND 2100),
  period_qrt        smallint NOT NULL CHECK (period_qrt BETWEEN 1 AND 4),
  requester_name    text CHECK (length(requester_name) <= 100),
  requester_email   text CHECK (length(requester_email) <= 254),
  what_is_wrong     text NOT NULL CHECK (length(what_is_wrong) BETWEEN 1 AND 2000),
  evidence_url      text NOT NULL CHECK (evidence_url ~ '^https?://' AND length(evidence_url) <= 2000),
  requested_at      timestamptz NOT NULL DEFAULT now(),
  status            text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'rejected')),
  resolved_at       timestamptz,
  resolution_reason text CHECK (length(resolution_reason) <= 2000),
  corrected_field   text CHECK (corrected_field ~ '^[a-z_]{1,40}$'),
  before_value      numeric(14, 4),
  after_value       numeric(14, 4),
  source_url        text CHECK (source_url ~ '^https?://' AND length(source_url) <= 2000),
  resolved_by       text,
  -- An open request has no resolution; a resolved one has its date and reason and no longer
  -- any personal data; only an accepted one names the field it changed and its source.
  CHECK (
    (status = 'open' AND resolved_at IS NULL AND resolution_reason IS NULL
       AND requester_name IS NOT NULL AND requester_email IS NOT NULL)
    OR (status <> 'open' AND resolved_at IS NOT NULL AND resolution_reason IS NOT NULL
       AND requester_name IS NULL AND requester_email IS NULL)
  ),
  CHECK ((status = 'accepted') = (corrected_field IS NOT NULL AND source_url IS NOT NULL))
);
CREATE INDEX correction_requests_company_idx ON correction_requests (upright_cid, requested_at);
CREATE INDEX correction_requests_open_idx ON correction_requests (requested_at) WHERE status = 'open';

-- migrate:down
DROP TABLE correction_requests;
