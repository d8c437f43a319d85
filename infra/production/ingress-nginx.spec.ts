import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Manifest, ofKind, renderChart, repoRoot } from '../chart-tests/chart';
import {
  ingressLimits,
  ingressNginxConfig,
  type IngressSettings,
  MASKED_CODES_MAP_ENTRY,
  REFUSAL_BODIES,
  REFUSAL_RETRY_AFTER_SECONDS,
} from './ingress-nginx';
import { VALUES_FILE } from './layout';
import { localPorts } from './pods';

/** The configuration of the local production values with `sets` on top. */
function configOf(sets: string[] = [], overrides: Partial<IngressSettings> = {}) {
  const manifests = renderChart([VALUES_FILE], sets);
  const ports = localPorts(manifests, 9000);
  const config = ingressNginxConfig(manifests, {
    listen: ['127.0.0.1:8443'],
    localPorts: (component, portName) => [ports[component][portName]],
    tlsFiles: (secret) => ({ cert: `/tls/${secret}.crt`, key: `/tls/${secret}.key` }),
    stateDir: '/state',
    logDir: '/logs',
    ...overrides,
  });
  return { manifests, ports, config };
}

/** The BFF's routes that carry a password (charts/upright/templates/_helpers.tpl). */
const PASSWORD_PATHS = ['/api/signup', '/api/signin', '/api/verify', '/api/resetpassword'];

/** The proxying locations (not the internal refusal pages), each on one line. */
const proxyLocations = (config: string) =>
  config.split('\n').filter((line) => /^\s*location .*proxy_pass/.test(line));

