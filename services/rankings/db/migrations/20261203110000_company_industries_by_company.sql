-- migrate:up
-- A company's industries by its id. The table's key leads with the industry, so deleting a company
-- (its memberships go by ON DELETE CASCADE) looked each one up by a scan of the whole table: a
-- rollback from 50,000 companies to the sample's 300 deleted 49,700 and spent 110 of its 118 s on
-- those lookups (decision 0077, "Measured"); with this index the same delete takes 1.8 s.
CREATE INDEX company_industries_upright_cid_idx ON company_industries (upright_cid);

-- migrate:down
DROP INDEX company_industries_upright_cid_idx;
