import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DataSet } from '@upright/contracts';
import { validateImportFile } from '../import-file';
import { withCorrectedScore, type ScoreCorrection } from './correction-file';

const SAMPLE = path.resolve(__dirname, '../../data/sample.json');

const row = (cid: string, climate: number | null, tax: number | null = 5): DataSet.ScoreRow => ({
  upright_cid: cid,
  period_year: 2031,
  period_qrt: 1,
  climate_score: climate,
  exec_comp_score: null,
  us_lobbying_score: null,
  us_tax_score: tax,
  price_inflation_score: null,
  repurchased_score: null,
  diverse_rep_score: null,
  diverse_pay_gap_score: null,
  net_neutrality_score: null,
});

/** As the desk validates: companies A and B are stored already. */
function validated(input: unknown): DataSet.ImportFile {
  const outcome = validateImportFile(input, { knownCompanies: new Set(['A', 'B']) });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors.slice(0, 3)));
  return outcome.file;
}

describe('the file an accepted correction stages (decision 0077)', () => {
  const correction: ScoreCorrection = {
    publicRow: row('B', 20),
    field: 'climate_score',
    after: 21,
  };

  it('is the corrected public row alone when there is no draft: every score of it', () => {
    expect(withCorrectedScore(null, correction)).toEqual({ scores: [row('B', 21)] });
    // "No data" is a value too.
    expect(withCorrectedScore(null, { ...correction, after: null })).toEqual({
      scores: [row('B', null)],
    });
  });

  it("changes the field in the draft's own row of that company and period, keeping its other scores", () => {
    const draft = validated({ scores: [row('A', 10), row('B', 25, 7)] });
    const merged = withCorrectedScore(draft, correction);
    // The draft's tax (7), not the public one (5): only the corrected field changes.
    expect(merged.scores).toEqual([row('A', 10), row('B', 21, 7)]);
    expect(draft.scores[1]).toEqual(row('B', 25, 7));
  });

  it("adds the corrected public row to a draft without one, and keeps the draft's other sections", () => {
    const draft = validated({
      scores: [row('A', 10), { ...row('B', 20), period_qrt: 2 }],
      reports: [],
    });
    const merged = withCorrectedScore(draft, correction);
    expect(merged.scores).toEqual([row('A', 10), { ...row('B', 20), period_qrt: 2 }, row('B', 21)]);
    expect({ ...merged, scores: [] }).toEqual({ ...draft, scores: [] });
  });

  it("validates again as the same file: a draft's kept file merges and stages like any other", () => {
    const sample = validated(JSON.parse(readFileSync(SAMPLE, 'utf8')));
    const first = sample.scores[0]!;
    const merged = withCorrectedScore(sample, {
      publicRow: first,
      field: 'us_tax_score',
      after: 1.5,
    });
    const again = validated(JSON.parse(JSON.stringify(merged)));
    expect(again.scores[0]).toEqual({ ...first, us_tax_score: 1.5 });
    expect({ ...again, scores: again.scores.slice(1) }).toEqual({
      ...sample,
      scores: sample.scores.slice(1),
    });
  });
});
