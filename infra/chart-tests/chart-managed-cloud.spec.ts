/**
 * A first install on a managed cloud: the NetworkPolicy edge follows the Gateway in
 * use, endpoints outside the cluster need egress ranges, Postgres TLS verifies when it can and
 * warns when it cannot, Redis without ACLs is a declared mode, the production example survives a
 * zone and a drain, and the docs agree with the templates (timeouts, routing).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  componentOf,
  edgeRoutes,
  loadValues,
  NODE_COMPONENTS,
  ofKind,
  renderChart,
  renderNotes,
  repoRoot,
  validateAgainstKubernetesSchemas,
  type Manifest,
  renderError,
} from './chart';

const PRODUCTION = ['values-production.yaml'];
const GATEWAY = [
  'ingress.enabled=false',
  'gateway.enabled=true',
  'gateway.parentRefs[0].name=public',
  'gateway.parentRefs[0].namespace=edge',
  'gateway.hostnames[0]=upright.example.com',
];

/** The migration Job's owner URL with the given sslmode. */
const adminUrl = (sslmode: string) =>
  `secrets.values.databaseAdminUrl=postgres://owner:pw@db.internal:5432/upright?sslmode=${sslmode}`;

function policyOf(manifests: Manifest[], component: string): Manifest {
  return ofKind(manifests, 'NetworkPolicy').find(
    (policy) => policy.spec.podSelector.matchLabels['app.kubernetes.io/component'] === component,
  )!;
}

function deploymentOf(manifests: Manifest[], component: string): Manifest {
  return ofKind(manifests, 'Deployment').find((candidate) => componentOf(candidate) === component)!;
}

/** The peers allowed into a component on its HTTP port, rule by rule flattened. */
const ingressPeers = (manifests: Manifest[], component: string): Manifest[] =>
  (policyOf(manifests, component).spec.ingress ?? []).flatMap((rule: Manifest) => rule.from);

const egressPorts = (manifests: Manifest[], component: string): number[] =>
  policyOf(manifests, component).spec.egress.flatMap((rule: Manifest) =>
    rule.ports.map((port: Manifest) => port.port),
  );

