-- migrate:up
-- Issue 23 (decision 0050): a correction request stores the digest of the user action that sent
-- it, in the same transaction as the row. A try of the same action that arrives after the first
-- one committed — even when the first replica died before it kept its reply in Redis — finds the
-- row and answers its reference instead of storing the request twice. Requests sent without a key
-- leave it NULL (NULLs are distinct under the unique index).
ALTER TABLE correction_requests ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX correction_requests_idempotency_key ON correction_requests (idempotency_key);

-- migrate:down
DROP INDEX correction_requests_idempotency_key;
ALTER TABLE correction_requests DROP COLUMN idempotency_key;
