-- migrate:up
-- Members (spec §3 User). A visitor (role `public`) has no row. The email keeps the case it was
-- typed in; one account per email is enforced case-insensitively by the unique index on lower().
CREATE TABLE users (
  uid               uuid PRIMARY KEY,
  email             text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  first_name        text NOT NULL CHECK (length(first_name) BETWEEN 1 AND 100),
  last_name         text NOT NULL CHECK (length(last_name) BETWEEN 1 AND 100),
  -- argon2id, PHC string format (decisions §8)
  password_hash     text NOT NULL,
  role              text NOT NULL DEFAULT 'member' CHECK (role IN ('member', 'admin')),
  subscriber        boolean NOT NULL DEFAULT false,
  theme             text NOT NULL DEFAULT 'light' CHECK (theme IN ('light', 'dark')),
  email_verified_at timestamptz,
  welcome_sent      boolean NOT NULL DEFAULT false,
  prefs_updated     timestamptz,
  discontinue       boolean NOT NULL DEFAULT false,
  discontinue_date  timestamptz,
  discontinue_final timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_discontinue_dates CHECK (
    (discontinue AND discontinue_date IS NOT NULL AND discontinue_final IS NOT NULL)
    OR (NOT discontinue AND discontinue_date IS NULL AND discontinue_final IS NULL)
  )
);
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
-- The start-up sweep finds pending deletions by final date.
CREATE INDEX users_discontinue_final_idx ON users (discontinue_final) WHERE discontinue;

-- Bearer sessions: only the SHA-256 of the token is stored, so a database leak yields no tokens.
CREATE TABLE sessions (
  id         uuid PRIMARY KEY,
  uid        uuid NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_uid_idx ON sessions (uid);

-- Single-use links mailed to a member (password reset, email verification); hashed like sessions.
CREATE TABLE password_resets (
  id         uuid PRIMARY KEY,
  uid        uuid NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_resets_uid_idx ON password_resets (uid);

CREATE TABLE email_verifications (
  id         uuid PRIMARY KEY,
  uid        uuid NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  -- The address this link verifies: an email change makes older links void.
  email      text NOT NULL,
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX email_verifications_uid_idx ON email_verifications (uid);

-- Priorities (decisions §4), server names. The first nine weigh rankings; the others are
-- stored and shown as "not ranked yet".
CREATE TABLE priorities (
  uid                                     uuid PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
  value_climate                           smallint NOT NULL DEFAULT 5 CHECK (value_climate BETWEEN 0 AND 10),
  value_income_inequality                 smallint NOT NULL DEFAULT 5 CHECK (value_income_inequality BETWEEN 0 AND 10),
  value_lobbying                          smallint NOT NULL DEFAULT 5 CHECK (value_lobbying BETWEEN 0 AND 10),
  value_tax                               smallint NOT NULL DEFAULT 5 CHECK (value_tax BETWEEN 0 AND 10),
  value_consumer_terms_conditions         smallint NOT NULL DEFAULT 5 CHECK (value_consumer_terms_conditions BETWEEN 0 AND 10),
  value_wealth_concentration              smallint NOT NULL DEFAULT 5 CHECK (value_wealth_concentration BETWEEN 0 AND 10),
  value_diverse_representation            smallint NOT NULL DEFAULT 5 CHECK (value_diverse_representation BETWEEN 0 AND 10),
  value_diverse_pay_equity                smallint NOT NULL DEFAULT 5 CHECK (value_diverse_pay_equity BETWEEN 0 AND 10),
  value_net_neutrality                    smallint NOT NULL DEFAULT 5 CHECK (value_net_neutrality BETWEEN 0 AND 10),
  value_charitable_giving                 smallint NOT NULL DEFAULT 5 CHECK (value_charitable_giving BETWEEN 0 AND 10),
  value_fair_competition                  smallint NOT NULL DEFAULT 5 CHECK (value_fair_competition BETWEEN 0 AND 10),
  value_local                             smallint NOT NULL DEFAULT 5 CHECK (value_local BETWEEN 0 AND 10),
  value_waste_pollution                   smallint NOT NULL DEFAULT 5 CHECK (value_waste_pollution BETWEEN 0 AND 10),
  value_sustainable_sourcing_development  smallint NOT NULL DEFAULT 5 CHECK (value_sustainable_sourcing_development BETWEEN 0 AND 10),
  value_consumer_privacy                  smallint NOT NULL DEFAULT 5 CHECK (value_consumer_privacy BETWEEN 0 AND 10),
  value_hiring_discrimination             smallint NOT NULL DEFAULT 5 CHECK (value_hiring_discrimination BETWEEN 0 AND 10),
  value_child_labor                       smallint NOT NULL DEFAULT 5 CHECK (value_child_labor BETWEEN 0 AND 10),
  value_labor                             smallint NOT NULL DEFAULT 5 CHECK (value_labor BETWEEN 0 AND 10),
  value_conflict_sourcing                 smallint NOT NULL DEFAULT 5 CHECK (value_conflict_sourcing BETWEEN 0 AND 10),
  value_political_expenditures            smallint NOT NULL DEFAULT 5 CHECK (value_political_expenditures BETWEEN 0 AND 10),
  value_transparency                      smallint NOT NULL DEFAULT 5 CHECK (value_transparency BETWEEN 0 AND 10),
  weighted                                boolean NOT NULL DEFAULT false,
  updated_at                              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX priorities_weighted_idx ON priorities (uid) WHERE weighted;

-- The current averages (spec §3 Averages, one row, aid = 1). Recomputed under a row lock
-- whenever priorities or the set of counted members change; a change is announced as an event.
CREATE TABLE averages (
  aid                                   smallint PRIMARY KEY CHECK (aid = 1),
  average_climate                         numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_climate BETWEEN 0 AND 10),
  average_income_inequality               numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_income_inequality BETWEEN 0 AND 10),
  average_lobbying                        numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_lobbying BETWEEN 0 AND 10),
  average_tax                             numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_tax BETWEEN 0 AND 10),
  average_consumer_terms_conditions       numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_consumer_terms_conditions BETWEEN 0 AND 10),
  average_wealth_concentration            numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_wealth_concentration BETWEEN 0 AND 10),
  average_diverse_representation          numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_diverse_representation BETWEEN 0 AND 10),
  average_diverse_pay_equity              numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_diverse_pay_equity BETWEEN 0 AND 10),
  average_net_neutrality                  numeric(4, 2) NOT NULL DEFAULT 5 CHECK (average_net_neutrality BETWEEN 0 AND 10),
  updated_at                            timestamptz NOT NULL DEFAULT now()
);
INSERT INTO averages (aid) VALUES (1);

-- migrate:down
DROP TABLE averages;
DROP TABLE priorities;
DROP TABLE email_verifications;
DROP TABLE password_resets;
DROP TABLE sessions;
DROP TABLE users;
