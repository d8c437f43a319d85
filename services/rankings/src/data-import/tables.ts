import { ISSUES } from '@upright/contracts';
import type { TableSpec } from './upsert-sql';

export const INDUSTRIES: TableSpec = {
  table: 'rankings.industries',
  columns: [
    { name: 'industry', type: 'text' },
    { name: 'industry_text', type: 'text' },
    { name: 'industry_alts', type: 'text[]' },
    { name: 'definition', type: 'text' },
    { name: 'industry_values', type: 'text[]' },
    { name: 'limit', type: 'integer' },
    { name: 'active', type: 'boolean' },
  ],
  key: ['industry'],
  onUpdate: 'updated_at = now()',
};

export const COMPANIES: TableSpec = {
  table: 'rankings.companies',
  columns: [
    { name: 'upright_cid', type: 'text' },
    { name: 'company_name', type: 'text' },
    { name: 'slug', type: 'text' },
    { name: 'brands', type: 'text[]' },
    { name: 'subsidiaries', type: 'text[]' },
    { name: 'industry', type: 'text' },
    { name: 'sectors', type: 'text[]' },
    { name: 'structure', type: 'text' },
    { name: 'alt_reporting', type: 'boolean' },
    { name: 'self_reporting', type: 'boolean' },
    { name: 'updated', type: 'date' },
    { name: 'hq_city', type: 'text' },
    { name: 'hq_state', type: 'text' },
    { name: 'hq_latitude', type: 'numeric(9,6)' },
    { name: 'hq_longitude', type: 'numeric(9,6)' },
  ],
  key: ['upright_cid'],
  onUpdate: 'updated_at = now()',
};

export const COMPANY_INDUSTRIES: TableSpec = {
  table: 'rankings.company_industries',
  columns: [
    { name: 'industry', type: 'text' },
    { name: 'upright_cid', type: 'text' },
  ],
  key: ['industry', 'upright_cid'],
};

export const SCORES: TableSpec = {
  table: 'rankings.company_scores',
  columns: [
    { name: 'upright_cid', type: 'text' },
    { name: 'period_year', type: 'smallint' },
    { name: 'period_qrt', type: 'smallint' },
    ...ISSUES.map((issue) => ({ name: issue.scoreField, type: 'numeric(14,4)' })),
  ],
  key: ['upright_cid', 'period_year', 'period_qrt'],
};

export const DETAILS: TableSpec = {
  table: 'rankings.company_details',
  columns: [
    { name: 'upright_cid', type: 'text' },
    { name: 'detail_table', type: 'text' },
    { name: 'period_year', type: 'smallint' },
    { name: 'period_qrt', type: 'smallint' },
    { name: 'metrics', type: 'jsonb' },
    { name: 'source_publisher', type: 'text' },
    { name: 'source_url', type: 'text' },
    { name: 'source_date', type: 'date' },
  ],
  key: ['upright_cid', 'detail_table', 'period_year', 'period_qrt'],
};
