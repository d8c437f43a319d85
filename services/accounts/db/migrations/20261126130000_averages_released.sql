-- migrate:up
-- Issue 25, decision 0043. The priorities of each weighted member as they were counted in the
-- last released averages: averages are released again only once at least
-- AVERAGES_MIN_CHANGES members differ from these rows (joined, left or changed), so two
-- consecutive publications never differ by one member's priorities. The nine weighing issues in
-- the order of contracts' ISSUES. Deleted with the member (decisions §8) by the cascade.
CREATE TABLE averages_released (
  uid        uuid PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  priorities smallint[] NOT NULL
);
-- Counting starts from the members counted now, whose averages were published at most
-- AVERAGES_REFRESH_S ago: starting from nobody would release at once, possibly one member away
-- from the last publication.
INSERT INTO averages_released (uid, priorities)
SELECT p.uid,
       ARRAY[p.value_climate, p.value_income_inequality, p.value_lobbying, p.value_tax,
             p.value_consumer_terms_conditions, p.value_wealth_concentration,
             p.value_diverse_representation, p.value_diverse_pay_equity,
             p.value_net_neutrality]::smallint[]
FROM priorities p
JOIN users u ON u.uid = p.uid
WHERE p.weighted AND NOT u.discontinue;

-- Deleting a member deletes their row above (the cascade) but is a member leaving all the same:
-- counted here until the next release. Locks the averages row first, as a recomputation does.
ALTER TABLE averages ADD COLUMN departed integer NOT NULL DEFAULT 0 CHECK (departed >= 0);
CREATE FUNCTION averages_count_departure() RETURNS trigger LANGUAGE plpgsql
  SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM averages_released WHERE uid = OLD.uid) THEN
    UPDATE averages SET departed = departed + 1 WHERE aid = 1;
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER users_count_averages_departure BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION averages_count_departure();

-- The history kept so far published every change with its exact count: consecutive rows give away
-- the priorities of whoever joined between them, so it is no longer served. The last publication
-- stays: it is what visitors' rankings use now, and the next one will be a release.
DELETE FROM averages_snapshots WHERE id < (SELECT max(id) FROM averages_snapshots);

-- migrate:down
DROP TRIGGER users_count_averages_departure ON users;
DROP FUNCTION averages_count_departure();
ALTER TABLE averages DROP COLUMN departed;
DROP TABLE averages_released;
