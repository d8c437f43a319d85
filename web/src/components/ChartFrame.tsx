import { useId, useState, type ReactNode } from 'react';
import { HISTORY_MEASURES, type ChartAxes, type HistoryMeasure } from '../lib/history-chart';

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
        {periods.map((period, i) => (
          <text
            key={i}
            x={axes.x(i)}
            y={axes.bottom + 22}
            textAnchor="middle"
            className="chart-label"
          >
            {period.replace(' 20', " '")}
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

/** The measure both rank charts let the reader pick (overall or an issue), with its picker. */
export function useMeasure() {
  const { value, ...rest } = usePicker<HistoryMeasure>(HISTORY_MEASURES, 'arank');
  return { measure: value, ...rest };
}
