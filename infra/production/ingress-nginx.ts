/**
 * An nginx configuration that does what the rendered Ingress asks of an ingress controller
 * (`make up-production`, decision 0052): TLS for the hosts of `spec.tls` with their Secret's
 * certificate, each rule's paths to the Service's pods (`Prefix`: the path and everything
 * below it, `Exact`: the path alone), X-Forwarded-For appended with the client's address, and
 * a 404 for any other host. Pure: manifests in, configuration text out.
 */
import { componentOf, ofKind, type Manifest } from '../tests/chart';
import { deploymentOfService, targetPortName } from './kubernetes';

export interface IngressSettings {
  /** The address:port nginx listens on for HTTPS (each one gets a `listen … ssl`). */
  listen: readonly string[];
  /** Where a component's named container port listens on this machine. */
  localPort(component: string, portName: string): number;
  /** The certificate and key files of a TLS Secret. */
  tlsFiles(secretName: string): { cert: string; key: string };
  /** A directory nginx may write its pid and temporary files to. */
  stateDir: string;
  /** Where its error and access logs go. */
  logDir: string;
}

function backendUpstream(
  manifests: Manifest[],
  backend: Manifest,
  settings: IngressSettings,
): { name: string; address: string } {
  const serviceName: string = backend.service.name;
  const portName = targetPortName(manifests, serviceName, backend.service.port ?? {});
  const component = componentOf(deploymentOfService(manifests, serviceName));
  return {
    name: `${serviceName}-${portName}`,
    address: `127.0.0.1:${settings.localPort(component, portName)}`,
  };
}

/** nginx locations for one Ingress path: Prefix matches whole segments, as Kubernetes says. */
function locations(path: string, pathType: string, upstream: string): string[] {
  const proxy = `{ proxy_pass http://${upstream}; }`;
  if (pathType === 'Exact') return [`location = ${path} ${proxy}`];
  if (path === '/') return [`location / ${proxy}`];
  const trimmed = path.replace(/\/+$/, '');
  return [`location = ${trimmed} ${proxy}`, `location ${trimmed}/ ${proxy}`];
}

/** The paths that carry a mailed code, logged up to the code (the rest is masked). */
export const MASKED_CODES_MAP_ENTRY =
  '"~^(?<kept>/account/(reset|verify|unsubscribe)/|/api/validatehash/)" "${kept}[masked]";';

export function ingressNginxConfig(manifests: Manifest[], settings: IngressSettings): string {
  const upstreams = new Map<string, string>();
  const servers: string[] = [];
  let fallbackFiles: { cert: string; key: string } | undefined;
  for (const ingress of ofKind(manifests, 'Ingress')) {
    const tlsOf = (host: string) =>
      (ingress.spec.tls ?? []).find((block: Manifest) => (block.hosts ?? []).includes(host));
    for (const rule of ingress.spec.rules ?? []) {
      const tls = tlsOf(rule.host);
      if (!tls) throw new Error(`Ingress ${ingress.metadata.name}: ${rule.host} has no TLS block`);
      const files = settings.tlsFiles(tls.secretName);
      fallbackFiles ??= files;
      const routes = (rule.http.paths as Manifest[]).flatMap((route) => {
        const upstream = backendUpstream(manifests, route.backend, settings);
        upstreams.set(upstream.name, upstream.address);
        return locations(route.path, route.pathType, upstream.name);
      });
      servers.push(
        [
          '  server {',
          ...settings.listen.map((address) => `    listen ${address} ssl;`),
          `    server_name ${rule.host};`,
          `    ssl_certificate ${files.cert};`,
          `    ssl_certificate_key ${files.key};`,
          ...routes.map((route) => `    ${route}`),
          '  }',
        ].join('\n'),
      );
    }
  }
  if (!fallbackFiles) throw new Error('the rendered chart has no Ingress rule');
  return [
    `pid ${settings.stateDir}/nginx.pid;`,
    `error_log ${settings.logDir}/ingress-error.log warn;`,
    'events { worker_connections 1024; }',
    'http {',
    // The mailed codes (reset, verification, unsubscribe) never reach the access log: the same
    // map and format the chart's README gives an ingress-nginx controller (decision 0071).
    '  map $request_uri $upright_logged_uri {',
    `    ${MASKED_CODES_MAP_ENTRY}`,
    '    default $request_uri;',
    '  }',
    `  log_format upright '$remote_addr - $remote_user [$time_local] "$request_method $upright_logged_uri $server_protocol" $status $body_bytes_sent $request_time $request_id';`,
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
    ...[...upstreams].map(
      ([name, address]) => `  upstream ${name} { server ${address}; keepalive 16; }`,
    ),
    '  server {',
    ...settings.listen.map((address) => `    listen ${address} ssl default_server;`),
    // Any other host name: no site (the controller's default backend answers 404).
    `    ssl_certificate ${fallbackFiles.cert};`,
    `    ssl_certificate_key ${fallbackFiles.key};`,
    '    return 404;',
    '  }',
    ...servers,
    '}',
    '',
  ].join('\n');
}
