/**
 * What an operator installing against managed services meets first (and the chart side
 * of the first security review): CAs mounted for every client, egress that follows the configured ports and
 * peers, hooks in the right order, the embedded search engine never doubled during a rollout,
 * digests, bad values refused at render time, the Gateway API route and the trusted proxies.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  chartDir,
  componentOf,
  DATABASE_COMPONENTS,
  NODE_COMPONENTS,
  ofKind,
  renderChart,
  validateAgainstKubernetesSchemas,
  type Manifest,
  renderError,
} from './chart';

const PRODUCTION = ['values-production.yaml'];
const WITH_EVERY_CA = ['redis.tls.caSecret=redis-ca', 'opensearch.tls.caSecret=opensearch-ca'];

function deployment(manifests: Manifest[], component: string): Manifest {
  return ofKind(manifests, 'Deployment').find((candidate) => componentOf(candidate) === component)!;
}

function envOf(container: Manifest): Record<string, Manifest> {
  return Object.fromEntries(
    (container.env ?? []).map((variable: Manifest) => [variable.name, variable]),
  );
}

function egressOf(manifests: Manifest[], component: string): Manifest[] {
  return ofKind(manifests, 'NetworkPolicy').find(
    (policy) => policy.spec.podSelector.matchLabels['app.kubernetes.io/component'] === component,
  )!.spec.egress;
}

const portsOf = (rules: Manifest[]): number[] =>
  rules.flatMap((rule) => rule.ports.map((port: Manifest) => port.port));

describe('TLS to managed services: every client gets the CA', () => {
  const manifests = renderChart(PRODUCTION, WITH_EVERY_CA);

  it.each(DATABASE_COMPONENTS)(
    '%s verifies PostgreSQL against the mounted CA (sslrootcert, libpq sslmode)',
    (component) => {
      const pod = deployment(manifests, component).spec.template.spec;
      const env = envOf(pod.containers[0]);
      const url = new URL(env.DATABASE_URL.value.replace('$(DB_PASSWORD)', 'x'));
      expect(url.searchParams.get('sslmode')).toBe('verify-full');
      expect(url.searchParams.get('uselibpqcompat')).toBe('true');
      expect(url.searchParams.get('sslrootcert')).toBe('/etc/upright/tls/postgres/ca.crt');
      const mount = pod.containers[0].volumeMounts.find(
        (candidate: Manifest) => candidate.mountPath === '/etc/upright/tls/postgres',
      );
      expect(mount.readOnly).toBe(true);
      const volume = pod.volumes.find((candidate: Manifest) => candidate.name === mount.name);
      expect(volume.secret).toEqual(
        expect.objectContaining({
          secretName: 'rds-ca',
          items: [{ key: 'ca.crt', path: 'ca.crt' }],
        }),
      );
    },
  );

  it.each(NODE_COMPONENTS)(
    '%s trusts the Redis CA (and search the OpenSearch CA) through NODE_EXTRA_CA_CERTS',
    (component) => {
      const pod = deployment(manifests, component).spec.template.spec;
      const env = envOf(pod.containers[0]);
      expect(env.NODE_EXTRA_CA_CERTS.value).toBe('/etc/upright/tls/bundle/ca.crt');
      const [init] = pod.initContainers;
      const bundled = ['redis', ...(component === 'search' ? ['opensearch'] : [])];
      for (const dependency of bundled) {
        expect(init.command.join(' ')).toContain(`/etc/upright/tls/${dependency}/ca.crt`);
      }
      expect(init.command.join(' ')).not.toContain('/etc/upright/tls/postgres');
      expect(init.securityContext.readOnlyRootFilesystem).toBe(true);
      expect(Object.keys(init.resources.limits).sort()).toEqual(['cpu', 'memory']);
      const bundleMount = pod.containers[0].volumeMounts.find(
        (mount: Manifest) => mount.mountPath === '/etc/upright/tls/bundle',
      );
      expect(bundleMount.readOnly).toBe(true);
      const secrets = pod.volumes
        .filter((volume: Manifest) => volume.secret)
        .map((volume: Manifest) => volume.secret.secretName);
      expect(secrets).toEqual(expect.arrayContaining(['redis-ca']));
      expect(secrets.includes('opensearch-ca')).toBe(component === 'search');
    },
  );

  it('gives the migration Job the CA as PGSSLROOTCERT, which migrate.ts passes to pg and dbmate', () => {
    const [job] = ofKind(manifests, 'Job');
    const container = job.spec.template.spec.containers[0];
    expect(envOf(container).PGSSLROOTCERT.value).toBe('/etc/upright/tls/postgres/ca.crt');
    expect(container.volumeMounts).toContainEqual({
      name: 'ca-postgres',
      mountPath: '/etc/upright/tls/postgres',
      readOnly: true,
    });
  });

  it('mounts no CA and sets no extra roots when none is configured', () => {
    const plain = renderChart();
    for (const workload of [...ofKind(plain, 'Deployment'), ...ofKind(plain, 'Job')]) {
      const pod = workload.spec.template.spec;
      expect(pod.initContainers).toBeUndefined();
      expect(envOf(pod.containers[0]).NODE_EXTRA_CA_CERTS).toBeUndefined();
      expect(envOf(pod.containers[0]).PGSSLROOTCERT).toBeUndefined();
      expect(pod.volumes.map((volume: Manifest) => volume.name)).toEqual(['tmp']);
    }
  });

  it('renders manifests valid against the Kubernetes schemas', () => {
    const invalid = validateAgainstKubernetesSchemas(manifests).filter(
      (result) => result.errors.length > 0,
    );
    expect(invalid).toEqual([]);
  });
});

describe('NetworkPolicies follow the configured endpoints', () => {
  it('open the Redis port the URLs use (rediss:// on 6380) for every Node process', () => {
    const sets = [
      'redis.port=6380',
      ...NODE_COMPONENTS.map(
        (component) =>
          `secrets.values.redisUrls.${component}=rediss://upright-${component}:pw@redis:6380`,
      ),
    ];
    const manifests = renderChart([], sets);
    for (const component of NODE_COMPONENTS) {
      const ports = portsOf(egressOf(manifests, component));
      expect(ports).toContain(6380);
      expect(ports).not.toContain(6379);
    }
  });

  it('refuses a Redis URL on another port than redis.port, naming both', () => {
    expect(renderError(['secrets.values.redisUrls.mail=rediss://mail:pw@redis:6380'])).toMatch(
      /secrets\.values\.redisUrls\.mail uses port 6380 but redis\.port .* is 6379/,
    );
  });

  it('refuses an OpenSearch URL on another port than opensearch.port', () => {
    expect(
      renderError(['opensearch.enabled=true', 'secrets.values.opensearchUrl=http://os:9200']),
    ).toMatch(/opensearchUrl uses port 9200 but opensearch\.port .* is 443/);
  });

  it('requires rediss:// by default (the processes refuse plain Redis in production)', () => {
    expect(
      renderError(['secrets.values.redisUrls.bff=redis://bff:pw@redis.internal:6379']),
    ).toMatch(
      /secrets\.values\.redisUrls\.\w+: redis\.tls\.required is set, so the URL must start with rediss:\/\//,
    );
  });

  it('defaults to in-cluster selectors: no address range except for the external SMTP relay', () => {
    const manifests = renderChart();
    for (const component of NODE_COMPONENTS) {
      for (const rule of egressOf(manifests, component)) {
        const isSmtp = rule.ports.some((port: Manifest) => port.port === 587);
        for (const peer of rule.to) {
          expect(Boolean(peer.ipBlock)).toBe(isSmtp);
          if (!isSmtp) expect(peer.podSelector ?? peer.namespaceSelector).toBeDefined();
        }
      }
    }
  });

  it('allows NodeLocal DNSCache only when asked', () => {
    const dnsPeers = (manifests: Manifest[]) =>
      egressOf(manifests, 'bff')
        .filter((rule) => portsOf([rule]).includes(53))
        .flatMap((rule) => rule.to);
    const nodeLocal = { ipBlock: { cidr: '169.254.20.10/32' } };
    expect(dnsPeers(renderChart())).not.toContainEqual(nodeLocal);
    expect(
      dnsPeers(renderChart([], ['networkPolicy.egress.dns.nodeLocalDnsCache=true'])),
    ).toContainEqual(nodeLocal);
  });

  it('refuses an egress rule with neither peers nor CIDRs (it would allow everything)', () => {
    expect(renderError(['networkPolicy.egress.postgres.to=null'])).toMatch(
      /networkPolicy\.egress\.postgres: give in-cluster peers \(to\) or external CIDRs \(cidrs\)/,
    );
  });

  it('creates the migration policy as a hook before the Secret and the Job', () => {
    const manifests = renderChart();
    const weight = (manifest?: Manifest) =>
      Number(manifest?.metadata.annotations?.['helm.sh/hook-weight']);
    const policy = ofKind(manifests, 'NetworkPolicy').find(
      (candidate) => candidate.metadata.name === 'upright-migrate',
    );
    const secret = ofKind(manifests, 'Secret').find(
      (candidate) => candidate.metadata.name === 'upright-migrate',
    );
    const [job] = ofKind(manifests, 'Job');
    expect(policy?.metadata.annotations['helm.sh/hook']).toBe('pre-install,pre-upgrade');
    expect(weight(policy)).toBeLessThan(weight(secret));
    expect(weight(secret)).toBeLessThan(weight(job));
    expect(portsOf(policy!.spec.egress)).toEqual([53, 53, 5432]);
  });
});

describe('rollouts of the embedded search engine', () => {
  it('stops the old search pod before starting the new one when OpenSearch is off', () => {
    expect(deployment(renderChart(), 'search').spec.strategy).toEqual({ type: 'Recreate' });
  });

  it('surges as the other components do when OpenSearch holds the index', () => {
    const manifests = renderChart([], ['opensearch.enabled=true']);
    expect(deployment(manifests, 'search').spec.strategy.type).toBe('RollingUpdate');
    expect(deployment(manifests, 'bff').spec.strategy.type).toBe('RollingUpdate');
  });
});

describe('bad values fail at render time', () => {
  it('refuses an HPA whose minimum is above its maximum', () => {
    expect(
      renderError([
        'components.rankings.autoscaling.minReplicas=5',
        'components.rankings.autoscaling.maxReplicas=3',
      ]),
    ).toMatch(/components\.rankings\.autoscaling: minReplicas 5 is more than maxReplicas 3/);
  });

  it('refuses an HPA floor of 1 with a PDB minAvailable of 1 (no drain could ever evict it)', () => {
    expect(
      renderError([
        'components.bff.autoscaling.minReplicas=1',
        'components.bff.podDisruptionBudget.minAvailable=1',
      ]),
    ).toMatch(
      /components\.bff: a PodDisruptionBudget with minAvailable 1 needs more replicas than 1/,
    );
  });

  it('refuses as many fixed replicas as the PDB keeps available', () => {
    expect(
      renderError([
        'components.bff.autoscaling.enabled=false',
        'components.bff.replicas=2',
        'components.bff.podDisruptionBudget.minAvailable=2',
      ]),
    ).toMatch(
      /components\.bff: a PodDisruptionBudget with minAvailable 2 needs more replicas than 2/,
    );
  });

  it('lets one pod at a time be evicted by default (maxUnavailable 1)', () => {
    const manifests = renderChart(
      [],
      ['components.bff.autoscaling.enabled=false', 'components.bff.replicas=1'],
    );
    for (const pdb of ofKind(manifests, 'PodDisruptionBudget')) {
      expect(pdb.spec.maxUnavailable).toBe(1);
      expect(pdb.spec.minAvailable).toBeUndefined();
    }
  });

  it.each([
    ['postgres.host', 'postgres.host='],
    ['config.publicUrl', 'config.publicUrl='],
    ['ingress.hosts', 'ingress.hosts=null'],
    ['secrets.values.dbPasswords.search', 'secrets.values.dbPasswords.search='],
    ['secrets.values.redisUrls.bff', 'secrets.values.redisUrls.bff='],
    ['secrets.values.sessionCookieKey', 'secrets.values.sessionCookieKey='],
  ])('requires %s (no placeholder default)', (value, set) => {
    expect(renderError([set])).toContain(`${value} is required`);
  });

  it('renders no null env or annotations (nginx has neither)', () => {
    for (const workload of ofKind(renderChart(), 'Deployment')) {
      const template = workload.spec.template;
      if ('annotations' in template.metadata) expect(template.metadata.annotations).toBeTruthy();
      for (const container of template.spec.containers) {
        if ('env' in container) expect(Array.isArray(container.env)).toBe(true);
      }
    }
  });
});

describe('images pinned by digest', () => {
  const digest = `sha256:${'ab'.repeat(32)}`;

  it('uses a component digest instead of the tag, for its init container too', () => {
    const manifests = renderChart(PRODUCTION, [
      `components.accounts.digest=${digest}`,
      `migrations.digest=${digest}`,
      'redis.tls.caSecret=redis-ca',
    ]);
    const pod = deployment(manifests, 'accounts').spec.template.spec;
    expect(pod.containers[0].image).toBe(`registry.example.com/upright/upright-accounts@${digest}`);
    expect(pod.initContainers[0].image).toBe(pod.containers[0].image);
    expect(ofKind(manifests, 'Job')[0].spec.template.spec.containers[0].image).toBe(
      `registry.example.com/upright/upright-migrate@${digest}`,
    );
    expect(deployment(manifests, 'bff').spec.template.spec.containers[0].image).toBe(
      'registry.example.com/upright/upright-bff:0.1.0',
    );
  });
});

describe('the edge', () => {
  it('routes /assets to web and the rest to the BFF through a Gateway API HTTPRoute', () => {
    const manifests = renderChart(
      [],
      [
        'gateway.enabled=true',
        'gateway.parentRefs[0].name=public',
        'gateway.parentRefs[0].namespace=gateway',
        'gateway.hostnames[0]=upright.example.com',
        'networkPolicy.edge.preset=envoy-gateway',
      ],
    );
    const [route] = ofKind(manifests, 'HTTPRoute');
    expect(route.apiVersion).toBe('gateway.networking.k8s.io/v1');
    expect(route.spec.parentRefs).toEqual([{ name: 'public', namespace: 'gateway' }]);
    expect(route.spec.hostnames).toEqual(['upright.example.com']);
    const backends = Object.fromEntries(
      route.spec.rules.flatMap((rule: Manifest) =>
        rule.matches.map((match: Manifest) => [match.path.value, rule.backendRefs[0]]),
      ),
    );
    expect(backends).toEqual({
      '/assets': { name: 'upright-web', port: 8080 },
      '/': { name: 'upright-bff', port: 8080 },
    });
  });

  it('requires a parent Gateway for the route', () => {
    expect(
      renderError(['gateway.enabled=true', 'gateway.hostnames[0]=upright.example.com']),
    ).toContain('gateway.parentRefs is required');
  });

  it('tells the BFF how many proxies (by default exactly the ingress) to trust', () => {
    const hops = (manifests: Manifest[], component: string) =>
      envOf(deployment(manifests, component).spec.template.spec.containers[0]).TRUSTED_PROXY_HOPS
        ?.value;
    expect(hops(renderChart(), 'bff')).toBe('1');
    expect(hops(renderChart([], ['bff.trustedProxyHops=2']), 'bff')).toBe('2');
    expect(hops(renderChart(), 'accounts')).toBeUndefined();
  });
});

describe('Chart.yaml', () => {
  it('names its home, sources and icon', () => {
    const chart = parse(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as Manifest;
    expect(chart.home).toMatch(/^https:\/\//);
    expect(chart.sources.length).toBeGreaterThan(0);
    expect(chart.icon).toMatch(/^https:\/\/.*\.svg$/);
  });
});

describe('the grace period covers the drain (decision 0051)', () => {
  it('refuses a termination grace period shorter than the preStop pause plus the drain', () => {
    expect(renderError(['components.bff.pod.terminationGracePeriodSeconds=10'])).toMatch(
      /components\.bff: terminationGracePeriodSeconds 10 is below 16 s/,
    );
    const bff = deployment(
      renderChart([], ['components.bff.pod.terminationGracePeriodSeconds=16']),
      'bff',
    );
    expect(bff.spec.template.spec.terminationGracePeriodSeconds).toBe(16);
  });
});
