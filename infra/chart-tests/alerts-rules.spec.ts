/**
 * The chart's alerts and dashboard as code (decision 0074): promtool checks the rules and runs
 * their unit tests (files/alerts.test.yaml), every alert leads to its runbook, and the chart ships
 * the same files only where they are asked for (the PrometheusRule also only where the Prometheus
 * Operator's CRD is installed).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import {
  ALERTS_FILE,
  ALERTS_TEST_FILE,
  allExpressions,
  dashboard,
  ruleGroups,
  selectors,
} from './alerts-expressions';
import {
  chartDir,
  KUBE_VERSION,
  REQUIRED_VALUES,
  repoRoot,
  runHelm,
  setArgs,
  type Manifest,
} from './chart';

const OPERATIONS_DOC = path.join(repoRoot, 'docs', 'operations.md');
const RUNBOOK_URL = 'https://github.com/upright/upright/blob/main/docs/operations.md#';
const PROMETHEUS_RULE_API = 'monitoring.coreos.com/v1/PrometheusRule';

function promtool(...args: string[]) {
  // Installed by infra/local/ensure-prometheus.sh, which `make test-unit` runs first.
  const run = spawnSync('promtool', args, { cwd: path.dirname(ALERTS_FILE), encoding: 'utf8' });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function render(sets: string[], apiVersions: string[] = []): Manifest[] {
  const result = runHelm([
    'template',
    'upright',
    chartDir,
    '--kube-version',
    KUBE_VERSION,
    ...apiVersions.flatMap((api) => ['--api-versions', api]),
    ...setArgs([...REQUIRED_VALUES, ...sets]),
  ]);
  if (result.status !== 0) throw new Error(result.stderr);
  return parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
}

const ofKind = (manifests: Manifest[], kind: string) =>
  manifests.filter((manifest) => manifest.kind === kind);

/** GitHub's anchor of a Markdown heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const alerts = ruleGroups().flatMap((group) => group.rules.filter((rule) => rule.alert));

describe('the alerting rules (charts/upright/files/alerts.yaml)', () => {
  it('pass promtool check rules', () => {
    const { status, output } = promtool('check', 'rules', path.basename(ALERTS_FILE));
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('pass their unit tests (promtool test rules)', () => {
    const { status, output } = promtool('test', 'rules', path.basename(ALERTS_TEST_FILE));
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('are each unit-tested firing', () => {
    const tests = (
      parse(readFileSync(ALERTS_TEST_FILE, 'utf8')) as {
        tests: Array<{ alert_rule_test?: Array<{ alertname: string; exp_alerts: unknown[] }> }>;
      }
    ).tests;
    const firing = new Set(
      tests.flatMap((test) =>
        (test.alert_rule_test ?? [])
          .filter((check) => check.exp_alerts.length > 0)
          .map((check) => check.alertname),
      ),
    );
    expect(alerts.map((rule) => rule.alert).filter((name) => !firing.has(name!))).toEqual([]);
  });

  it('cover the SLOs and every signal decision 0074 lists', () => {
    expect(alerts.map((rule) => rule.alert).sort()).toEqual(
      [
        'UprightEdgeShedding',
        'UprightMailFailing',
        'UprightMailSuppressed',
        'UprightOldAnswersServed',
        'UprightPostgresPoolSaturated',
        'UprightPublicReadsErrorBudgetBurn',
        'UprightPublicReadsLatencyBudgetBurn',
        'UprightQueueBacklog',
        'UprightQueueDeadLetters',
        'UprightRedisMemoryHigh',
        'UprightReplicaNotReady',
        'UprightTransportDeadlineDrops',
      ].sort(),
    );
  });

  it('give every alert a severity and a runbook section in docs/operations.md', () => {
    const doc = readFileSync(OPERATIONS_DOC, 'utf8');
    const runbook = doc.slice(doc.indexOf('\n## Alerts runbook'));
    const sections = new Set(
      [...runbook.matchAll(/^### (.+)$/gm)].map(([, heading]) => slug(heading!)),
    );
    for (const rule of alerts) {
      expect([rule.alert, rule.labels?.severity]).toEqual([
        rule.alert,
        expect.stringMatching(/^(critical|warning)$/),
      ]);
      const url = rule.annotations?.runbook_url ?? '';
      expect(url.startsWith(RUNBOOK_URL)).toBe(true);
      expect([rule.alert, sections.has(url.slice(RUNBOOK_URL.length))]).toEqual([rule.alert, true]);
    }
  });

  it('define every recorded series the rules and the dashboard read', () => {
    const recorded = new Set(
      ruleGroups().flatMap((group) => group.rules.flatMap((rule) => rule.record ?? [])),
    );
    const read = allExpressions().flatMap(({ where, expr }) =>
      selectors(expr)
        .filter(({ metric }) => metric.includes(':'))
        .map(({ metric }) => ({ where, metric })),
    );
    expect(read.length).toBeGreaterThan(0);
    expect(read.filter(({ metric }) => !recorded.has(metric))).toEqual([]);
  });
});

describe("the chart's PrometheusRule", () => {
  const enabled = [
    'metrics.prometheusRule.enabled=true',
    'metrics.prometheusRule.labels.release=kps',
  ];

  it('carries the groups of files/alerts.yaml as they are, with the labels Prometheus selects by', () => {
    const [rule, ...others] = ofKind(render(enabled, [PROMETHEUS_RULE_API]), 'PrometheusRule');
    expect(others).toEqual([]);
    expect(rule!.apiVersion).toBe('monitoring.coreos.com/v1');
    expect(rule!.metadata.labels).toEqual(
      expect.objectContaining({ release: 'kps', 'app.kubernetes.io/part-of': 'upright' }),
    );
    expect(rule!.spec).toEqual({ groups: ruleGroups() });
  });

  it('is left out where the operator is not installed, and unless enabled', () => {
    expect(ofKind(render(enabled), 'PrometheusRule')).toEqual([]);
    expect(ofKind(render([], [PROMETHEUS_RULE_API]), 'PrometheusRule')).toEqual([]);
  });

  it('selects targets as the rules do: job="upright" and the processes\' own service label', () => {
    const manifests = render(
      ['metrics.serviceMonitor.enabled=true'],
      ['monitoring.coreos.com/v1/ServiceMonitor'],
    );
    const [monitor] = ofKind(manifests, 'ServiceMonitor');
    expect(monitor!.spec.jobLabel).toBe('app.kubernetes.io/part-of');
    expect(monitor!.spec.endpoints).toEqual([expect.objectContaining({ honorLabels: true })]);
    for (const service of ofKind(manifests, 'Service')) {
      expect(service.metadata.labels['app.kubernetes.io/part-of']).toBe('upright');
    }
    const jobs = allExpressions().flatMap(({ expr }) =>
      selectors(expr).flatMap(({ matchers }) => matchers.filter((m) => m.label === 'job')),
    );
    expect(jobs).toEqual([{ label: 'job', op: '=', value: 'upright' }]);
  });
});

describe("the chart's Grafana dashboard", () => {
  it('is off by default', () => {
    expect(
      ofKind(render([]), 'ConfigMap').filter((map) => map.metadata.name.endsWith('-dashboard')),
    ).toEqual([]);
  });

  it('is a ConfigMap the Grafana sidecar picks up, holding files/dashboard.json', () => {
    const maps = ofKind(
      render([
        'metrics.grafanaDashboard.enabled=true',
        'metrics.grafanaDashboard.namespace=grafana',
      ]),
      'ConfigMap',
    ).filter((map) => map.metadata.labels?.grafana_dashboard !== undefined);
    expect(maps).toHaveLength(1);
    const [map] = maps;
    expect(map!.metadata.labels.grafana_dashboard).toBe('1');
    expect(map!.metadata.namespace).toBe('grafana');
    expect(JSON.parse(map!.data['upright.json'])).toEqual(dashboard());
  });

  it('shows the SLO budgets, the edge (kept, shed, admission limit), the queues and each golden signal', () => {
    const exprs = dashboard()
      .panels.flatMap((panel) => panel.targets ?? [])
      .map((target) => target.expr);
    const read = new Set(exprs.flatMap((expr) => selectors(expr).map(({ metric }) => metric)));
    for (const metric of [
      'upright:public_read_errors:rate5m',
      'upright:public_reads_slow:rate5m',
      'upright:edge_kept:rate5m',
      'upright:edge_shed:rate5m',
      'upright_edge_limit',
      'upright_queue_jobs',
      'upright_http_requests_total',
      'upright_messages_total',
      'upright_http_request_duration_seconds_bucket',
      'upright_message_duration_seconds_bucket',
      'process_cpu_seconds_total',
    ]) {
      expect([metric, read.has(metric)]).toEqual([metric, true]);
    }
    // Per process: the golden signals are split by the processes' service label.
    const golden = dashboard().panels.filter((panel) =>
      ['Traffic', 'Errors', 'Latency (p99)', 'Saturation'].includes(panel.title),
    );
    expect(golden).toHaveLength(4);
    for (const panel of golden) {
      for (const target of panel.targets!) expect(target.expr).toMatch(/by \(service\b/);
    }
  });
});
