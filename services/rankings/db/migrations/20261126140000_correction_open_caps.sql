-- migrate:up
-- Issue 25: open (undecided) correction requests are capped per company and per requester. The
-- requester is counted by a key of the address that ignores case, surrounding spaces and a
-- "+tag" (grace+1@… is grace@…), so one person cannot pass the cap by spelling the address
-- differently. One definition, here: the stored key and the service's lock and count use it.
CREATE FUNCTION correction_requester_key(email text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(lower(btrim(email)), '\+[^@]*@', '@') $$;

-- Generated from the address, so it is erased with it when the request is resolved.
ALTER TABLE correction_requests
  ADD COLUMN requester_key text GENERATED ALWAYS AS (correction_requester_key(requester_email)) STORED;

CREATE INDEX correction_requests_open_requester_idx ON correction_requests (requester_key)
  WHERE status = 'open';
CREATE INDEX correction_requests_open_company_idx ON correction_requests (upright_cid)
  WHERE status = 'open';
-- The public ledger lists decided requests, most recently decided first, a page at a time.
CREATE INDEX correction_requests_decided_idx
  ON correction_requests (upright_cid, resolved_at DESC, id DESC) WHERE status <> 'open';

-- migrate:down
DROP INDEX correction_requests_decided_idx;
DROP INDEX correction_requests_open_company_idx;
DROP INDEX correction_requests_open_requester_idx;
ALTER TABLE correction_requests DROP COLUMN requester_key;
DROP FUNCTION correction_requester_key(text);
