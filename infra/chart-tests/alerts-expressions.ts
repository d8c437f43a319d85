/**
 * The PromQL of the chart's alerting rules (files/alerts.yaml) and dashboard (files/dashboard.json),
 * taken apart far enough to check it against what the processes export: the series each
 * expression selects (metric name and label matchers) and the labels it groups by.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const filesDir = path.resolve(__dirname, '..', '..', 'charts', 'upright', 'files');
export const ALERTS_FILE = path.join(filesDir, 'alerts.yaml');
export const ALERTS_TEST_FILE = path.join(filesDir, 'alerts.test.yaml');
export const DASHBOARD_FILE = path.join(filesDir, 'dashboard.json');

export interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface RuleGroup {
  name: string;
  rules: Rule[];
}

export function ruleGroups(): RuleGroup[] {
  return (parse(readFileSync(ALERTS_FILE, 'utf8')) as { groups: RuleGroup[] }).groups;
}

interface DashboardPanel {
  type: string;
  title: string;
  targets?: Array<{ expr: string }>;
}

export function dashboard(): { panels: DashboardPanel[] } {
  return JSON.parse(readFileSync(DASHBOARD_FILE, 'utf8')) as { panels: DashboardPanel[] };
}

/** Every expression the rules and the dashboard evaluate, with where it comes from. */
export function allExpressions(): Array<{ where: string; expr: string }> {
  const rules = ruleGroups().flatMap((group) =>
    group.rules.map((rule) => ({ where: rule.record ?? rule.alert!, expr: rule.expr })),
  );
  const panels = dashboard().panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ where: `panel "${panel.title}"`, expr: target.expr })),
  );
  return [...rules, ...panels];
}

export interface Matcher {
  label: string;
  op: '=' | '!=' | '=~' | '!~';
  value: string;
}

export interface Selector {
  metric: string;
  matchers: Matcher[];
}

/** PromQL words that are not metric names where they stand without a parenthesis. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);
const GROUPING = /\b(by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g;

/** The series an expression selects: `name{label="value", …}` (a bare name has no matchers). */
export function selectors(expr: string): Selector[] {
  const stripped = expr
    .replace(GROUPING, ' ')
    .replace(/\[[^\]]*\]/g, ' ') // range and subquery durations
    .replace(/\$\w+/g, ' '); // Grafana's variables ($__rate_interval)
  const found: Selector[] = [];
  const selector = /([A-Za-z_:][\w:]*)?\s*(\{[^}]*\})|([A-Za-z_:][\w:]*)(?=\s*(\(|$|[^\w:({]))/g;
  for (const match of stripped.matchAll(selector)) {
    const [, named, braces, bare, call] = match;
    const metric = named ?? bare;
    if (metric === undefined) throw new Error(`a selector without a metric name in: ${expr}`);
    if (call === '(' || KEYWORDS.has(metric.toLowerCase())) continue;
    found.push({ metric, matchers: braces ? matchersOf(braces) : [] });
  }
  return found;
}

function matchersOf(braces: string): Matcher[] {
  return [...braces.matchAll(/(\w+)\s*(=~|!~|!=|=)\s*"((?:[^"\\]|\\.)*)"/g)].map(
    ([, label, op, value]) => ({ label: label!, op: op as Matcher['op'], value: value! }),
  );
}

/** The labels an expression aggregates or matches by (`by (…)`, `on (…)`, …). */
export function groupingLabels(expr: string): string[] {
  return [...expr.matchAll(GROUPING)].flatMap(([, , labels]) =>
    labels!
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean),
  );
}
