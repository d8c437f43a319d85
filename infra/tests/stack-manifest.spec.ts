/**
 * The stack manifest (infra/stack/manifest.ts) is the one list of Upright's processes: it matches
 * the transport's identities and the workspaces, the Helm chart deploys exactly its processes
 * with the environment it declares, and no file that used to write the list out does so again.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { TRANSPORT_IDENTITIES } from '@upright/contracts';
import { parse } from 'yaml';
import { SCHEMA_OWNERS, STACK, type StackProcess } from '../stack/manifest';
import { localCommand, printed } from '../stack/print';
import {
  chartDir,
  componentOf,
  ofKind,
  renderChart,
  repoRoot,
  type Manifest,
} from '../chart-tests/chart';

const NAMES: string[] = STACK.map((process) => process.name);
const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const sorted = (list: readonly string[]) => [...list].sort();

describe('infra/stack/manifest.ts', () => {
  it('names every transport identity once', () => {
    expect(sorted(NAMES)).toEqual(sorted(TRANSPORT_IDENTITIES));
    expect(new Set(NAMES).size).toBe(NAMES.length);
  });

  it('gives every process a local port of its own', () => {
    const ports = STACK.map((process) => process.port);
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("has `make up` wait for each process's readiness where it answers it (the BFF's operations port)", () => {
    const ports = Object.fromEntries(
      printed('ports')
        .split(' ')
        .map((entry) => entry.split('=')),
    );
    const bff = STACK.find((process) => process.name === 'bff')!;
    const opsPort = /OPS_PORT=(\d+)/.exec(localCommand(bff))?.[1];
    expect(ports.bff).toBe(`${bff.port}:${opsPort}`);
    expect(Number(opsPort)).not.toBe(bff.port);
    for (const process of STACK.filter((plan) => plan.name !== 'bff')) {
      expect(ports[process.name]).toBe(`${process.port}:${process.port}`);
      expect(localCommand(process)).not.toContain('OPS_PORT');
    }
  });

  it.each(STACK.map((process): [string, StackProcess] => [process.name, process]))(
    '%s: an npm workspace whose src/main.ts builds to the entry',
    (_name, process) => {
      expect(rootPackage.workspaces).toContain(process.workspace);
      expect(process.entry).toBe(`${process.workspace}/dist/main.js`);
      expect(existsSync(path.join(repoRoot, process.workspace, 'src', 'main.ts'))).toBe(true);
      const migrations = path.join(repoRoot, process.workspace, 'db', 'migrations');
      expect(existsSync(migrations)).toBe(process.ownsSchema);
      if (process.importer) {
        expect(process.ownsSchema).toBe(true);
        const source = process.importer.replace('/dist/', '/src/').replace(/\.js$/, '.ts');
        expect(existsSync(path.join(repoRoot, source))).toBe(true);
      }
    },
  );
});

describe('the chart deploys the manifest, and only it', () => {
  const helpers = readFileSync(path.join(chartDir, 'templates', '_helpers.tpl'), 'utf8');
  /** A space-separated list the chart's templates define (`upright.nodeComponents`, …). */
  const listed = (name: string) => {
    const match = new RegExp(`define "upright\\.${name}" -}}([^{]*){{- end`).exec(helpers);
    return sorted(match?.[1].trim().split(/\s+/) ?? []);
  };
  // OpenSearch on, so that the variable is rendered for the processes that use it.
  const manifests = renderChart([], ['opensearch.enabled=true']);
  const ofComponent = (kind: string, name: string): Manifest | undefined =>
    ofKind(manifests, kind).find((manifest) => componentOf(manifest) === name);

  it('lists the processes, and the schema owners, in _helpers.tpl', () => {
    expect(listed('nodeComponents')).toEqual(sorted(NAMES));
    expect(listed('databaseComponents')).toEqual(sorted(SCHEMA_OWNERS));
  });

  it('has a component in values.yaml per process, and the web bundle', () => {
    const values = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) as {
      components: Record<string, unknown>;
    };
    expect(sorted(Object.keys(values.components))).toEqual(sorted([...NAMES, 'web']));
  });

  it.each(NAMES)('%s: a Deployment and a Service meeting on the port named http', (name) => {
    const deployment = ofComponent('Deployment', name);
    const service = ofComponent('Service', name);
    const ports = deployment?.spec.template.spec.containers[0].ports as Array<{ name: string }>;
    expect(ports.map((port) => port.name)).toContain('http');
    const targets = service?.spec.ports as Array<{ name: string; targetPort: string }>;
    // The metrics port is the BFF's operations port (decision 0049), a service's own HTTP port.
    const metricsTarget = name === 'bff' ? 'ops' : 'http';
    expect(targets.map(({ name, targetPort }) => [name, targetPort])).toEqual([
      ['http', 'http'],
      ['metrics', metricsTarget],
    ]);
    if (name === 'bff') expect(ports.map((port) => port.name)).toContain('ops');
  });

  it.each(STACK.map((process): [string, StackProcess] => [process.name, process]))(
    '%s: the environment its manifest entry declares',
    (_name, process) => {
      const container = ofComponent('Deployment', process.name)?.spec.template.spec.containers[0];
      const env = new Set((container.env as Array<{ name: string }>).map(({ name }) => name));
      expect(env.has('DATABASE_URL')).toBe(process.ownsSchema);
      expect(env.has('SMTP_URL')).toBe(process.smtp);
      expect(env.has('OPENSEARCH_URL')).toBe(process.opensearch);
      // Beyond what its needs imply and what every process gets, exactly its declared variables.
      const implied = new Set(['REDIS_URL', 'TRANSPORT_KEYS', 'DB_PASSWORD']);
      for (const need of ['DATABASE_URL', 'SMTP_URL', 'OPENSEARCH_URL']) implied.add(need);
      const own = [...env].filter((name) => !implied.has(name));
      expect(sorted(own)).toEqual(sorted(process.env));
    },
  );
});

