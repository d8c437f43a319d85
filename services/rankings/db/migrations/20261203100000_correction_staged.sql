-- migrate:up
-- Decision 0077 (amending decision 0038): accepting a correction request stages its change in the
-- editors' desk's draft instead of writing the public scores. The request is `staged` (its change
-- rides in draft `staged_version`) until that draft is published (`accepted`) or discarded or
-- replaced by an uploaded file (`open` again, the staged fields cleared). While staged it is not
-- decided: the requester's name and email are kept, the public ledger counts it as open, and it
-- holds its place under the caps on open requests.
ALTER TABLE correction_requests
  ADD COLUMN staged_version bigint REFERENCES data_versions (version_id);

ALTER TABLE correction_requests
  DROP CONSTRAINT correction_requests_status_check,
  DROP CONSTRAINT correction_requests_check,
  DROP CONSTRAINT correction_requests_check1;
ALTER TABLE correction_requests
  ADD CONSTRAINT correction_requests_status_check
    CHECK (status IN ('open', 'staged', 'accepted', 'rejected')),
  -- Open: no decision. Staged: the admin's reason, not resolved yet, the requester still named.
  -- Resolved: its date and reason, and no longer any personal data.
  ADD CONSTRAINT correction_requests_resolution_check CHECK (
    (status = 'open' AND resolved_at IS NULL AND resolution_reason IS NULL
       AND requester_name IS NOT NULL AND requester_email IS NOT NULL)
    OR (status = 'staged' AND resolved_at IS NULL AND resolution_reason IS NOT NULL
       AND requester_name IS NOT NULL AND requester_email IS NOT NULL)
    OR (status IN ('accepted', 'rejected') AND resolved_at IS NOT NULL
       AND resolution_reason IS NOT NULL AND requester_name IS NULL AND requester_email IS NULL)
  ),
  -- Only a staged or accepted request names the field it changes and its source.
  ADD CONSTRAINT correction_requests_change_check
    CHECK ((status IN ('staged', 'accepted')) = (corrected_field IS NOT NULL AND source_url IS NOT NULL)),
  -- A staged request names its draft; an accepted one keeps the version that published it (none
  -- for those accepted before this migration); an open or rejected one names none.
  ADD CONSTRAINT correction_requests_staged_version_check CHECK (
    CASE status
      WHEN 'staged' THEN staged_version IS NOT NULL
      WHEN 'accepted' THEN true
      ELSE staged_version IS NULL
    END
  );

-- "Open" for the admins' queue, the caps and the ledger's count is open or staged; "decided" is
-- accepted or rejected.
DROP INDEX correction_requests_open_idx;
DROP INDEX correction_requests_open_requester_idx;
DROP INDEX correction_requests_open_company_idx;
DROP INDEX correction_requests_decided_idx;
CREATE INDEX correction_requests_open_idx ON correction_requests (requested_at)
  WHERE status IN ('open', 'staged');
CREATE INDEX correction_requests_open_requester_idx ON correction_requests (requester_key)
  WHERE status IN ('open', 'staged');
CREATE INDEX correction_requests_open_company_idx ON correction_requests (upright_cid)
  WHERE status IN ('open', 'staged');
CREATE INDEX correction_requests_decided_idx
  ON correction_requests (upright_cid, resolved_at DESC, id DESC)
  WHERE status IN ('accepted', 'rejected');
-- What a publish accepts, a discard returns, a merge moves: the requests staged in one draft.
CREATE INDEX correction_requests_staged_idx ON correction_requests (staged_version)
  WHERE status = 'staged';

-- migrate:down
-- Staged requests go back to open: the draft they ride in stays a draft without them.
UPDATE correction_requests
   SET status = 'open', staged_version = NULL, resolution_reason = NULL, resolved_by = NULL,
       corrected_field = NULL, before_value = NULL, after_value = NULL, source_url = NULL
 WHERE status = 'staged';
DROP INDEX correction_requests_staged_idx;
DROP INDEX correction_requests_decided_idx;
DROP INDEX correction_requests_open_company_idx;
DROP INDEX correction_requests_open_requester_idx;
DROP INDEX correction_requests_open_idx;
CREATE INDEX correction_requests_open_idx ON correction_requests (requested_at) WHERE status = 'open';
CREATE INDEX correction_requests_open_requester_idx ON correction_requests (requester_key)
  WHERE status = 'open';
CREATE INDEX correction_requests_open_company_idx ON correction_requests (upright_cid)
  WHERE status = 'open';
CREATE INDEX correction_requests_decided_idx
  ON correction_requests (upright_cid, resolved_at DESC, id DESC) WHERE status <> 'open';
ALTER TABLE correction_requests
  DROP CONSTRAINT correction_requests_staged_version_check,
  DROP CONSTRAINT correction_requests_change_check,
  DROP CONSTRAINT correction_requests_resolution_check,
  DROP CONSTRAINT correction_requests_status_check;
ALTER TABLE correction_requests
  ADD CONSTRAINT correction_requests_status_check CHECK (status IN ('open', 'accepted', 'rejected')),
  ADD CONSTRAINT correction_requests_check CHECK (
    (status = 'open' AND resolved_at IS NULL AND resolution_reason IS NULL
       AND requester_name IS NOT NULL AND requester_email IS NOT NULL)
    OR (status <> 'open' AND resolved_at IS NOT NULL AND resolution_reason IS NOT NULL
       AND requester_name IS NULL AND requester_email IS NULL)
  ),
  ADD CONSTRAINT correction_requests_check1
    CHECK ((status = 'accepted') = (corrected_field IS NOT NULL AND source_url IS NOT NULL));
ALTER TABLE correction_requests DROP COLUMN staged_version;
