-- migrate:up
-- Idle timeout (decision 0018): a session unused for SESSION_IDLE_MINUTES ends even before its
-- expiry. Touched at most once a minute per session, so reads stay reads.
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();

-- migrate:down
ALTER TABLE sessions DROP COLUMN last_seen_at;
