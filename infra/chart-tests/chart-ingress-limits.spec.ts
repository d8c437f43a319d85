/**
 * The Ingress's per-client and per-pod limits (decision 0076): ingress.limits rendered as the
 * controllers' annotations, an operator's own annotation winning, the requests that carry a
 * password capped by an Ingress of their own (decision 0081), and wrong values refused by
 * values.schema.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BffModule, controllersOf, openApiDocument } from '@upright/bff/testing';
import { chartDir, type Manifest, ofKind, renderChart, REQUIRED_VALUES } from './chart';

/** The rendered Ingresses by name. */
const ingressesOf = (sets: string[] = [], valuesFiles: string[] = []): Map<string, Manifest> =>
  new Map(
    ofKind(renderChart(valuesFiles, sets), 'Ingress').map((ingress) => [
      ingress.metadata.name,
      ingress,
    ]),
  );

/** The annotations of the Ingress that carries the site's paths. */
const annotationsOf = (sets: string[] = [], valuesFiles: string[] = []): Record<string, string> =>
  ingressesOf(sets, valuesFiles).get('upright-site')?.metadata.annotations ?? {};

/** Every BFF route the password lane guards, as the OpenAPI document marks them. */
function passwordLaneRoutes(): string[] {
  const document = openApiDocument(controllersOf(BffModule), { session: 's', csrf: 'c' }) as {
    paths: Record<string, Record<string, Manifest>>;
  };
  return Object.entries(document.paths)
    .filter(([, operations]) =>
      Object.values(operations).some((operation) => operation['x-upright-password-lane']),
    )
    .map(([path]) => path);
}

/** A values file of the operator's own Ingress annotations (--set would make numbers of them). */
function withAnnotations(annotations: Record<string, string>, read: (file: string) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'upright-annotations-'));
  try {
    const file = path.join(dir, 'values.yaml');
    writeFileSync(file, JSON.stringify({ ingress: { annotations } }));
    read(path.relative(chartDir, file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the Ingress carries ingress.limits as annotations', () => {
  const perClient = {
    'nginx.ingress.kubernetes.io/limit-rps': '20',
    'nginx.ingress.kubernetes.io/limit-burst-multiplier': '5',
    'nginx.ingress.kubernetes.io/limit-connections': '20',
  };

  it('renders the default limits for ingress-nginx and the per-pod caps for the F5 controller', () => {
    const ingresses = ingressesOf();
    expect([...ingresses.keys()]).toEqual(['upright', 'upright-site', 'upright-password']);
    expect(ingresses.get('upright')!.metadata.annotations).toEqual({
      'nginx.org/mergeable-ingress-type': 'master',
    });
    expect(annotationsOf()).toEqual({
      ...perClient,
      'nginx.org/max-conns': '1024',
      'nginx.org/mergeable-ingress-type': 'minion',
    });
    expect(ingresses.get('upright-password')!.metadata.annotations).toEqual({
      ...perClient,
      'nginx.org/max-conns': '8',
      'nginx.org/mergeable-ingress-type': 'minion',
    });
  });

  it('merges as the F5 controller asks: the master holds the hosts and TLS, the minions the paths', () => {
    const tls = [{ secretName: 'upright-tls', hosts: ['upright.example.com'] }];
    const ingresses = ingressesOf([
      ...REQUIRED_VALUES,
      'ingress.tls[0].secretName=upright-tls',
      'ingress.tls[0].hosts[0]=upright.example.com',
    ]);
    const master = ingresses.get('upright')!;
    expect(master.spec.tls).toEqual(tls);
    expect(master.spec.rules).toEqual([{ host: 'upright.example.com' }]);
    for (const minion of ['upright-site', 'upright-password']) {
      expect(ingresses.get(minion)!.spec.tls).toBeUndefined();
      expect(ingresses.get(minion)!.spec.rules.map((rule: Manifest) => rule.host)).toEqual([
        'upright.example.com',
      ]);
    }
    const paths = (name: string) =>
      ingresses
        .get(name)!
        .spec.rules[0].http.paths.map((route: Manifest) => [
          route.pathType,
          route.path,
          route.backend.service.name,
        ]);
    expect(paths('upright-site')).toEqual([
      ['Prefix', '/assets', 'upright-web'],
      ['Prefix', '/', 'upright-bff'],
    ]);
    // Exact paths: their order means nothing to a controller.
    expect([...paths('upright-password')].sort()).toEqual(
      passwordLaneRoutes()
        .sort()
        .map((route) => ['Exact', route, 'upright-bff']),
    );
  });

  it("caps exactly the BFF's password-lane routes, the guard's own list", () => {
    const routes = passwordLaneRoutes();
    expect(routes).toEqual(expect.arrayContaining(['/api/signin', '/api/signup']));
    const paths = ingressesOf()
      .get('upright-password')!
      .spec.rules[0].http.paths.map((route: Manifest) => route.path);
    expect([...paths].sort()).toEqual([...routes].sort());
  });

  it('renders one Ingress with every path when passwordMaxConns is 0', () => {
    const ingresses = ingressesOf(['ingress.limits.passwordMaxConns=0']);
    expect([...ingresses.keys()]).toEqual(['upright']);
    const single = ingresses.get('upright')!;
    expect(single.metadata.annotations).toEqual({ ...perClient, 'nginx.org/max-conns': '1024' });
    expect(single.spec.rules[0].http.paths.map((route: Manifest) => route.path)).toEqual([
      '/assets',
      '/',
    ]);
  });

  it('renders the allowlist, leaves out a limit set to 0, and lets ingress.annotations win', () => {
    const own = {
      'nginx.ingress.kubernetes.io/limit-rps': '50',
      'cert-manager.io/cluster-issuer': 'letsencrypt',
    };
    withAnnotations(own, (file) => {
      const annotations = annotationsOf(
        [
          // renderChart adds the required values only when no values file is given.
          ...REQUIRED_VALUES,
          'ingress.limits.connections=0',
          'ingress.limits.upstreamMaxConns=0',
          'ingress.limits.allowlist={203.0.113.7/32,2001:db8::/64}',
        ],
        [file],
      );
      expect(annotations).toEqual({
        ...own,
        'nginx.ingress.kubernetes.io/limit-burst-multiplier': '5',
        'nginx.ingress.kubernetes.io/limit-allowlist': '203.0.113.7/32,2001:db8::/64',
        'nginx.org/mergeable-ingress-type': 'minion',
      });
    });
  });

  it('renders no annotations when every limit is 0 and none are given', () => {
    const manifests = renderChart(
      [],
      [
        'ingress.limits.rps=0',
        'ingress.limits.connections=0',
        'ingress.limits.upstreamMaxConns=0',
        'ingress.limits.passwordMaxConns=0',
      ],
    );
    expect(ofKind(manifests, 'Ingress')[0].metadata.annotations).toBeUndefined();
  });

  it.each([
    ['a negative rate', 'ingress.limits.rps=-1', 'ingress.limits.rps'],
    [
      'a burst multiplier of 0',
      'ingress.limits.burstMultiplier=0',
      'ingress.limits.burstMultiplier',
    ],
    ['a negative password cap', 'ingress.limits.passwordMaxConns=-1', 'passwordMaxConns'],
    ['an allowlist entry that is no range', 'ingress.limits.allowlist={everyone}', 'allowlist'],
  ])('refuses %s', (_what, set, message) => {
    expect(() => renderChart([], [set])).toThrow(message);
  });
});
