import type { DataSet, ScoreField } from '@upright/contracts';

/** An accepted correction's change of one score, as the editors' desk stages it (decision 0077). */
export interface ScoreCorrection {
  /** The company's public row at the period, every score of it. */
  publicRow: DataSet.ScoreRow;
  field: ScoreField;
  /** null = no data. */
  after: number | null;
}

const sameRow = (a: DataSet.ScoreRow, b: DataSet.ScoreRow) =>
  a.upright_cid === b.upright_cid &&
  a.period_year === b.period_year &&
  a.period_qrt === b.period_qrt;

/**
 * The file a correction stages: the draft's file with the corrected score row upserted — the
 * draft's own row of that company and period with the field changed (its other scores are the
 * draft's), else the public row with it changed — or that row alone when there is no draft. A
 * `scores` row replaces every score of its row (a missing key is null), so the row carries them all.
 */
export function withCorrectedScore(
  draft: DataSet.ImportFile | null,
  correction: ScoreCorrection,
): Partial<DataSet.ImportFile> {
  const corrected = (row: DataSet.ScoreRow): DataSet.ScoreRow => ({
    ...row,
    [correction.field]: correction.after,
  });
  if (draft === null) return { scores: [corrected(correction.publicRow)] };
  const index = draft.scores.findIndex((row) => sameRow(row, correction.publicRow));
  const scores =
    index === -1
      ? [...draft.scores, corrected(correction.publicRow)]
      : draft.scores.map((row, at) => (at === index ? corrected(row) : row));
  return { ...draft, scores };
}