describe('the NetworkPolicy edge follows the Gateway in use', () => {
  it('refuses a Gateway with the default (ingress-nginx) policy, naming the fix', () => {
    const message = renderError(GATEWAY);
    expect(message).toContain('gateway.enabled, but networkPolicy.edge.preset is ingress-nginx');
    expect(message).toContain('envoy-gateway, istio, cilium, or managed');
  });

  it.each([
    [
      'envoy-gateway',
      {
        namespaceSelector: {
          matchLabels: { 'kubernetes.io/metadata.name': 'envoy-gateway-system' },
        },
        podSelector: {
          matchLabels: {
            'app.kubernetes.io/name': 'envoy',
            'app.kubernetes.io/component': 'proxy',
          },
        },
      },
    ],
    [
      'istio',
      {
        // Istio deploys a Gateway's proxies in the Gateway's own namespace.
        namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'edge' } },
        podSelector: {
          matchExpressions: [{ key: 'gateway.networking.k8s.io/gateway-name', operator: 'Exists' }],
        },
      },
    ],
  ])('admits the %s data plane into web and the BFF only', (preset, peer) => {
    const manifests = renderChart([], [...GATEWAY, `networkPolicy.edge.preset=${preset}`]);
    for (const component of ['web', 'bff']) {
      expect(ingressPeers(manifests, component)).toContainEqual(peer);
    }
    for (const component of NODE_COMPONENTS.filter((name) => name !== 'bff')) {
      expect(ingressPeers(manifests, component)).not.toContainEqual(peer);
    }
  });

  it('admits Cilium’s ingress identity with a CiliumNetworkPolicy (no NetworkPolicy peer can)', () => {
    const manifests = renderChart([], [...GATEWAY, 'networkPolicy.edge.preset=cilium']);
    const [policy] = ofKind(manifests, 'CiliumNetworkPolicy');
    expect(policy.spec.ingress).toEqual([
      { fromEntities: ['ingress'], toPorts: [{ ports: [{ port: '8080', protocol: 'TCP' }] }] },
    ]);
    expect(policy.spec.endpointSelector.matchExpressions).toEqual([
      { key: 'app.kubernetes.io/component', operator: 'In', values: ['web', 'bff'] },
    ]);
    expect(ofKind(renderChart(), 'CiliumNetworkPolicy')).toEqual([]);
  });

  it('admits a managed gateway by its address ranges, and requires them', () => {
    expect(renderError([...GATEWAY, 'networkPolicy.edge.preset=managed'])).toContain(
      'networkPolicy.edge.cidrs is required',
    );
    const manifests = renderChart(
      [],
      [
        ...GATEWAY,
        'networkPolicy.edge.preset=managed',
        'networkPolicy.edge.cidrs={35.191.0.0/16,130.211.0.0/22}',
      ],
    );
    expect(ingressPeers(manifests, 'bff')).toEqual(
      expect.arrayContaining([
        { ipBlock: { cidr: '35.191.0.0/16' } },
        { ipBlock: { cidr: '130.211.0.0/22' } },
      ]),
    );
  });

  it('accepts a Gateway whose proxies are listed in ingressFrom, and refuses a custom edge without any', () => {
    expect(() =>
      renderChart(
        [],
        [
          ...GATEWAY,
          'networkPolicy.ingressFrom[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=gw',
        ],
      ),
    ).not.toThrow();
    expect(renderError(['networkPolicy.edge.preset=custom'])).toContain(
      'networkPolicy.edge.preset is custom',
    );
  });

  it('renders manifests valid against the Kubernetes schemas with every preset', () => {
    const manifests = [
      ['envoy-gateway'],
      ['istio'],
      ['cilium'],
      ['managed', 'networkPolicy.edge.cidrs={169.254.171.0/24}'],
    ].flatMap(([preset, ...sets]) =>
      renderChart([], [...GATEWAY, `networkPolicy.edge.preset=${preset}`, ...sets]),
    );
    const results = validateAgainstKubernetesSchemas(manifests);
    expect(results.filter((result) => result.errors.length > 0)).toEqual([]);
    const unchecked = new Set(results.filter((result) => !result.schema).map((r) => r.kind));
    expect([...unchecked].sort()).toEqual(['CiliumNetworkPolicy', 'HTTPRoute']);
  });
});

describe('endpoints outside the cluster need egress ranges', () => {
  it('refuses a managed PostgreSQL host without CIDRs, naming the value and the ways out', () => {
    const message = renderError(['postgres.host=upright.abc123.us-east-1.rds.amazonaws.com']);
    expect(message).toContain(
      'postgres.host is upright.abc123.us-east-1.rds.amazonaws.com, outside the cluster, but networkPolicy.egress.postgres.cidrs is empty',
    );
    expect(message).toContain('policyElsewhere=true');
  });

  it('refuses an external Redis or OpenSearch host without CIDRs', () => {
    expect(
      renderError(['secrets.values.redisUrls.mail=rediss://mail:pw@cache.example.net:6379']),
    ).toContain('secrets.values.redisUrls.mail is cache.example.net, outside the cluster');
    expect(
      renderError([
        'opensearch.enabled=true',
        'secrets.values.opensearchUrl=https://search-upright.us-east-1.es.amazonaws.com:443',
      ]),
    ).toContain('networkPolicy.egress.opensearch.cidrs is empty');
  });

  it('accepts the host with CIDRs, a Service of another namespace, or a policy of the operator', () => {
    const rds = 'postgres.host=upright.abc123.us-east-1.rds.amazonaws.com';
    expect(() =>
      renderChart([], [rds, 'networkPolicy.egress.postgres.cidrs={10.0.0.0/24}']),
    ).not.toThrow();
    expect(() => renderChart([], ['postgres.host=pg.databases.svc'])).not.toThrow();
    const elsewhere = renderChart([], [rds, 'networkPolicy.egress.postgres.policyElsewhere=true']);
    // The chart then opens nothing towards PostgreSQL: the operator's FQDN policy does.
    expect(egressPorts(elsewhere, 'accounts')).not.toContain(5432);
    expect(egressPorts(elsewhere, 'accounts')).toContain(53);
  });
});

