import { useState } from 'react';
import type { IndustryHistoryResponse, IssueKey } from '@upright/contracts';
import { formatRank } from '../lib/format';
import { chartAxes, industryLines, pathThrough } from '../lib/history-chart';
import { useChartWidth } from '../hooks/useChartWidth';
import { ChartFrame, ChartPoint, useMeasure } from './ChartFrame';

/**
 * The whole industry over quarters (docs/product/rules.md#s12): one faint line per company and the
 * one the reader picks drawn strong with focusable points; a table gives every rank.
 */
export default function IndustryHistoryChart({
  history,
  industryText,
  issues,
}: {
  history: IndustryHistoryResponse;
  industryText: string;
  /** The issues of the industry: the only ones offered. */
  issues?: readonly IssueKey[];
}) {
  const { id, measure, label, picker } = useMeasure(issues);
  const { box, width } = useChartWidth();
  const latest = history.periods[history.periods.length - 1];
  const [picked, setPicked] = useState(latest?.ranked[0]?.upright_cid ?? '');
  if (!latest) return <p className="muted">No ranked quarters yet.</p>;
  const { periods, largestN, lines } = industryLines(history, measure);
  const axes = chartAxes(periods.length, largestN, width);
  const place = (ranks: (typeof lines)[number]['ranks']) =>
    ranks.map((entry, i) => (entry ? { x: axes.x(i), y: axes.y(entry.rank), entry, i } : null));
  const chosen = lines.find((line) => line.upright_cid === picked) ?? lines[0];
  const chosenPoints = place(chosen.ranks);
  const words = (entry: { rank: number; tied: boolean }, i: number) =>
    `${periods[i]}: ${entry.tied ? 'tied for ' : ''}rank ${entry.rank}`;
  const title = `${industryText}: ${label} rank by quarter, ${chosen.company_name} highlighted`;
  return (
    <div className="history-chart" ref={box}>
      <p>
        {picker} <label htmlFor={`${id}-company`}>Highlight </label>
        <select
          id={`${id}-company`}
          value={chosen.upright_cid}
          onChange={(e) => setPicked(e.target.value)}
        >
          {lines.map((line) => (
            <option key={line.upright_cid} value={line.upright_cid}>
              {line.company_name}
            </option>
          ))}
        </select>
      </p>
      <ChartFrame
        id={id}
        axes={axes}
        title={title}
        description={`Rank 1 is best and at the top. ${chosen.company_name}: ${chosenPoints
          .flatMap((point) => (point ? [words(point.entry, point.i)] : []))
          .join('; ')}. The table below gives every company.`}
        periods={periods}
      >
        <g aria-hidden="true">
          {lines.map((line) => (
            <path
              key={line.upright_cid}
              d={pathThrough(place(line.ranks))}
              className="chart-line is-faint"
            />
          ))}
        </g>
        <path d={pathThrough(chosenPoints)} className="chart-line" aria-hidden="true" />
        {chosenPoints.map(
          (point) =>
            point && (
              <ChartPoint
                key={point.i}
                x={point.x}
                y={point.y}
                label={words(point.entry, point.i)}
              />
            ),
        )}
      </ChartFrame>
      <details className="chart-table">
        <summary>Show every company as a table</summary>
        <div className="table-scroll" tabIndex={0} role="region" aria-label={title}>
          <table className="ranking-table">
            <caption>
              {industryText}: {label} rank by quarter
            </caption>
            <thead>
              <tr>
                <th scope="col">Company</th>
                {periods.map((period) => (
                  <th scope="col" key={period}>
                    {period}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.upright_cid}>
                  <th scope="row">{line.company_name}</th>
                  {line.ranks.map((entry, i) => (
                    <td key={periods[i]}>{entry ? formatRank(entry.rank, entry.tied) : '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