/**
 * Every file that wrote the process list out before the manifest, and what
 * shows it reads the manifest now (null: it gets the list handed in, from run-all.sh or a runner).
 */
const FORMER_LISTS: Record<string, RegExp | null> = {
  Makefile: /infra\/stack\/print\.ts/,
  'infra/local/run-all.sh': /infra\/stack\/print\.ts/,
  'infra/local/announce-ready.js': null,
  'infra/local/local.env': null,
  'infra/local/migrate.ts': /from '\.\.\/stack\/manifest'/,
  'infra/local/jest-integration-setup.ts': /from '\.\.\/stack\/manifest'/,
  'infra/local/private-database.ts': /from '\.\.\/stack\/manifest'/,
  'infra/local/redis-acl.ts': /from '\.\.\/stack\/manifest'/,
  'infra/local/redis-acl.int-spec.ts': /from '\.\.\/stack\/manifest'/,
  'infra/load/local-stack.ts': /from '\.\.\/stack\/manifest'/,
  'web/e2e/support/stack.ts': /from '\.\.\/\.\.\/\.\.\/infra\/stack\/manifest'/,
  'infra/bench/run.ts': /from '\.\.\/stack\/manifest'/,
  'infra/bench/members.ts': null,
  'infra/bench/search.ts': null,
  'infra/docker/images.ts': /from '\.\.\/stack\/manifest'/,
  'infra/docker/images.json': null,
  'infra/chart-tests/chart.ts': /from '\.\.\/stack\/manifest'/,
  'infra/chart-tests/chart-config.spec.ts': /from '\.\.\/stack\/manifest'/,
  'infra/docker/images.spec.ts': /from '\.\.\/stack\/manifest'/,
  'infra/docker/migrate-image.int-spec.ts': /from '\.\.\/stack\/manifest'/,
};

/** Where a text writes three or more process names out as a list, or null. */
function processListIn(text: string, names: readonly string[] = NAMES): string | null {
  const name = `(?:${names.join('|')})`;
  const patterns = [
    // In a row: 'accounts', 'rankings', … or accounts rankings … (shell, Makefile).
    new RegExp(`(['"\`]?)${name}\\1(?:[\\s,]+(['"\`]?)${name}\\2){2,}`),
    // Objects, one per process: { name: 'accounts', … }.
    new RegExp(`(?:name:\\s*['"]${name}['"][\\s\\S]*?){3}`),
    // Keyed by process: accounts: …, rankings: … (lines of their own).
    new RegExp(`(?:^\\s*['"]?${name}['"]?\\s*:[\\s\\S]*?){3}`, 'm'),
    // One variable per process: ACCOUNTS_PORT=…, RANKINGS_PORT=…
    new RegExp(`(?:^(?:${names.map((n) => n.toUpperCase()).join('|')})_PORT=[\\s\\S]*?){3}`, 'm'),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match[0].slice(0, 120);
  }
  return null;
}

describe('every list that used to name the processes reads the manifest', () => {
  it('recognises the lists it looks for (as they were written before)', () => {
    const before = [
      "export const NODE_COMPONENTS = ['bff', 'accounts', 'rankings', 'reports', 'mail', 'search'];",
      'SERVICES_WITH_SCHEMA := accounts rankings reports search',
      "  { name: 'accounts', entry: 'x' },\n  { name: 'rankings', entry: 'y' },\n  { name: 'mail' },",
      'const QUEUES_OF = {\n  bff: [],\n  accounts: [Queues.mail],\n  mail: [Queues.mail],\n};',
      'BFF_PORT=8080\nACCOUNTS_PORT=8081\nRANKINGS_PORT=8082\n',
    ];
    for (const text of before) expect(processListIn(text)).not.toBeNull();
    expect(processListIn("stackProcess('rankings'); start('reports');")).toBeNull();
  });

  it.each(Object.entries(FORMER_LISTS))('%s', (file, reads) => {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    expect(processListIn(text)).toBeNull();
    if (reads) expect(text).toMatch(reads);
  });
});
