/**
 * A first install on the managed services the docs name (decision 0072): GKE with its managed
 * Gateway, EKS with RDS and ElastiCache, bare metal with in-cluster stores. Each case renders the
 * chart (or its notes) as the docs say to install it, or checks a value the schema must refuse.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  chartDir,
  componentOf,
  loadValues,
  NODE_COMPONENTS,
  ofKind,
  renderChart,
  renderNotes,
  SERVICE_MONITOR_API,
  type Manifest,
  renderError,
} from './chart';

const readme = readFileSync(path.join(chartDir, 'README.md'), 'utf8');
const PRODUCTION = ['values-production.yaml'];
const GKE = [
  'ingress.enabled=false',
  'gateway.enabled=true',
  'gateway.parentRefs[0].name=public',
  'gateway.parentRefs[0].namespace=edge',
  'gateway.hostnames[0]=upright.example.com',
  'networkPolicy.edge.preset=gke-gateway',
];

const deploymentOf = (manifests: Manifest[], component: string) =>
  ofKind(manifests, 'Deployment').find((candidate) => componentOf(candidate) === component)!;

const envOf = (manifests: Manifest[], component: string): Record<string, string> =>
  Object.fromEntries(
    deploymentOf(manifests, component).spec.template.spec.containers[0].env.map(
      (variable: Manifest) => [variable.name, variable.value],
    ),
  );

const policyOf = (manifests: Manifest[], component: string): Manifest =>
  ofKind(manifests, 'NetworkPolicy').find(
    (policy) => policy.spec.podSelector.matchLabels?.['app.kubernetes.io/component'] === component,
  )!;

/** The YAML block the README marks with `<!-- name -->`. */
function documentedYaml(name: string): Manifest {
  const start = readme.indexOf(`<!-- ${name} -->`);
  expect(start).toBeGreaterThan(-1);
  const block = /```yaml\n([\s\S]*?)```/.exec(readme.slice(start))!;
  return parse(block[1]) as Manifest;
}

