/**
 * An nginx configuration that does what the rendered Ingress asks of an ingress controller
 * (`make up-production`, decision 0052; `make load-crowd`'s ingress, decision 0076): TLS for the
 * hosts of `spec.tls` with their Secret's certificate, each rule's paths to the Service's pods
 * (`Prefix`: the path and everything below it, `Exact`: the path alone), X-Forwarded-For appended
 * with the client's address, the limits its annotations ask for, refused 503 with `Retry-After`
 * (decision 0076), and a 404 for any other host. Pure: manifests in, configuration text out.
 */
import { componentOf, ofKind, type Manifest } from '../chart-tests/chart';
import { deploymentOfService, targetPortName } from './kubernetes';

export interface IngressSettings {
  /** The address:port nginx listens on (each one gets a `listen`, with `ssl` under TLS). */
  listen: readonly string[];
  /** Where a component's named container port listens on this machine, one port per pod. */
  localPorts(component: string, portName: string): readonly number[];
  /**
   * The certificate and key files of a TLS Secret. Left out, the ingress speaks plain HTTP (the
   * crowd's: its generator shares the machine's two cores, and TLS would be its cost, not the
   * stack's).
   */
  tlsFiles?(secretName: string): TlsFiles;
  /**
   * A response header naming the pod that answered (nginx's `$upstream_addr`): the crowd's
   * figures per replica. Production sends none.
   */
  podHeader?: string;
  /** A directory nginx may write its pid and temporary files to. */
  stateDir: string;
  /** Where its error and access logs go. */
  logDir: string;
}

function backendUpstream(
  manifests: Manifest[],
  backend: Manifest,
  settings: IngressSettings,
): { name: string; addresses: string[] } {
  const serviceName: string = backend.service.name;
  const portName = targetPortName(manifests, serviceName, backend.service.port ?? {});
  const component = componentOf(deploymentOfService(manifests, serviceName));
  const ports = settings.localPorts(component, portName);
  if (ports.length === 0) throw new Error(`${serviceName}: no pod to send its requests to`);
  return {
    name: `${serviceName}-${portName}`,
    addresses: ports.map((port) => `127.0.0.1:${port}`),
  };
}

/** nginx locations for one Ingress path: Prefix matches whole segments, as Kubernetes says. */
function locations(path: string, pathType: string, body: string): string[] {
  const block = `{ ${body} }`;
  if (pathType === 'Exact') return [`location = ${path} ${block}`];
  if (path === '/') return [`location / ${block}`];
  const trimmed = path.replace(/\/+$/, '');
  return [`location = ${trimmed} ${block}`, `location ${trimmed}/ ${block}`];
}

const INGRESS_NGINX = 'nginx.ingress.kubernetes.io/';
const NGINX_ORG = 'nginx.org/';

/** ingress-nginx's burst when an Ingress names a rate but no `limit-burst-multiplier`. */
const DEFAULT_BURST_MULTIPLIER = 5;

/**
 * The limits an Ingress's annotations ask of the controller, as the controllers read them
 * (decision 0076): ingress-nginx's `limit-rps`, `limit-burst-multiplier`, `limit-connections` and
 * `limit-allowlist` (alias `limit-whitelist`), per client address; the F5 NGINX Ingress
 * Controller's `nginx.org/max-conns`, per pod (ingress-nginx has no such annotation).
 */
export interface IngressLimits {
  /** Requests a second from one client address, and how many more it may send at once. */
  rate?: { perSecond: number; burst: number };
  /** Requests in progress at once from one client address. */
  connections?: number;
  /** Client ranges the per-client limits skip. */
  allowlist: string[];
  /** Requests in progress at once to one pod. */
  maxConnsPerPod?: number;
}

/** The F5 controller's merging of one host's Ingresses: a master (TLS, no paths), minions (paths). */
const MERGEABLE_TYPE = `${NGINX_ORG}mergeable-ingress-type`;

/** The controller annotations this translation does. */
const TRANSLATED_ANNOTATIONS = [
  MERGEABLE_TYPE,
  `${INGRESS_NGINX}limit-rps`,
  `${INGRESS_NGINX}limit-burst-multiplier`,
  `${INGRESS_NGINX}limit-connections`,
  `${INGRESS_NGINX}limit-allowlist`,
  `${INGRESS_NGINX}limit-whitelist`,
  `${NGINX_ORG}max-conns`,
];

/**
 * Reads the limits of an Ingress. A controller annotation this translation does not do is
 * refused, so the local ingress never silently does less than the chart asks of the cluster's.
 */
