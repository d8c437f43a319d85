import type { CompanyHistoryPoint, IssueKey } from '@upright/contracts';
import {
  describeDatum,
  describeHistory,
  historySeries,
  layoutChart,
  medianPlace,
} from '../lib/history-chart';
import { formatRank } from '../lib/format';
import type { dataCoverage } from '../lib/ranking-view';
import { useChartWidth } from '../hooks/useChartWidth';
import { ChartFrame, ChartPoint, useMeasure } from './ChartFrame';

/**
 * A company's rank over quarters as plain SVG (decision 0024): the reader picks overall or an
 * issue; every quarter is a focusable point with its words, and a table says the same.
 */
export default function HistoryChart({
  points,
  company,
  companyName,
  issues,
}: {
  points: readonly CompanyHistoryPoint[];
  company: Parameters<typeof dataCoverage>[0];
  companyName: string;
  /** The issues of the industry: the only ones offered. */
  issues?: readonly IssueKey[];
}) {
  const { id, measure, label, picker } = useMeasure(issues);
  const { box, width } = useChartWidth();
  if (points.length === 0) return <p className="muted">No ranked quarters yet.</p>;
  const series = historySeries(points, measure, company);
  const layout = layoutChart(series, width);
  const title = `${companyName}: ${label} rank by quarter`;
  return (
    <div className="history-chart" ref={box}>
      <p>{picker}</p>
      <ChartFrame
        id={id}
        axes={layout}
        title={title}
        description={describeHistory(series)}
        periods={series.map((datum) => datum.period)}
      >
        <path d={layout.medianPath} className="chart-median" aria-hidden="true" />
        <path d={layout.path} className="chart-line" aria-hidden="true" />
        {layout.points.map(({ x, y, datum }) => (
          <ChartPoint
            key={datum.period}
            x={x}
            y={y}
            label={describeDatum(datum)}
            missing={datum.note !== ''}
          />
        ))}
      </ChartFrame>
      <ul className="chart-legend" data-testid="chart-legend">
        <li>
          <span className="chart-swatch chart-swatch-company" aria-hidden="true" />
          {companyName}
        </li>
        <li>
          <span className="chart-swatch chart-swatch-median" aria-hidden="true" />
          Industry median
        </li>
      </ul>
      <details className="chart-table">
        <summary>Show the chart as a table</summary>
        <table className="ranking-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Quarter</th>
              <th scope="col">Rank</th>
              <th scope="col">Of</th>
              <th scope="col">Industry median</th>
              <th scope="col">Data</th>
            </tr>
          </thead>
          <tbody>
            {series.map((datum) => (
              <tr key={datum.period}>
                <th scope="row">{datum.period}</th>
                <td>{formatRank(datum.rank, datum.tied)}</td>
                <td>{datum.n}</td>
                <td>{medianPlace(datum.n)}</td>
                <td>{datum.note || 'scored'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