describe('Redis users: one name for the Secret and the ACL rules', () => {
  it('refuses a URL whose user is not <transportPrefix>-<component>, naming the expected one', () => {
    expect(
      renderError(['secrets.values.redisUrls.bff=rediss://bff:pw@upright-redis-master:6379']),
    ).toMatch(/redisUrls\.bff names the Redis user "bff", but the ACL rules create "upright-bff"/);
  });

  it("writes the README's Secret example with the users the rules create", () => {
    const users = [...readme.matchAll(/redis-url-(\w+)="rediss:\/\/([\w-]+):/g)];
    expect(users.map(([, component]) => component).sort()).toEqual([...NODE_COMPONENTS].sort());
    for (const [, component, user] of users) expect(user).toBe(`upright-${component}`);
  });
});

describe("GKE's managed Gateway", () => {
  it('trusts the two addresses it appends, and one for every other edge', () => {
    expect(envOf(renderChart([], GKE), 'bff').TRUSTED_PROXY_HOPS).toBe('2');
    expect(envOf(renderChart(), 'bff').TRUSTED_PROXY_HOPS).toBe('1');
    expect(envOf(renderChart(PRODUCTION), 'bff').TRUSTED_PROXY_HOPS).toBe('1');
    expect(
      envOf(renderChart([], [...GKE, 'bff.trustedProxyHops=3']), 'bff').TRUSTED_PROXY_HOPS,
    ).toBe('3');
  });

  it('admits the Google front end ranges to web and the BFF', () => {
    const manifests = renderChart([], GKE);
    for (const component of ['web', 'bff']) {
      const peers = policyOf(manifests, component).spec.ingress.flatMap(
        (rule: Manifest) => rule.from,
      );
      expect(peers).toEqual(
        expect.arrayContaining([
          { ipBlock: { cidr: '35.191.0.0/16' } },
          { ipBlock: { cidr: '130.211.0.0/22' } },
        ]),
      );
    }
  });

  it("aims the balancer's health checks at readiness, admitting them to the ops port only", () => {
    const manifests = renderChart([], [...GKE, 'edgeHealthChecks.provider=gke']);
    const policies = Object.fromEntries(
      ofKind(manifests, 'HealthCheckPolicy').map((policy) => [
        policy.spec.targetRef.name,
        policy.spec.default.config.httpHealthCheck,
      ]),
    );
    expect(policies).toEqual({
      'upright-bff': { port: 9464, requestPath: '/health/ready' },
      'upright-web': { port: 8080, requestPath: '/health/ready' },
    });
    const rules: Manifest[] = policyOf(manifests, 'bff').spec.ingress;
    const opsRule = rules.find(
      (rule) =>
        rule.from.some((peer: Manifest) => peer.ipBlock?.cidr === '35.191.0.0/16') &&
        rule.ports.some((port: Manifest) => port.port === 'ops'),
    );
    expect(opsRule?.ports).toEqual([{ port: 'ops', protocol: 'TCP' }]);
    for (const component of NODE_COMPONENTS.filter((name) => name !== 'bff')) {
      const text = JSON.stringify(policyOf(manifests, component).spec.ingress);
      expect(text).not.toContain('35.191.0.0/16');
    }
  });

  it('gives an ALB (IP targets) the same readiness through its Service annotations', () => {
    const manifests = renderChart(
      [],
      ['edgeHealthChecks.provider=aws-alb', 'edgeHealthChecks.cidrs[0]=10.0.0.0/20'],
    );
    const bff = ofKind(manifests, 'Service').find((service) => componentOf(service) === 'bff')!;
    expect(bff.metadata.annotations).toEqual({
      'alb.ingress.kubernetes.io/healthcheck-port': '9464',
      'alb.ingress.kubernetes.io/healthcheck-path': '/health/ready',
    });
    expect(JSON.stringify(policyOf(manifests, 'bff').spec.ingress)).toContain('10.0.0.0/20');
    expect(ofKind(manifests, 'HealthCheckPolicy')).toEqual([]);
  });
});

describe('metrics where the Prometheus Operator is absent', () => {
  it('creates the ServiceMonitor only where its CRD is served, and says so otherwise', () => {
    expect(ofKind(renderChart(PRODUCTION), 'ServiceMonitor')).toEqual([]);
    expect(
      ofKind(renderChart(PRODUCTION, [], [SERVICE_MONITOR_API]), 'ServiceMonitor'),
    ).toHaveLength(1);
    const notes = renderNotes(PRODUCTION);
    expect(notes).toContain('no ServiceMonitor CRD');
    expect(notes).toContain('PodMonitoring');
    expect(renderNotes(PRODUCTION, [], [SERVICE_MONITOR_API])).not.toContain(
      'no ServiceMonitor CRD',
    );
  });

  it('refuses a scrape timeout longer than the interval', () => {
    expect(
      renderError([
        'metrics.serviceMonitor.interval=10s',
        'metrics.serviceMonitor.scrapeTimeout=1m',
      ]),
    ).toContain(
      'metrics.serviceMonitor.scrapeTimeout 1m is longer than metrics.serviceMonitor.interval 10s',
    );
  });
});

describe('drains and NetworkPolicies that hold', () => {
  it('lets a drain evict one pod at a time in the production example', () => {
    const pdbs = ofKind(renderChart(PRODUCTION), 'PodDisruptionBudget');
    expect(pdbs.length).toBeGreaterThan(0);
    for (const pdb of pdbs)
      expect(pdb.spec).toEqual(expect.objectContaining({ maxUnavailable: 1 }));
    const values = loadValues('values-production.yaml');
    for (const component of Object.values(values.components as Record<string, Manifest>)) {
      expect(component.podDisruptionBudget.minAvailable).toBeUndefined();
    }
  });

  it('reminds an EKS install that the VPC CNI enforces policies only when told to', () => {
    const eks = renderNotes([], [], ['crd.k8s.amazonaws.com/v1alpha1/ENIConfig']);
    expect(eks).toContain('enableNetworkPolicy: true');
    expect(renderNotes()).not.toContain('enableNetworkPolicy');
  });
});

describe('in-cluster stores as the README documents them', () => {
  it('renders the CloudNativePG and Valkey example, with egress to their pods', () => {
    const example = documentedYaml('in-cluster-stores');
    const sets = [
      `postgres.host=${example.postgres.host}`,
      `postgres.sslmode=${example.postgres.sslmode}`,
      `postgres.tls.caSecret=${example.postgres.tls.caSecret}`,
      `redis.tls.caSecret=${example.redis.tls.caSecret}`,
      `secrets.values.databaseAdminUrl=postgres://owner:pw@${example.postgres.host}:5432/upright?sslmode=verify-full`,
      'networkPolicy.egress.postgres.to[0].podSelector.matchLabels.cnpg\\.io/cluster=upright-pg',
      'networkPolicy.egress.redis.to[0].podSelector.matchLabels.app\\.kubernetes\\.io/name=valkey',
    ];
    const manifests = renderChart([], sets);
    const egress = JSON.stringify(policyOf(manifests, 'accounts').spec.egress);
    expect(egress).toContain(JSON.stringify(example.networkPolicy.egress.postgres.to[0]));
    expect(egress).toContain(JSON.stringify(example.networkPolicy.egress.redis.to[0]));
    expect(readme).not.toMatch(/install e\.g\. the Bitnami/);
  });
});

describe('Memorystore', () => {
  it('warns when its TLS port is used without its per-instance CA', () => {
    const sets = [
      'redis.port=6378',
      'redis.singleUser=true',
      ...NODE_COMPONENTS.map(
        (component) =>
          `secrets.values.redisUrls.${component}=rediss://:auth@upright-redis-master:6378`,
      ),
    ];
    expect(renderNotes([], sets)).toContain('Put that CA in redis.tls.caSecret');
    expect(renderNotes([], [...sets, 'redis.tls.caSecret=memorystore-ca'])).not.toContain(
      'Put that CA',
    );
  });
});

describe("the migration Job's TLS", () => {
  it("refuses an admin URL whose sslmode differs from the services'", () => {
    expect(
      renderError([
        'postgres.tls.caSecret=db-ca',
        'secrets.values.databaseAdminUrl=postgres://owner:pw@db.internal:5432/upright?sslmode=require',
      ]),
    ).toContain(
      'database-admin-url has sslmode=require but the services connect with sslmode=verify-full',
    );
    expect(
      renderError(['secrets.values.databaseAdminUrl=postgres://owner:pw@db.internal:5432/upright']),
    ).toContain('database-admin-url has sslmode=prefer');
  });

  it('documents the Cloud SQL CA bundle, not only the current CA', () => {
    expect(readme).toContain('gcloud sql ssl server-ca-certs list');
  });
});

describe('the values schema refuses what would weaken the pods or the policies', () => {
  it.each([
    ['podSecurityContext.runAsNonRoot=false'],
    ['containerSecurityContext.runAsNonRoot=false'],
    ['containerSecurityContext.readOnlyRootFileSystem=true'],
    ['containerSecurityContext.capabilities.add[0]=NET_ADMIN'],
    ['containerSecurityContext.privileged=true'],
    ['components.bff.tolerations[0].keys=dedicated'],
    ['components.bff.tolerations[0].effect=NoSchedul'],
    ['networkPolicy.egress.redis.cidrs[0]=10.0.0.300/24'],
    ['networkPolicy.egress.redis.cidrs[0]=10.0.0.0/33'],
    ['networkPolicy.edge.cidrs[0]=300.0.0.0/8'],
    ['edgeHealthChecks.cidrs[0]=10.0.0.0'],
  ])('%s', (set) => {
    expect(renderError([set])).toMatch(/values don't meet the specifications of the schema/);
  });

  it('still accepts a proper toleration and IPv4 and IPv6 ranges', () => {
    expect(() =>
      renderChart(
        [],
        [
          'components.bff.tolerations[0].key=dedicated',
          'components.bff.tolerations[0].operator=Equal',
          'components.bff.tolerations[0].value=web',
          'components.bff.tolerations[0].effect=NoSchedule',
          'networkPolicy.egress.smtp.cidrs[0]=2001:db8::/32',
          'networkPolicy.egress.smtp.cidrs[1]=192.0.2.0/24',
        ],
      ),
    ).not.toThrow();
  });
});

describe("the controller's documented access log masks the mailed codes", () => {
  const config = documentedYaml('controller-log-format').controller.config;
  /** nginx's map, as the snippet declares it: its regex and replacement. */
  const [, pattern, replacement] = /"~([^"]+)" "([^"]+)";/.exec(config['http-snippet'])!;
  const logged = (uri: string) => {
    const match = new RegExp(pattern).exec(uri);
    return match ? replacement.replace('${kept}', match.groups!.kept) : uri;
  };

  it.each([
    '/account/reset/3f9c2a7be14d',
    '/account/verify/3f9c2a7be14d?next=/account',
    '/account/unsubscribe/3f9c2a7be14d?uid=u-1',
    '/api/validatehash/3f9c2a7be14d',
  ])('%s', (uri) => {
    expect(logged(uri)).not.toContain('3f9c2a7be14d');
    expect(logged(uri)).toMatch(/\[masked\]$/);
  });

  it('logs other paths whole, and the request through the map only', () => {
    expect(logged('/companies/acme?tab=history')).toBe('/companies/acme?tab=history');
    const format: string = config['log-format-upstream'];
    expect(format).toContain('$upright_logged_uri');
    expect(format).not.toMatch(/\$request\b|\$request_uri|\$args|\$query_string|\$http_referer/);
  });
});

describe('the BFF’s release (decision 0049)', () => {
  it('is the image it runs, so replicas share kept answers within one release only', () => {
    expect(envOf(renderChart([], ['image.tag=2026.12.1']), 'bff').RELEASE_ID).toBe('2026.12.1');
    expect(envOf(renderChart([], ['image.tag=2026.12.2']), 'bff').RELEASE_ID).toBe('2026.12.2');
    expect(envOf(renderChart(), 'bff').RELEASE_ID).toBeTruthy();
  });
});