describe('PostgreSQL TLS', () => {
  const WITH_CA = ['postgres.tls.caSecret=db-ca'];
  const sslmodeOf = (manifests: Manifest[]) => {
    const env = deploymentOf(manifests, 'accounts').spec.template.spec.containers[0].env;
    const url = env.find((variable: Manifest) => variable.name === 'DATABASE_URL').value;
    return new URL(url.replace('$(DB_PASSWORD)', 'x')).searchParams.get('sslmode');
  };

  it('verifies the server fully once a CA is given, unless told otherwise (Cloud SQL: verify-ca)', () => {
    expect(sslmodeOf(renderChart([], [...WITH_CA, adminUrl('verify-full')]))).toBe('verify-full');
    expect(
      sslmodeOf(renderChart([], [...WITH_CA, 'postgres.sslmode=verify-ca', adminUrl('verify-ca')])),
    ).toBe('verify-ca');
  });

  it('warns in the notes when connections are encrypted but verify nothing', () => {
    expect(sslmodeOf(renderChart())).toBe('require');
    expect(renderNotes()).toContain('WARNING: PostgreSQL connections use sslmode=require');
    expect(renderNotes([], [...WITH_CA, adminUrl('verify-full')])).not.toContain('WARNING');
    expect(renderNotes(PRODUCTION)).not.toContain('WARNING');
  });
});

describe('managed Redis', () => {
  it('refuses two processes sharing a Redis user unless single-user mode is declared', () => {
    const shared = ['bff', 'mail'].map(
      (component) =>
        `secrets.values.redisUrls.${component}=rediss://:auth-string@upright-redis-master:6379`,
    );
    expect(renderError(shared)).toMatch(
      /secrets\.values\.redisUrls\.bff and secrets\.values\.redisUrls\.mail use the same Redis user "default".*redis\.singleUser=true/,
    );
    expect(() => renderChart([], [...shared, 'redis.singleUser=true'])).not.toThrow();
    expect(renderNotes([], [...shared, 'redis.singleUser=true'])).toContain(
      'WARNING: redis.singleUser: every process uses the same Redis identity',
    );
  });

  it('tells what to check by hand when the existing Secret cannot be read at render time', () => {
    const notes = renderNotes(PRODUCTION);
    expect(notes).toContain('the Secret upright-secrets could not be read at render time');
    expect(notes).toContain('rediss:// on port 6379');
  });
});

describe('availability of the production example', () => {
  const manifests = renderChart(PRODUCTION);
  const values = loadValues('values-production.yaml');

  it('is behind a Gateway admitted by the policy, not ingress-nginx', () => {
    expect(ofKind(manifests, 'Ingress')).toEqual([]);
    expect(ofKind(manifests, 'HTTPRoute')).toHaveLength(1);
    expect(values.networkPolicy.edge.preset).toBe('envoy-gateway');
  });

  it('gives every PodDisruptionBudget exactly one bound, as its values say', () => {
    for (const [name, component] of Object.entries(values.components as Record<string, Manifest>)) {
      const bounds = ['minAvailable', 'maxUnavailable'].filter(
        (bound) => bound in component.podDisruptionBudget,
      );
      expect([name, bounds.length]).toEqual([name, 1]);
    }
    for (const pdb of ofKind(manifests, 'PodDisruptionBudget')) {
      expect(['minAvailable', 'maxUnavailable'].filter((bound) => bound in pdb.spec)).toHaveLength(
        1,
      );
    }
  });

  it('spreads every Deployment over zones and nodes', () => {
    for (const deployment of ofKind(manifests, 'Deployment')) {
      const keys = deployment.spec.template.spec.topologySpreadConstraints.map(
        (constraint: Manifest) => constraint.topologyKey,
      );
      expect(keys).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    }
  });

  it('gives every HPA a scaling behaviour', () => {
    const hpas = ofKind(manifests, 'HorizontalPodAutoscaler');
    expect(hpas.length).toBeGreaterThan(0);
    for (const hpa of hpas) {
      expect(hpa.spec.behavior.scaleUp.policies.length).toBeGreaterThan(0);
      expect(hpa.spec.behavior.scaleDown.stabilizationWindowSeconds).toBeGreaterThan(0);
    }
  });
});

