/**
 * Every series the chart's alerts and dashboard read is one the processes really export
 * (decision 0074): the whole stack runs from dist/ on its own ports, database and prefixes, is
 * asked a few public reads, and each process's /metrics is scraped. A misspelt metric or label in
 * a rule would otherwise select nothing and never fire.
 */
import { startLocalStack, type LocalStack } from '../load/local-stack';
import { opsPort, portIn, STACK } from '../stack/manifest';
import { allExpressions, groupingLabels, selectors, type Matcher } from './alerts-expressions';

jest.setTimeout(240_000);

/** A block of ports no other stack of the repository uses (load 19080, crowd 19280, chaos 19380). */
const BASE_PORT = 19580;

/** Prometheus's own series per target, not a process's. */
const PROMETHEUS_SERIES = new Set(['up']);
/** Labels Prometheus gives every series of a target, not the processes. */
const TARGET_LABELS = new Set(['instance', 'job']);
const HISTOGRAM_SERIES = /_(bucket|count|sum)$/;

type Labels = Record<string, string>;

interface Scrape {
  /** Metric families by name (`# TYPE` lines: present even before a first sample). */
  types: Map<string, string>;
  /** Every sample's labels, by series name. */
  samples: Map<string, Labels[]>;
}

function parseExposition(text: string, into: Scrape): void {
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) into.types.set(type[1]!, type[2]!);
    if (line === '' || line.startsWith('#')) continue;
    const [, name, body = ''] = /^([^\s{]+)(?:\{(.*)\})?\s/.exec(line) ?? [];
    if (!name) continue;
    const labels: Labels = {};
    for (const [, key, value] of body.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    into.samples.set(name, [...(into.samples.get(name) ?? []), labels]);
  }
}

describe('the metrics the alerts and the dashboard read, on a running stack', () => {
  let stack: LocalStack | undefined;
  const scrape: Scrape = { types: new Map(), samples: new Map() };
  const expressions = allExpressions();

  beforeAll(async () => {
    stack = await startLocalStack({
      basePort: BASE_PORT,
      database: 'upright_alerts',
      label: 'alerts',
    });
    // Fresh reads through the services, then the same again from the kept store.
    for (const path of ['/api/active', '/api/industry/airlines', '/api/active']) {
      const response = await fetch(`http://127.0.0.1:${BASE_PORT}${path}`);
      expect([path, response.status]).toEqual([path, 200]);
    }
    // A search query (a read sent as POST), refused for its empty body: counted all the same.
    const query = await fetch(
      `http://127.0.0.1:${BASE_PORT}/api/search/companies/_reactivesearch`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      },
    );
    expect(query.status).toBeLessThan(500);
    for (const plan of STACK) {
      const port = portIn(plan, BASE_PORT);
      const at = plan.env.includes('OPS_PORT') ? opsPort(port) : port;
      const response = await fetch(`http://127.0.0.1:${at}/metrics`);
      expect(response.status).toBe(200);
      parseExposition(await response.text(), scrape);
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  /** The family a series belongs to: a histogram's `_bucket`, `_count` and `_sum` are its own. */
  const familyOf = (series: string) => {
    const base = series.replace(HISTOGRAM_SERIES, '');
    return base !== series && scrape.types.get(base) === 'histogram' ? base : series;
  };
  const samplesOf = (series: string) => scrape.samples.get(series) ?? [];

  const processSelectors = () =>
    expressions.flatMap(({ where, expr }) =>
      selectors(expr)
        .filter(({ metric }) => !metric.includes(':') && !PROMETHEUS_SERIES.has(metric))
        .map((selector) => ({ where, ...selector })),
    );

  it('finds every metric name, exported by some process', () => {
    const selected = processSelectors();
    expect(selected.length).toBeGreaterThan(40);
    const missing = selected
      .filter(({ metric }) => !scrape.types.has(familyOf(metric)))
      .map(({ where, metric }) => `${where}: ${metric}`);
    expect(missing).toEqual([]);
  });

  it('finds every label matched on, and every value matched exactly', () => {
    const unmatched = (metric: string, { label, op, value }: Matcher) => {
      const samples = samplesOf(metric);
      if (op === '=') return !samples.some((labels) => labels[label] === value);
      return !samples.some((labels) => label in labels);
    };
    const wrong = processSelectors().flatMap(({ where, metric, matchers }) =>
      matchers
        .filter((matcher) => unmatched(metric, matcher))
        .map(({ label, op, value }) => `${where}: ${metric}{${label}${op}"${value}"}`),
    );
    expect(wrong).toEqual([]);
  });

  it('finds every label grouped by on a metric of the same expression', () => {
    const wrong = expressions.flatMap(({ where, expr }) => {
      const metrics = selectors(expr)
        .map(({ metric }) => metric)
        .filter((metric) => !metric.includes(':') && !PROMETHEUS_SERIES.has(metric));
      return groupingLabels(expr)
        .filter((label) => !TARGET_LABELS.has(label))
        .filter(
          (label) => !metrics.some((metric) => samplesOf(metric).some((labels) => label in labels)),
        )
        .map((label) => `${where}: by (${label})`);
    });
    expect(wrong).toEqual([]);
  });

  it("labels every process's series with its name, as the per-process panels split them", () => {
    const services = new Set(
      [...scrape.samples.get('upright_ready')!].map((labels) => labels.service),
    );
    expect([...services].sort()).toEqual(STACK.map((plan) => plan.name).sort());
  });
});
