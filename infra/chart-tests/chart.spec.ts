/**
 * charts/upright: helm lint and helm template for the default and the production values, every
 * rendered manifest checked against the Kubernetes schemas, and the chart's promises as policy
 * assertions (limits, probes, non-root, HPA/PDB, who may talk to whom). Wrong values must be
 * rejected by values.schema.json before anything renders.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  chartDir,
  componentOf,
  DATABASE_COMPONENTS,
  edgeRoutes,
  NODE_COMPONENTS,
  loadValues,
  ofKind,
  renderChart,
  REQUIRED_VALUES,
  SERVICE_MONITOR_API,
  runHelm,
  setArgs,
  validateAgainstKubernetesSchemas,
  valuesFileArgs,
  type Manifest,
} from './chart';

const VALUES_FILES = ['values.yaml', 'values-production.yaml'];

function podSpecs(manifests: Manifest[]): Array<[string, Manifest]> {
  return [...ofKind(manifests, 'Deployment'), ...ofKind(manifests, 'Job')].map((workload) => [
    `${workload.kind}/${workload.metadata.name}`,
    workload.spec.template.spec,
  ]);
}

function selects(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

describe.each(VALUES_FILES)('charts/upright with %s', (valuesFile) => {
  const files = valuesFile === 'values.yaml' ? [] : [valuesFile];
  // A cluster with the Prometheus Operator, which the production example scrapes with.
  const manifests = renderChart(files, [], [SERVICE_MONITOR_API]);
  const values = loadValues(valuesFile);
  const deployments = ofKind(manifests, 'Deployment');

  it('passes helm lint', () => {
    const required = files.length === 0 ? setArgs(REQUIRED_VALUES) : [];
    const lint = runHelm(['lint', chartDir, ...valuesFileArgs(files), ...required]);
    expect(lint.stderr + lint.stdout).toContain('0 chart(s) failed');
    expect(lint.status).toBe(0);
  });

  it('renders a Deployment and a Service for every enabled component', () => {
    const enabled = Object.entries(values.components as Record<string, Manifest>)
      .filter(([, component]) => component.enabled)
      .map(([name]) => name)
      .sort();
    expect(deployments.map(componentOf).sort()).toEqual(enabled);
    for (const deployment of deployments) {
      const podLabels = deployment.spec.template.metadata.labels;
      const service = ofKind(manifests, 'Service').find(
        (candidate) => candidate.metadata.name === deployment.metadata.name,
      );
      expect(service).toBeDefined();
      expect(selects(service!.spec.selector, podLabels)).toBe(true);
      const component = componentOf(deployment);
      // Prometheus scrapes the `metrics` port: the BFF's operations port (decision 0049).
      const metrics = { bff: [{ name: 'metrics', port: 9464, targetPort: 'ops' }] }[component] ?? [
        { name: 'metrics', port: 8080, targetPort: 'http' },
      ];
      expect(service!.spec.ports).toEqual([
        expect.objectContaining({ name: 'http', targetPort: 'http' }),
        ...(NODE_COMPONENTS.includes(component)
          ? metrics.map((port) => expect.objectContaining(port))
          : []),
      ]);
    }
  });

  it('renders only manifests that are valid against the Kubernetes schemas', () => {
    const results = validateAgainstKubernetesSchemas(manifests);
    expect(results).toHaveLength(manifests.length);
    const invalid = results.filter((result) => result.errors.length > 0);
    expect(invalid).toEqual([]);
    // Custom resources and the Gateway API's route are the only kinds without a schema here.
    const unchecked = results.filter((result) => !result.schema).map((result) => result.kind);
    expect([...new Set(unchecked)].sort()).toEqual(
      [
        ...(values.metrics.serviceMonitor.enabled ? ['ServiceMonitor'] : []),
        ...(values.gateway.enabled ? ['HTTPRoute'] : []),
      ].sort(),
    );
  });

  it('gives every container requests and limits for cpu and memory', () => {
    for (const [, pod] of podSpecs(manifests)) {
      for (const container of pod.containers) {
        for (const bound of ['requests', 'limits']) {
          expect(Object.keys(container.resources?.[bound] ?? {}).sort()).toEqual(['cpu', 'memory']);
        }
      }
    }
  });

  it('probes every Deployment on /health/live and /health/ready (the BFF on its operations port)', () => {
    for (const deployment of deployments) {
      const port = componentOf(deployment) === 'bff' ? 'ops' : 'http';
      for (const container of deployment.spec.template.spec.containers) {
        expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port });
        expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port });
        expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port });
      }
    }
  });

  it("keeps the BFF's operations port off the edge: the Ingress and HTTPRoute route only http", () => {
    const bff = deployments.find((deployment) => componentOf(deployment) === 'bff')!;
    const [container] = bff.spec.template.spec.containers;
    expect(container.ports).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'ops', containerPort: 9464 })]),
    );
    expect(container.env).toEqual(expect.arrayContaining([{ name: 'OPS_PORT', value: '9464' }]));
    const ingressPorts = ofKind(manifests, 'Ingress').flatMap((ingress) =>
      ingress.spec.rules.flatMap((rule: Manifest) =>
        (rule.http?.paths ?? []).map((route: Manifest) => route.backend.service.port),
      ),
    );
    for (const port of ingressPorts) expect(port).toEqual({ name: 'http' });
    const routePorts = ofKind(manifests, 'HTTPRoute').flatMap((route) =>
      route.spec.rules.flatMap((rule: Manifest) =>
        rule.backendRefs.map((backend: Manifest) => backend.port),
      ),
    );
    for (const port of routePorts) expect(port).toBe(8080);
    for (const monitor of ofKind(manifests, 'ServiceMonitor')) {
      expect(monitor.spec.endpoints).toEqual([
        expect.objectContaining({ port: 'metrics', path: '/metrics' }),
      ]);
    }
  });

  it('runs every pod non-root, without privilege escalation, capabilities or a writable root', () => {
    for (const [, pod] of podSpecs(manifests)) {
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      expect(pod.securityContext.seccompProfile).toEqual({ type: 'RuntimeDefault' });
      expect(pod.automountServiceAccountToken).toBe(false);
      for (const container of pod.containers) {
        expect(container.securityContext).toEqual(
          expect.objectContaining({
            runAsNonRoot: true,
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          }),
        );
        // The only writable place: an emptyDir on /tmp.
        const tmp = container.volumeMounts.find((mount: Manifest) => mount.mountPath === '/tmp');
        const volume = pod.volumes.find((candidate: Manifest) => candidate.name === tmp?.name);
        expect(volume?.emptyDir).toBeDefined();
      }
    }
  });

  it('gives a Deployment an HPA and a PDB whenever its component enables them', () => {
    for (const deployment of deployments) {
      const component = values.components[componentOf(deployment)];
      const name = deployment.metadata.name;
      const hpa = ofKind(manifests, 'HorizontalPodAutoscaler').find(
        (candidate) => candidate.spec.scaleTargetRef.name === name,
      );
      const pdb = ofKind(manifests, 'PodDisruptionBudget').find((candidate) =>
        selects(candidate.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
      );
      expect(Boolean(hpa)).toBe(component.autoscaling.enabled);
      expect(Boolean(pdb)).toBe(component.podDisruptionBudget.enabled);
      // With an HPA the Deployment leaves replicas alone, so an upgrade does not reset the scale.
      expect(deployment.spec.replicas).toBe(
        component.autoscaling.enabled ? undefined : component.replicas,
      );
      if (hpa) {
        expect(hpa.spec.scaleTargetRef).toEqual({
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          name,
        });
      }
    }
  });

  it('routes the hashed assets to web and everything else (pages, API, crawl files) to the BFF', () => {
    const serviceNames = new Set(ofKind(manifests, 'Service').map((s) => s.metadata.name));
    const routed = edgeRoutes(manifests);
    expect(routed.length).toBeGreaterThan(0);
    for (const routes of routed) {
      expect(routes).toEqual({ '/assets': 'upright-web', '/': 'upright-bff' });
      for (const service of Object.values(routes))
        expect(serviceNames.has(service as string)).toBe(true);
    }
  });

  it('runs migrations as a pre-install and pre-upgrade hook whose secret exists first', () => {
    const [job] = ofKind(manifests, 'Job');
    expect(job.metadata.annotations['helm.sh/hook'].split(',').sort()).toEqual([
      'pre-install',
      'pre-upgrade',
    ]);
    const container = job.spec.template.spec.containers[0];
    expect(container.image).toMatch(/\/upright-migrate:/);
    const secretNames = container.env
      .filter((variable: Manifest) => variable.valueFrom)
      .map((variable: Manifest) => variable.valueFrom.secretKeyRef.name);
    const secretVariables = container.env
      .filter((variable: Manifest) => variable.valueFrom)
      .map((variable: Manifest) => variable.name);
    // The owner connection and every role's own password (migrate.ts sets each).
    expect(secretVariables.sort()).toEqual([
      'ACCOUNTS_DB_PASSWORD',
      'DATABASE_ADMIN_URL',
      'RANKINGS_DB_PASSWORD',
      'REPORTS_DB_PASSWORD',
      'SEARCH_DB_PASSWORD',
    ]);
    if (values.secrets.existingSecret) {
      expect(new Set(secretNames)).toEqual(new Set([values.secrets.existingSecret]));
      return;
    }
    // A pre-install hook runs before ordinary resources exist: its secret is a hook too, earlier.
    const hookSecret = ofKind(manifests, 'Secret').find((s) => s.metadata.name === secretNames[0]);
    expect(hookSecret?.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(Number(hookSecret?.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(
      Number(job.metadata.annotations['helm.sh/hook-weight']),
    );
    expect(Object.keys(hookSecret?.stringData).sort()).toEqual([
      'database-admin-url',
      ...DATABASE_COMPONENTS.map((service) => `db-password-${service}`),
    ]);
    // It holds the owner's credentials: gone once the hooks have succeeded.
    expect(hookSecret?.metadata.annotations['helm.sh/hook-delete-policy'].split(',')).toContain(
      'hook-succeeded',
    );
  });

  it('reads every secret variable from a key the release Secret has', () => {
    const secretName = values.secrets.existingSecret || 'upright-secrets';
    const chartSecret = ofKind(manifests, 'Secret').find((s) => s.metadata.name === secretName);
    expect(Boolean(chartSecret)).toBe(!values.secrets.existingSecret);
    for (const deployment of deployments) {
      for (const variable of deployment.spec.template.spec.containers[0].env ?? []) {
        const reference = variable.valueFrom?.secretKeyRef;
        if (!reference) continue;
        expect(reference.name).toBe(secretName);
        if (chartSecret) expect(Object.keys(chartSecret.stringData)).toContain(reference.key);
      }
    }
  });

  it('connects each schema-owning service with its own role and only its own password', () => {
    for (const deployment of deployments) {
      const component = componentOf(deployment);
      const env: Manifest[] = deployment.spec.template.spec.containers[0].env ?? [];
      const names = env.map((variable) => variable.name);
      const databaseUrl = env.find((variable) => variable.name === 'DATABASE_URL');
      const passwordKeys = env
        .map((variable) => variable.valueFrom?.secretKeyRef?.key as string | undefined)
        .filter((key) => key?.startsWith('db-password-'));
      if (!DATABASE_COMPONENTS.includes(component)) {
        expect(databaseUrl).toBeUndefined();
        expect(passwordKeys).toEqual([]);
        continue;
      }
      expect(passwordKeys).toEqual([`db-password-${component}`]);
      expect(databaseUrl?.value).toMatch(
        new RegExp(`^postgres://upright_${component}:\\$\\(DB_PASSWORD\\)@[^/]+/\\w+\\?sslmode=`),
      );
      // Kubernetes expands $(VAR) only from variables defined earlier in the list.
      expect(names.indexOf('DB_PASSWORD')).toBeLessThan(names.indexOf('DATABASE_URL'));
    }
  });

  it('gives each Node process the Redis URL of its own Secret key', () => {
    for (const deployment of deployments) {
      const component = componentOf(deployment);
      const env: Manifest[] = deployment.spec.template.spec.containers[0].env ?? [];
      const redisUrl = env.find((variable) => variable.name === 'REDIS_URL');
      if (!NODE_COMPONENTS.includes(component)) {
        expect(redisUrl).toBeUndefined();
        continue;
      }
      expect(redisUrl?.valueFrom.secretKeyRef.key).toBe(`redis-url-${component}`);
    }
  });

  describe('network policies', () => {
    const policies = ofKind(manifests, 'NetworkPolicy');
    const policyOf = (component: string) =>
      policies.find(
        (policy) =>
          policy.spec.podSelector.matchLabels['app.kubernetes.io/component'] === component,
      );
    const egressPorts = (component: string): number[] =>
      policyOf(component)!.spec.egress.flatMap((rule: Manifest) =>
        rule.ports.map((port: Manifest) => port.port),
      );

    it('deny everything not allowed for every pod of the release', () => {
      const deny = policies.find((policy) => policy.metadata.name === 'upright-default-deny');
      expect(deny?.spec).toEqual({
        podSelector: {
          matchLabels: {
            'app.kubernetes.io/name': 'upright',
            'app.kubernetes.io/instance': 'upright',
          },
        },
        policyTypes: ['Ingress', 'Egress'],
      });
    });

    it("let only web and the BFF be reached from the edge (its proxies' namespace)", () => {
      const edgeNamespace = {
        'ingress-nginx': 'ingress-nginx',
        'envoy-gateway': 'envoy-gateway-system',
      }[values.networkPolicy.edge.preset as string];
      for (const deployment of deployments) {
        const component = componentOf(deployment);
        const peers = policyOf(component)!.spec.ingress.flatMap((rule: Manifest) => rule.from);
        const fromIngress = peers.some(
          (peer: Manifest) =>
            peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] ===
              edgeNamespace && peer.podSelector,
        );
        expect(fromIngress).toBe(component === 'web' || component === 'bff');
        if (component !== 'web' && component !== 'bff') {
          // The services: only the release's own pods (and the metrics scraper).
          for (const peer of peers) {
            const isReleasePeer =
              peer.podSelector?.matchLabels?.['app.kubernetes.io/instance'] === 'upright' &&
              !peer.namespaceSelector;
            const isScraper = values.networkPolicy.metricsFrom.some(
              (allowed: Manifest) => JSON.stringify(allowed) === JSON.stringify(peer),
            );
            expect(isReleasePeer || isScraper).toBe(true);
          }
        }
      }
    });

    it('open egress only to the dependencies each component uses, on their configured ports', () => {
      const egress = values.networkPolicy.egress;
      for (const deployment of deployments) {
        const component = componentOf(deployment);
        const ports = egressPorts(component);
        if (component === 'web') {
          expect(ports).toEqual([]);
          continue;
        }
        expect(ports).toEqual(expect.arrayContaining([53, values.redis.port]));
        expect(ports.includes(values.postgres.port)).toBe(DATABASE_COMPONENTS.includes(component));
        for (const port of egress.smtp.ports)
          expect(ports.includes(port)).toBe(component === 'mail');
        expect(ports.includes(values.opensearch.port)).toBe(
          component === 'search' && values.opensearch.enabled,
        );
        // No rule without destinations: that would allow every address.
        for (const rule of policyOf(component)!.spec.egress)
          expect(rule.to.length).toBeGreaterThan(0);
      }
      expect(NODE_COMPONENTS.every((component) => policyOf(component))).toBe(true);
    });
  });
});

describe('values.schema.json rejects wrong values before anything renders', () => {
  it.each([
    [
      'a string where an integer belongs',
      'components.bff.replicas=two',
      'components.bff.replicas: Invalid type. Expected: integer, given: string',
    ],
    [
      'a string where a boolean belongs',
      'ingress.enabled=yes',
      'ingress.enabled: Invalid type. Expected: boolean, given: string',
    ],
    ['a misspelt key', 'components.bff.replicaz=2', 'Additional property replicaz is not allowed'],
    [
      'an unknown component',
      'components.worker.image=x',
      'Additional property worker is not allowed',
    ],
    ['a log level pino does not know', 'config.logLevel=loud', 'config.logLevel'],
    [
      'a role password that would break the database URL',
      'secrets.values.dbPasswords.accounts=p@ss/word',
      'secrets.values.dbPasswords.accounts',
    ],
    ['a digest that is not sha256', 'components.bff.digest=latest', 'components.bff.digest'],
    ['a deadline out of range', 'config.requestDeadlineMs=10', 'config.requestDeadlineMs'],
  ])('%s', (_what, set, message) => {
    const result = runHelm([
      'template',
      'upright',
      chartDir,
      '--kube-version',
      '1.29.0',
      '--set',
      set,
    ]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain("values don't meet the specifications of the schema");
    expect(result.stderr).toContain(message);
  });

  it('rejects more than one embedded search engine, naming the fix', () => {
    expect(() => renderChart([], ['components.search.replicas=2'])).toThrow(
      /opensearch\.enabled=true/,
    );
    expect(() =>
      renderChart([], ['opensearch.enabled=true', 'components.search.replicas=2']),
    ).not.toThrow();
  });
});

describe('charts/upright/README.md', () => {
  const schema = JSON.parse(readFileSync(path.join(chartDir, 'values.schema.json'), 'utf8'));
  const readme = readFileSync(path.join(chartDir, 'README.md'), 'utf8');

  /** Dotted paths of every value the schema declares; components (and egress rules) share keys. */
  function valuePaths(node: Manifest, prefix: string): string[] {
    const resolved = node.$ref ? schema.definitions[node.$ref.split('/').pop()] : node;
    if (!resolved.properties || prefix.endsWith('resources')) return [prefix];
    if (prefix === 'components') {
      return valuePaths(schema.definitions.component, 'components.<name>');
    }
    return Object.entries(resolved.properties as Record<string, Manifest>).flatMap(([key, child]) =>
      valuePaths(child, prefix ? `${prefix}.${key}` : key),
    );
  }

  it('documents every value', () => {
    const undocumented = valuePaths(schema, '').filter((value) => !readme.includes(`\`${value}\``));
    expect(undocumented).toEqual([]);
  });
});
