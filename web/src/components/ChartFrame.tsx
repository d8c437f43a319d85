import { useId, useState, type ReactNode } from 'react';
import {
  HISTORY_MEASURES,
  labelledQuarters,
  type ChartAxes,
  type HistoryMeasure,
} from '../lib/history-chart';

/**
 * The SVG both rank charts share (decision 0024): a titled, described group with the rank grid
 * and the quarters along the bottom; the lines and points are its children.
 */
export function ChartFrame({
  id,
  axes,
  title,
  description,
  periods,
  children,
}: {
  id: string;
  axes: ChartAxes;
  title: string;
  description: string;
  periods: readonly string[];
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${axes.width} ${axes.height}`}
      className="chart"
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g aria-hidden="true">
        {axes.yTicks.map((tick) => (
          <g key={tick.rank}>
            <line x1={axes.left} x2={axes.right} y1={tick.y} y2={tick.y} className="chart-grid" />
            <text x={axes.left - 8} y={tick.y + 4} textAnchor="end" className="chart-label">
              {tick.rank}
            </text>
          </g>
        ))}
        {labelledQuarters(periods.length, axes).map((i) => (
          <text
            key={i}
            x={axes.x(i)}
            y={axes.bottom + 22}
            // The newest quarter's label ends at its point: centred, it would be cut at the edge.
            textAnchor={i === periods.length - 1 && periods.length > 1 ? 'end' : 'middle'}
            className="chart-label"
          >
            {periods[i].replace(' 20', " '")}
          </text>
        ))}
      </g>
      {children}
    </svg>
  );
}

/** A quarter's point a keyboard can reach, with the words a screen reader says. */
export function ChartPoint({
  x,
  y,
  label,
  missing = false,
}: {
  x: number;
  y: number;
  label: string;
  missing?: boolean;
}) {
  return (
    <circle
      cx={x}
      cy={y}
      r={6}
      className={missing ? 'chart-point is-missing' : 'chart-point'}
      tabIndex={0}
      role="img"
      aria-label={label}
    >
      <title>{label}</title>
    </circle>
  );
}

/** A "Show …" picker over `options` for a chart: its value, label and element. */
export function usePicker<V extends string>(
  options: ReadonlyArray<{ value: V; label: string }>,
  initial: V,
) {
  const id = useId();
  const [value, setValue] = useState<V>(initial);
  const label = options.find((option) => option.value === value)!.label;
  const picker = (
    <>
      <label htmlFor={`${id}-measure`}>Show </label>
      <select
        id={`${id}-measure`}
        value={value}
        onChange={(event) => setValue(event.target.value as V)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
  return { id, value, label, picker };
}

/**
 * The measure both rank charts let the reader pick (overall or an issue), with its picker; only
 * the issues that apply to the industry are offered (decision 0054).
 */
export function useMeasure(issues?: readonly string[]) {
  const options = issues
    ? HISTORY_MEASURES.filter(
        (option) =>
          option.value === 'arank' ||
          option.value === 'normalized_rank' ||
          issues.includes(option.value),
      )
    : HISTORY_MEASURES;
  const { value, ...rest } = usePicker<HistoryMeasure>(options, 'arank');
  return { measure: value, ...rest };
}
