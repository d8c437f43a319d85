import {
  DETAIL_TABLES,
  DETAIL_TABLES_OF_ISSUE,
  figurePeers,
  ISSUES,
  type CorrectionField,
  type DetailMetric,
  type FigurePeers,
  type MetricDefinition,
  type Period,
  type RankingValue,
  type RankMove,
  type ReportRankings,
} from '@upright/contracts';

/** One metric column of a report's figures, with its best, median and worst over the report. */
export interface ReportFigureColumn extends MetricDefinition {
  summary: FigurePeers | null;
}

export interface ReportFigureRow {
  upright_cid: string;
  company_name: string;
  slug: string;
  rank: number;
  tied: boolean;
  /** Places gained since `since`; null = not ranked then; undefined = not frozen with the report. */
  move: RankMove | undefined;
  values: Record<string, DetailMetric>;
  /**
   * On an issue, the company has no published figure behind its rank (rules §16: the rank must
   * say so); false on `overall`, and on a report frozen before figures were kept (unknown).
   */
  withoutFigure: boolean;
}

export interface ReportFigures {
  /** The period moves are counted from (the first company ranked then says which). */
  since: Period | null;
  /** The score (or rank) a correction of a row's figure is about. */
  correctionField: CorrectionField;
  /** Empty on an `overall` report, and on one frozen before figures were kept. */
  columns: ReportFigureColumn[];
  rows: ReportFigureRow[];
}

/**
 * A report's figures beside its ranking — on an issue, each company's figures of
 * the detail tables behind that issue with their best, median and worst over the report's
 * companies — and each company's change since the previous period, all from the ranking the report
 * shows (frozen with it once published).
 */
export function reportFigures(rankings: ReportRankings, value: RankingValue): ReportFigures {
  const issue = value === 'overall' ? null : value;
  const rows: ReportFigureRow[] = rankings.rankings.map((company) => {
    const own = company as unknown as Record<string, unknown>;
    const rank = issue === null ? company.normalized_rank : (own[`${issue}_rank`] as number);
    const tied = issue === null ? company.tied : own[`${issue}_tied`] === true;
    const previous = company.previous;
    return {
      upright_cid: company.upright_cid,
      company_name: company.company_name,
      slug: company.slug,
      rank,
      tied,
      move: previous === undefined ? undefined : previous === null ? null : previous.rank - rank,
      values: Object.fromEntries((company.figures ?? []).map((metric) => [metric.name, metric])),
      withoutFigure:
        issue !== null && company.figures !== undefined && company.figures.length === 0,
    };
  });
  const definitions =
    issue === null
      ? []
      : DETAIL_TABLES_OF_ISSUE[issue].flatMap(
          (table) => DETAIL_TABLES[table].metrics as readonly MetricDefinition[],
        );
  const columns = definitions
    .filter((definition) => rows.some((row) => row.values[definition.name] !== undefined))
    .map((definition) => ({
      ...definition,
      summary: figurePeers(
        rows.map((row) => row.values[definition.name]?.value),
        definition.better,
      ),
    }));
  const since = rankings.rankings.find((company) => company.previous)?.previous?.period ?? null;
  const correctionField: CorrectionField =
    issue === null ? 'normalized_rank' : ISSUES.find((entry) => entry.key === issue)!.scoreField;
  return { since, correctionField, columns, rows };
}