export function ingressLimits(ingress: Manifest): IngressLimits {
  const annotations: Record<string, string> = ingress.metadata.annotations ?? {};
  const name = ingress.metadata.name;
  for (const key of Object.keys(annotations)) {
    const forController = key.startsWith(INGRESS_NGINX) || key.startsWith(NGINX_ORG);
    if (forController && !TRANSLATED_ANNOTATIONS.includes(key)) {
      throw new Error(`Ingress ${name}: ${key} is not done by infra/production/ingress-nginx.ts`);
    }
  }
  const count = (key: string): number | undefined => {
    const value = annotations[key];
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new Error(`Ingress ${name}: ${key} "${value}" is no count`);
    return Number(value) || undefined;
  };
  const perSecond = count(`${INGRESS_NGINX}limit-rps`);
  const multiplier = count(`${INGRESS_NGINX}limit-burst-multiplier`) ?? DEFAULT_BURST_MULTIPLIER;
  const allowlist =
    annotations[`${INGRESS_NGINX}limit-allowlist`] ??
    annotations[`${INGRESS_NGINX}limit-whitelist`];
  return {
    rate: perSecond === undefined ? undefined : { perSecond, burst: perSecond * multiplier },
    connections: count(`${INGRESS_NGINX}limit-connections`),
    allowlist: (allowlist ?? '')
      .split(',')
      .map((range) => range.trim())
      .filter(Boolean),
    maxConnsPerPod: count(`${NGINX_ORG}max-conns`),
  };
}

/** Seconds a refused client is asked to wait: the BFF's own shed answer asks the same. */
export const REFUSAL_RETRY_AFTER_SECONDS = 1;

const REFUSAL_MESSAGE = `The site is busy. Please try again in ${REFUSAL_RETRY_AFTER_SECONDS} second.`;

/**
 * What the ingress answers a refused request: the BFF's shed answer (docs/product/rules.md#s3's
 * JSON error for the API, a small page that reloads itself for pages).
 */