describe('pod timings are values', () => {
  it('refuses a budget with both bounds (Kubernetes would drop one silently)', () => {
    expect(
      renderError([
        'components.bff.podDisruptionBudget.minAvailable=1',
        'components.bff.podDisruptionBudget.maxUnavailable=1',
      ]),
    ).toContain(
      'components.bff.podDisruptionBudget: give minAvailable or maxUnavailable, not both',
    );
  });

  it('renders probes, grace period, startup budget and progress deadline from values', () => {
    const manifests = renderChart(
      [],
      [
        'pods.livenessProbe.periodSeconds=20',
        'pods.terminationGracePeriodSeconds=45',
        'pods.progressDeadlineSeconds=400',
        'components.rankings.pod.startupBudgetSeconds=120',
      ],
    );
    const rankings = deploymentOf(manifests, 'rankings');
    const pod = rankings.spec.template.spec;
    expect(rankings.spec.progressDeadlineSeconds).toBe(400);
    expect(pod.terminationGracePeriodSeconds).toBe(45);
    expect(pod.containers[0].livenessProbe.periodSeconds).toBe(20);
    expect(pod.containers[0].startupProbe).toEqual(
      expect.objectContaining({ periodSeconds: 2, failureThreshold: 60 }),
    );
    // The embedded search engine loads its index before it answers: a larger budget by default.
    expect(deploymentOf(manifests, 'search').spec.template.spec.containers[0].startupProbe).toEqual(
      expect.objectContaining({ failureThreshold: 90 }),
    );
  });

  it('refuses a startup budget the rollout deadline would cut short', () => {
    expect(renderError(['components.search.pod.startupBudgetSeconds=300'])).toContain(
      'components.search: startupBudgetSeconds 300 is not below pods.progressDeadlineSeconds 300',
    );
  });
});

describe('the docs agree with the chart', () => {
  const DOCS = [
    'charts/upright/README.md',
    'docs/operations.md',
    'charts/upright/values-production.yaml',
  ];
  const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

  it('gives helm a --timeout that covers the migration deadline and the rollout', () => {
    const budget = Math.max(
      ...['values.yaml', 'values-production.yaml'].map((file) => {
        const values = loadValues(file);
        return values.migrations.activeDeadlineSeconds + values.pods.progressDeadlineSeconds;
      }),
    );
    for (const file of DOCS) {
      const timeouts = [...read(file).matchAll(/--timeout (\d+)(s|m)\b/g)].map(
        ([, amount, unit]) => Number(amount) * (unit === 'm' ? 60 : 1),
      );
      expect([file, timeouts.length > 0]).toEqual([file, true]);
      for (const seconds of timeouts) expect([file, seconds >= budget]).toEqual([file, true]);
    }
  });

  it('says where the edge routes what, as the templates do', () => {
    const label: Record<string, string> = { 'upright-web': 'web', 'upright-bff': 'BFF' };
    const [routes] = edgeRoutes(renderChart());
    const { '/': rest, ...prefixes } = routes;
    const sentence = [
      ...Object.entries(prefixes).map(([prefix, service]) => `\`${prefix}\` → ${label[service]}`),
      `everything else → ${label[rest]}`,
    ].join(', ');
    const sources = [
      'charts/upright/README.md',
      'docs/operations.md',
      'charts/upright/values.yaml',
      'charts/upright/templates/NOTES.txt',
    ];
    for (const file of sources) {
      const text = read(file).replace(/\s+/g, ' ');
      const mentions = text.split('everything else').length - 1;
      const agreeing = text.split(sentence).length - 1;
      expect([file, mentions > 0, agreeing]).toEqual([file, true, mentions]);
    }
    // And the values file's own comment on ingress.hosts.
    const comment = read('charts/upright/values.yaml').match(/# -- Host names served[^\n]*/)?.[0];
    expect(comment).toContain(sentence);
  });
});
