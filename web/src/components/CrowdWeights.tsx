import {
  AVERAGE_FIELD_OF_ISSUE,
  ISSUES,
  type CrowdAverages,
  type IssueKey,
} from '@upright/contracts';
import {
  axisLabels,
  CROWD_CHART_POINTS,
  crowdSeries,
  describeCrowdDatum,
  layoutCrowdChart,
  membersNeededText,
  membersText,
} from '../lib/crowd-weights';
import { formatDate } from '../lib/format';
import { ChartFrame, ChartPoint, usePicker } from './ChartFrame';

const ISSUE_OPTIONS = ISSUES.map((issue) => ({ value: issue.key, label: issue.label }));

/**
 * The crowd's weights in the open: the weights visitors' rankings use and since when
 * (decision 0055), the latest averages, how many members they average and how they moved — or
 * how many more members are needed before they show.
 */
export function CrowdWeights({ crowd }: { crowd: CrowdAverages }) {
  const { id, value: issue, label, picker } = usePicker<IssueKey>(ISSUE_OPTIONS, ISSUES[0]!.key);
  const standing =
    crowd.rule === 'monthly'
      ? ' A member counts once their address is verified and their account is 30 days old.'
      : '';
  if (!crowd.shown || crowd.averages === null || crowd.members === null) {
    return (
      <p data-testid="crowd-hidden">
        Visitors&apos; rankings use <strong>equal weights</strong> (every issue 5) until at least{' '}
        {crowd.min_members} members count:{' '}
        <strong data-testid="crowd-progress">
          {crowd.members_needed > 0
            ? membersNeededText(crowd.members_needed)
            : 'enough members count, and their averages are shown at the next publication'}
        </strong>
        . Members&apos; average priorities are shown once at least {crowd.min_members} members have
        set their own, so that no one member&apos;s priorities can be read from them.{standing}
      </p>
    );
  }
  const series = crowdSeries(crowd.history, issue);
  const shown = series.slice(-CROWD_CHART_POINTS);
  const chart = layoutCrowdChart(shown);
  const title = `Members' average priority for ${label}, by publication`;
  return (
    <div data-testid="crowd-weights">
      <p data-testid="crowd-in-force">
        {crowd.in_force === null ? (
          <>
            Visitors&apos; rankings use <strong>equal weights</strong> this month.
          </>
        ) : (
          <>
            Visitors&apos; rankings use the{' '}
            <strong>members&apos; average priorities of {formatDate(crowd.in_force.since)}</strong>.
          </>
        )}
        {crowd.rule === 'monthly' &&
          ` Those weights are frozen for the month: they are the averages last published before the 1st, and the averages below, published since, are a preview that takes effect on the 1st of next month. So a burst of new accounts cannot move a ranking within the month.${standing} Each issue's average leaves out the highest and lowest tenth of the members' priorities.`}
      </p>
      <p>
        The latest averages count{' '}
        <strong data-testid="crowd-members">{membersText(crowd.members)} members&apos;</strong>{' '}
        priorities, as published on{' '}
        <strong data-testid="crowd-since">{formatDate(crowd.since)}</strong>. They are published
        again only once at least {crowd.min_changes} members have joined, left or changed their
        priorities, and at most once a minute, so that no one member&apos;s priorities can be read
        from the difference between two publications; for the same reason the number of members is
        given as a range of ten.
      </p>
      <div
        className="table-scroll"
        tabIndex={0}
        role="region"
        aria-label="Members' average priorities now"
      >
        <table>
          <caption>Members&apos; average priorities now (0 = ignore, 10 = most important)</caption>
          <thead>
            <tr>
              <th scope="col">Issue</th>
              <th scope="col">Average priority</th>
            </tr>
          </thead>
          <tbody>
            {ISSUES.map((entry) => (
              <tr key={entry.key}>
                <th scope="row">{entry.label}</th>
                <td>{crowd.averages![AVERAGE_FIELD_OF_ISSUE[entry.key]].toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>How the averages moved</h3>
      <p>{picker}</p>
      <ChartFrame
        id={id}
        axes={chart.axes}
        title={title}
        description={`10 is at the top. ${shown.map(describeCrowdDatum).join('; ')}.`}
        periods={axisLabels(shown)}
      >
        <path d={chart.path} className="chart-line" aria-hidden="true" />
        {chart.points.map(({ x, y, datum }, index) => (
          <ChartPoint key={index} x={x} y={y} label={describeCrowdDatum(datum)} />
        ))}
      </ChartFrame>
      <details className="chart-table">
        <summary>Show the chart as a table</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Published</th>
              <th scope="col">Average</th>
              <th scope="col">Members (a range of ten)</th>
            </tr>
          </thead>
          <tbody>
            {series.map((datum, index) => (
              <tr key={index}>
                <td>{datum.day}</td>
                <td>{datum.value.toFixed(2)}</td>
                <td>{datum.members}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}