export const REFUSAL_BODIES = {
  json: JSON.stringify({ error: { code: 'service_unavailable', message: REFUSAL_MESSAGE } }),
  html:
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<meta http-equiv="refresh" content="${REFUSAL_RETRY_AFTER_SECONDS}">` +
    '<title>Please try again</title></head><body><main><h1>Please try again in a moment</h1>' +
    `<p>${REFUSAL_MESSAGE}</p></main></body></html>`,
} as const;

/** The internal locations of the refusals, by the kind of request refused. */
const REFUSAL_PATHS = { json: '/.upright-refused.json', html: '/.upright-refused.html' } as const;

/**
 * A limit's refusal (limit_req, limit_conn: 503) and a pod at its `max_conns` (nginx's 502,
 * "no live upstreams") become the refusal page of the request's kind. Only errors nginx makes are
 * caught: a pod's own 503 passes through as it was sent (proxy_intercept_errors is off).
 */
function refusalLocations(): string[] {
  return [
    'error_page 502 503 =503 $upright_refusal;',
    ...(['json', 'html'] as const).map((kind) =>
      [
        `location = ${REFUSAL_PATHS[kind]} { internal;`,
        `default_type "${kind === 'json' ? 'application/json' : 'text/html'}; charset=utf-8";`,
        `add_header Retry-After ${REFUSAL_RETRY_AFTER_SECONDS} always;`,
        'add_header Cache-Control "private, no-store" always;',
        `return 503 '${REFUSAL_BODIES[kind]}'; }`,
      ].join(' '),
    ),
  ];
}

/** An nginx name for an Ingress (zones and variables take letters, digits and `_`). */
function zoneName(ingress: Manifest): string {
  return `ingress_${String(ingress.metadata.name).replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/**
 * The http-level directives of an Ingress's per-client limits, as ingress-nginx writes them: one
 * key per client address as nginx saw it (never X-Forwarded-For), empty (not limited) for the
 * allowlist's ranges.
 */
function limitZones(zone: string, limits: IngressLimits): string[] {
  if (!limits.rate && !limits.connections) return [];
  const exempt = limits.allowlist.map((range) => `${range} 1;`).join(' ');
  return [
    `geo $remote_addr $${zone}_exempt { default 0; ${exempt} }`,
    `map $${zone}_exempt $${zone}_key { 0 $binary_remote_addr; 1 ""; }`,
    ...(limits.connections ? [`limit_conn_zone $${zone}_key zone=${zone}_conn:5m;`] : []),
    ...(limits.rate
      ? [`limit_req_zone $${zone}_key zone=${zone}_rps:5m rate=${limits.rate.perSecond}r/s;`]
      : []),
  ];
}

/** The limits in each of an Ingress's locations, in ingress-nginx's order. */
function locationLimits(zone: string, limits: IngressLimits): string[] {
  return [
    ...(limits.connections ? [`limit_conn ${zone}_conn ${limits.connections};`] : []),
    ...(limits.rate ? [`limit_req zone=${zone}_rps burst=${limits.rate.burst} nodelay;`] : []),
  ];
}

interface Upstream {
  addresses: string[];
  maxConns?: number;
}

/**
 * Idle connections kept open to a Service's pods, per worker, and how long and for how many
 * requests each is reused: ingress-nginx's defaults (`upstream-keepalive-connections` 320,
 * `-timeout` 60 s, `-requests` 10000). With nginx's 16, a crowd of 256 requests in progress at a
 * pod opened and closed a connection to it for nearly every request.
 */
const UPSTREAM_KEEPALIVE = 'keepalive 320; keepalive_timeout 60s; keepalive_requests 10000;';

/**
 * How a request picks its pod: the F5 controller's default `lb-method`, of two pods drawn at
 * random the one with fewer requests in progress. A pod that answers slowly (one just started,
 * its code not yet optimised) holds more and is sent fewer; nginx's own round robin gave a cold
 * BFF half of a crowd at once, and requests waited there past the clients' 10 s
 * (decision 0081). ingress-nginx balances by round robin unless its `load-balance` is `ewma`.
 */
const BALANCING = 'random two least_conn;';

/** An upstream block, a server per pod; with `max_conns`, its counters shared by the workers (a zone). */
function upstreamBlock(name: string, upstream: Upstream): string {
  const cap = upstream.maxConns === undefined ? '' : ` max_conns=${upstream.maxConns}`;
  const servers = upstream.addresses.map((address) => `server ${address}${cap};`).join(' ');
  const zone = upstream.maxConns === undefined ? '' : `zone ${name} 64k; `;
  // The balancing method comes before keepalive (nginx's upstream module asks it so).
  return `upstream ${name} { ${zone}${BALANCING} ${servers} ${UPSTREAM_KEEPALIVE} }`;
}

/**
 * Connections one worker holds at once, clients' and pods' together: the controller's default
 * (ingress-nginx's `max-worker-connections` 16384, a worker a core). nginx's own 1024 is less than
 * a crowd of 1,000 clients and the requests they have in progress at the pods. Each is an open
 * file: the process's limit (`ulimit -n`) must allow them; a container may not raise it.
 */
const WORKER_CONNECTIONS = 16384;

/** The paths that carry a mailed code, logged up to the code (the rest is masked). */
export const MASKED_CODES_MAP_ENTRY =
  '"~^(?<kept>/account/(reset|verify|unsubscribe)/|/api/validatehash/)" "${kept}[masked]";';

type TlsFiles = { cert: string; key: string };

/** A server's `listen` lines, and its certificate under TLS. */
function serverHead(
  settings: IngressSettings,
  files: TlsFiles | undefined,
  flags: string,
): string[] {
  const ssl = files ? ' ssl' : '';
  return [
    ...settings.listen.map((address) => `    listen ${address}${ssl}${flags};`),
    ...(files
      ? [`    ssl_certificate ${files.cert};`, `    ssl_certificate_key ${files.key};`]
      : []),
  ];
}

/**
 * What the F5 controller refuses of a mergeable Ingress (ingress-nginx merges any Ingresses of a
 * host and reads no such annotation): a master with paths, a minion with TLS, another type.
 */
function checkMergeable(ingress: Manifest): void {
  const type = ingress.metadata.annotations?.[MERGEABLE_TYPE];
  if (type === undefined) return;
  const name = ingress.metadata.name;
  const hasPaths = (ingress.spec.rules ?? []).some((rule: Manifest) => rule.http?.paths?.length);
  if (type === 'master' && hasPaths) throw new Error(`Ingress ${name}: a master has no paths`);
  if (type === 'minion' && ingress.spec.tls?.length) {
    throw new Error(`Ingress ${name}: a minion has no TLS`);
  }
  if (type !== 'master' && type !== 'minion') {
    throw new Error(`Ingress ${name}: ${MERGEABLE_TYPE} "${type}" is neither master nor minion`);
  }
}

/** What one host's server block gathers from every Ingress that names the host. */
interface HostServer {
  /** The TLS Secret of the Ingress that has one for the host (the master's). */
  secretName?: string;
  locations: string[];
}

export function ingressNginxConfig(manifests: Manifest[], settings: IngressSettings): string {
  const upstreams = new Map<string, Upstream>();
  const zones: string[] = [];
  const hosts = new Map<string, HostServer>();
  const hostServer = (host: string): HostServer => {
    const known = hosts.get(host);
    if (known) return known;
    const server: HostServer = { locations: [] };
    hosts.set(host, server);
    return server;
  };
  for (const ingress of ofKind(manifests, 'Ingress')) {
    const name: string = ingress.metadata.name;
    checkMergeable(ingress);
    const limits = ingressLimits(ingress);
    const zone = zoneName(ingress);
    zones.push(...limitZones(zone, limits));
    const limited = locationLimits(zone, limits);
    for (const block of (ingress.spec.tls ?? []) as Manifest[]) {
      for (const host of block.hosts ?? []) {
        hostServer(host).secretName ??= block.secretName;
      }
    }
    for (const rule of ingress.spec.rules ?? []) {
      const server = hostServer(rule.host);
      for (const route of (rule.http?.paths ?? []) as Manifest[]) {
        // An upstream per Ingress and Service port, as the F5 controller names them: each
        // Ingress's max-conns counts its own requests to a pod.
        const backend = backendUpstream(manifests, route.backend, settings);
        const upstream = `${name}-${backend.name}`;
        upstreams.set(upstream, { addresses: backend.addresses, maxConns: limits.maxConnsPerPod });
        const body = [...limited, `proxy_pass http://${upstream};`].join(' ');
        server.locations.push(...locations(route.path, route.pathType, body));
      }
    }
  }
  const filesOf = (server: HostServer) =>
    server.secretName === undefined ? undefined : settings.tlsFiles?.(server.secretName);
  const servers: string[] = [];
  for (const [host, server] of hosts) {
    if (server.locations.length === 0) continue;
    if (server.secretName === undefined) throw new Error(`Ingress host ${host} has no TLS block`);
    servers.push(
      [
        '  server {',
        ...serverHead(settings, filesOf(server), ''),
        `    server_name ${host};`,
        ...(settings.podHeader
          ? [`    add_header ${settings.podHeader} $upstream_addr always;`]
          : []),
        ...[...refusalLocations(), ...server.locations].map((line) => `    ${line}`),
        '  }',
      ].join('\n'),
    );
  }
  // The other hosts' 404 is served with the first certificate the Ingresses name.
  const withTls = [...hosts.values()].find((server) => server.secretName !== undefined);
  const fallbackFiles = withTls && filesOf(withTls);
  if (servers.length === 0) throw new Error('the rendered chart has no Ingress rule');
  return [
    `pid ${settings.stateDir}/nginx.pid;`,
    `error_log ${settings.logDir}/ingress-error.log warn;`,
    'worker_processes auto;',
    `events { worker_connections ${WORKER_CONNECTIONS}; }`,
    'http {',
    // The mailed codes (reset, verification, unsubscribe) never reach the access log: the same
    // map and format the chart's README gives an ingress-nginx controller (decision 0071).
    '  map $request_uri $upright_logged_uri {',
    `    ${MASKED_CODES_MAP_ENTRY}`,
    '    default $request_uri;',
    '  }',
    // The README's ingress-nginx format, without that controller's own variables: the upstream's
    // address, bytes, time and status say whether a slow answer waited for its pod or before it.
    `  log_format upright '$remote_addr - $remote_user [$time_local] "$request_method $upright_logged_uri $server_protocol" $status $body_bytes_sent $request_length $request_time $upstream_addr $upstream_response_length $upstream_response_time $upstream_status $request_id';`,
    `  access_log ${settings.logDir}/ingress-access.log upright;`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${settings.stateDir}/${kind}_temp;`,
    ),
    '  server_tokens off;',
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  proxy_set_header Host $host;',
    // Appended, not replaced: a client's own header stays in front of the address nginx saw,
    // and the BFF (TRUSTED_PROXY_HOPS=1) must take only the last entry.
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '  proxy_set_header X-Forwarded-Proto $scheme;',
    '  proxy_set_header X-Forwarded-Host $host;',
    '  proxy_set_header X-Real-IP $remote_addr;',
    '  proxy_set_header X-Request-ID $request_id;',
    // The controllers' own defaults, written out: a limit's refusal is a 503 (decision 0076).
    '  limit_req_status 503;',
    '  limit_conn_status 503;',
    ...zones.map((line) => `  ${line}`),
    '  map $uri $upright_refusal {',
    `    "~*^/api(/|$)" ${REFUSAL_PATHS.json};`,
    `    default ${REFUSAL_PATHS.html};`,
    '  }',
    ...[...upstreams].map(([name, upstream]) => `  ${upstreamBlock(name, upstream)}`),
    '  server {',
    // Any other host name: no site (the controller's default backend answers 404).
    ...serverHead(settings, fallbackFiles, ' default_server'),
    '    return 404;',
    '  }',
    ...servers,
    '}',
    '',
  ].join('\n');
}