describe('the ingress nginx configuration of the rendered chart', () => {
  const { ports, config } = configOf();

  it('routes /assets (and below, not /assetsx) to web and the rest to the BFF', () => {
    const route = (path: string) =>
      proxyLocations(config)
        .find((line) => line.includes(`location ${path} {`))
        ?.match(/proxy_pass http:\/\/([\w-]+);/)?.[1];
    expect(config).toContain(`server 127.0.0.1:${ports.web.http} max_conns=`);
    expect(config).toContain(`server 127.0.0.1:${ports.bff.http} max_conns=`);
    expect(route('= /assets')).toBe('upright-site-upright-web-http');
    expect(route('/assets/')).toBe('upright-site-upright-web-http');
    expect(route('/')).toBe('upright-site-upright-bff-http');
    // The requests that carry a password: the same pods through an upstream of their own.
    for (const path of PASSWORD_PATHS) {
      expect(route(`= ${path}`)).toBe('upright-password-upright-bff-http');
    }
    expect(proxyLocations(config)).toHaveLength(3 + PASSWORD_PATHS.length);
  });

  it("merges one host's Ingresses into one server, with the master's TLS", () => {
    expect(config.match(/server_name localhost;/g)).toHaveLength(1);
    expect(config.match(/ssl_certificate \/tls\/upright-local-tls\.crt;/g)).toHaveLength(2);
    const single = configOf(['ingress.limits.passwordMaxConns=0']).config;
    expect(proxyLocations(single)).toHaveLength(3);
    expect(single).toContain('location / { ');
    expect(single).toMatch(/location \/ \{ [^}]*proxy_pass http:\/\/upright-upright-bff-http;/);
  });

  it('refuses what the F5 controller refuses of mergeable Ingresses', () => {
    const { manifests } = configOf();
    const settings: IngressSettings = {
      listen: ['127.0.0.1:8443'],
      localPorts: () => [9000],
      stateDir: '/state',
      logDir: '/logs',
    };
    const changed = (name: string, change: (ingress: Manifest) => void) =>
      manifests.map((manifest) => {
        if (manifest.kind !== 'Ingress' || manifest.metadata.name !== name) return manifest;
        const copy = structuredClone(manifest);
        change(copy);
        return copy;
      });
    const site = ofKind(manifests, 'Ingress').find((i) => i.metadata.name === 'upright-site')!;
    expect(() =>
      ingressNginxConfig(
        changed('upright', (master) => (master.spec.rules[0].http = site.spec.rules[0].http)),
        settings,
      ),
    ).toThrow(/a master has no paths/);
    expect(() =>
      ingressNginxConfig(
        changed(
          'upright-site',
          (minion) => (minion.spec.tls = [{ secretName: 'x', hosts: ['localhost'] }]),
        ),
        settings,
      ),
    ).toThrow(/a minion has no TLS/);
    expect(() =>
      ingressNginxConfig(
        changed('upright', (master) => (master.spec.tls = [])),
        settings,
      ),
    ).toThrow(/localhost has no TLS block/);
  });

  it('serves the Ingress host over TLS with its Secret, and no other host', () => {
    expect(config).toContain('server_name localhost;');
    expect(config).toContain('ssl_certificate /tls/upright-local-tls.crt;');
    expect(config).toMatch(/listen 127\.0\.0\.1:8443 ssl default_server;[^}]*return 404;/);
  });

  it('holds a crowd: a worker a core, 16384 connections each, 320 kept open to the pods', () => {
    expect(config).toContain('worker_processes auto;');
    expect(config).toContain('events { worker_connections 16384; }');
    expect(config).toMatch(
      /upstream upright-site-upright-bff-http \{[^}]* keepalive 320; keepalive_timeout 60s;/,
    );
  });

  it('sends to every pod of a Service; plain HTTP without TLS files; names the pod when asked', () => {
    const crowd = configOf([], {
      listen: ['127.0.0.1:19340'],
      localPorts: (component) => (component === 'bff' ? [19280, 19290] : [19299]),
      tlsFiles: undefined,
      podHeader: 'X-Upright-Pod',
    }).config;
    expect(crowd).toMatch(
      /upstream upright-site-upright-bff-http \{ zone upright-site-upright-bff-http 64k; random two least_conn; server 127\.0\.0\.1:19280 max_conns=\d+; server 127\.0\.0\.1:19290 max_conns=\d+;/,
    );
    expect(crowd).toContain('listen 127.0.0.1:19340 default_server;');
    expect(crowd).toContain('listen 127.0.0.1:19340;');
    expect(crowd).not.toMatch(/ssl/);
    expect(crowd).toContain('add_header X-Upright-Pod $upstream_addr always;');
    expect(config).not.toContain('X-Upright-Pod');
  });

  it('appends the client address to X-Forwarded-For', () => {
    expect(config).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });

  it("logs with the mailed codes masked, by the map the chart's README gives the controller", () => {
    const readme = readFileSync(path.join(repoRoot, 'charts/upright/README.md'), 'utf8');
    expect(readme).toContain(MASKED_CODES_MAP_ENTRY);
    expect(config).toContain(MASKED_CODES_MAP_ENTRY);
    expect(config).toMatch(/access_log \/logs\/ingress-access\.log upright;/);
    expect(config).toMatch(/log_format upright '[^']*\$upright_logged_uri[^']*';/);
    expect(config).not.toMatch(/log_format upright '[^']*\$request[ "']/);
  });
});

describe("the Ingress's limits as nginx directives (decision 0076)", () => {
  const { manifests, config } = configOf();
  const ingress = (name: string) =>
    ofKind(manifests, 'Ingress').find((candidate) => candidate.metadata.name === name)!;
  const annotations = ingress('upright-site').metadata.annotations;

  it("limits every location per client address with the chart's rate, burst and connections", () => {
    const rps = Number(annotations['nginx.ingress.kubernetes.io/limit-rps']);
    const multiplier = Number(annotations['nginx.ingress.kubernetes.io/limit-burst-multiplier']);
    const connections = Number(annotations['nginx.ingress.kubernetes.io/limit-connections']);
    expect(rps * multiplier * connections).toBeGreaterThan(0);
    expect(config).toMatch(
      new RegExp(`limit_req_zone \\$(\\w+)_key zone=\\1_rps:5m rate=${rps}r/s;`),
    );
    expect(config).toMatch(/limit_conn_zone \$(\w+)_key zone=\1_conn:5m;/);
    expect(proxyLocations(config).length).toBeGreaterThan(3);
    for (const location of proxyLocations(config)) {
      // Each Ingress's own zones, as ingress-nginx keeps them.
      const zone = location.includes('upright-password-') ? 'upright_password' : 'upright_site';
      expect(location).toContain(
        `limit_req zone=ingress_${zone}_rps burst=${rps * multiplier} nodelay;`,
      );
      expect(location).toContain(`limit_conn ingress_${zone}_conn ${connections};`);
    }
  });

  it('caps the requests in progress to each pod with max_conns, shared by the workers', () => {
    const maxConns = Number(annotations['nginx.org/max-conns']);
    const passwordMaxConns = Number(
      ingress('upright-password').metadata.annotations['nginx.org/max-conns'],
    );
    expect(passwordMaxConns).toBeGreaterThan(0);
    expect(maxConns).toBeGreaterThan(passwordMaxConns);
    for (const [name, cap] of [
      ['upright-site-upright-web-http', maxConns],
      ['upright-site-upright-bff-http', maxConns],
      ['upright-password-upright-bff-http', passwordMaxConns],
    ] as const) {
      expect(config).toMatch(
        new RegExp(
          `upstream ${name} \\{ zone ${name} 64k; random two least_conn; server [\\d.:]+ max_conns=${cap};`,
        ),
      );
    }
  });

  it('keys the budgets on the address nginx saw, never on X-Forwarded-For; the allowlist skips them', () => {
    expect(config).toContain(
      'map $ingress_upright_site_exempt $ingress_upright_site_key { 0 $binary_remote_addr; 1 ""; }',
    );
    expect(config).toContain(
      'geo $remote_addr $ingress_upright_site_exempt { default 0; 127.0.0.1/32 1; ::1/128 1; }',
    );
    expect(config).not.toMatch(/real_ip_header|set_real_ip_from|\$http_x_forwarded_for/);
  });

  it("follows the chart's values, and leaves out a limit set to 0", () => {
    const changed = configOf([
      'ingress.limits.rps=7',
      'ingress.limits.burstMultiplier=3',
      'ingress.limits.connections=0',
      'ingress.limits.upstreamMaxConns=0',
      'ingress.limits.passwordMaxConns=0',
    ]).config;
    expect(changed).toContain('rate=7r/s;');
    expect(changed).toContain('limit_req zone=ingress_upright_rps burst=21 nodelay;');
    expect(changed).not.toMatch(/limit_conn |limit_conn_zone|max_conns|zone upright-/);
    const none = configOf(['ingress.limits.rps=0', 'ingress.limits.connections=0']).config;
    expect(none).not.toMatch(/limit_req |limit_req_zone|geo /);
  });

  it('answers a refusal 503 with Retry-After: JSON for the API, a page for the rest', () => {
    expect(config).toContain('limit_req_status 503;');
    expect(config).toContain('limit_conn_status 503;');
    // A pod at max_conns is nginx's own 502 ("no live upstreams"): a refusal too.
    expect(config).toContain('error_page 502 503 =503 $upright_refusal;');
    expect(config).toMatch(/"~\*\^\/api\(\/\|\$\)" \/\.upright-refused\.json;/);
    for (const [kind, type] of [
      ['json', 'application/json'],
      ['html', 'text/html'],
    ] as const) {
      const location = config
        .split('\n')
        .find((line) => line.includes(`location = /.upright-refused.${kind} {`));
      expect(location).toContain('internal;');
      expect(location).toContain(`default_type "${type}; charset=utf-8";`);
      expect(location).toContain(`add_header Retry-After ${REFUSAL_RETRY_AFTER_SECONDS} always;`);
      expect(location).toContain(`return 503 '${REFUSAL_BODIES[kind]}';`);
    }
    // docs/product/rules.md#s3's error shape, as the BFF sheds.
    expect(JSON.parse(REFUSAL_BODIES.json)).toEqual({
      error: { code: 'service_unavailable', message: expect.stringMatching(/busy/) },
    });
  });
});

describe('ingressLimits', () => {
  const ingress = (annotations: Record<string, string>) => ({
    metadata: { name: 'site', annotations },
  });

  it("reads ingress-nginx's names and defaults: burst 5 × the rate, limit-whitelist as an alias", () => {
    expect(
      ingressLimits(
        ingress({
          'nginx.ingress.kubernetes.io/limit-rps': '4',
          'nginx.ingress.kubernetes.io/limit-whitelist': '10.0.0.0/8, 192.0.2.1',
          'cert-manager.io/cluster-issuer': 'letsencrypt',
        }),
      ),
    ).toEqual({
      rate: { perSecond: 4, burst: 20 },
      connections: undefined,
      allowlist: ['10.0.0.0/8', '192.0.2.1'],
      maxConnsPerPod: undefined,
    });
    expect(ingressLimits(ingress({}))).toEqual({ allowlist: [] });
  });

  it('refuses a value that is no count, and a controller annotation it does not do', () => {
    expect(() => ingressLimits(ingress({ 'nginx.org/max-conns': '-1' }))).toThrow(/no count/);
    expect(() =>
      ingressLimits(ingress({ 'nginx.ingress.kubernetes.io/limit-rpm': '600' })),
    ).toThrow(/limit-rpm is not done/);
    expect(() =>
      ingressLimits(ingress({ 'nginx.ingress.kubernetes.io/configuration-snippet': 'x' })),
    ).toThrow(/configuration-snippet is not done/);
  });
});
