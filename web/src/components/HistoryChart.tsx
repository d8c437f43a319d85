import { useId, useState } from 'react';
import type { CompanyHistoryPoint } from '@upright/contracts';
import {
  describeDatum,
  HISTORY_MEASURES,
  historySeries,
  layoutChart,
  type HistoryMeasure,
} from '../lib/history-chart';
import { formatRank } from '../lib/format';
import type { dataCoverage } from '../lib/ranking-view';

/**
 * A company's rank over quarters as plain SVG (decision 0024): the reader picks overall or an
 * issue; every quarter is a focusable point with its words, and a table says the same.
 */
export default function HistoryChart({
  points,
  company,
  companyName,
}: {
  points: readonly CompanyHistoryPoint[];
  company: Parameters<typeof dataCoverage>[0];
  companyName: string;
}) {
  const id = useId();
  const [measure, setMeasure] = useState<HistoryMeasure>('arank');
  if (points.length === 0) return <p className="muted">No ranked quarters yet.</p>;
  const label = HISTORY_MEASURES.find((option) => option.value === measure)!.label;
  const series = historySeries(points, measure, company);
  const layout = layoutChart(series);
  const title = `${companyName}: ${label} rank by quarter`;
  const summary = series.map(describeDatum).join('; ');
  return (
    <div className="history-chart">
      <p>
        <label htmlFor={`${id}-measure`}>Show </label>
        <select
          id={`${id}-measure`}
          value={measure}
          onChange={(event) => setMeasure(event.target.value as HistoryMeasure)}
        >
          {HISTORY_MEASURES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </p>
      <svg
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        className="chart"
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{`Rank 1 is best and at the top. ${summary}.`}</desc>
        {layout.yTicks.map((tick) => (
          <g key={tick.rank} aria-hidden="true">
            <line
              x1={layout.left}
              x2={layout.right}
              y1={tick.y}
              y2={tick.y}
              className="chart-grid"
            />
            <text x={layout.left - 8} y={tick.y + 4} textAnchor="end" className="chart-label">
              {tick.rank}
            </text>
          </g>
        ))}
        <path d={layout.path} className="chart-line" aria-hidden="true" />
        {layout.points.map(({ x, y, datum }) => (
          <g key={datum.period}>
            <circle
              cx={x}
              cy={y}
              r={6}
              className={datum.note ? 'chart-point is-missing' : 'chart-point'}
              tabIndex={0}
              role="img"
              aria-label={describeDatum(datum)}
            >
              <title>{describeDatum(datum)}</title>
            </circle>
            <text
              x={x}
              y={layout.bottom + 22}
              textAnchor="middle"
              className="chart-label"
              aria-hidden="true"
            >
              {datum.period.replace(' 20', " '")}
            </text>
          </g>
        ))}
      </svg>
      <details className="chart-table">
        <summary>Show the chart as a table</summary>
        <table className="ranking-table">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Quarter</th>
              <th scope="col">Rank</th>
              <th scope="col">Of</th>
              <th scope="col">Data</th>
            </tr>
          </thead>
          <tbody>
            {series.map((datum) => (
              <tr key={datum.period}>
                <th scope="row">{datum.period}</th>
                <td>{formatRank(datum.rank, datum.tied)}</td>
                <td>{datum.n}</td>
                <td>{datum.note || 'scored'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
