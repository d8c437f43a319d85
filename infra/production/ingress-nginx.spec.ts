import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderChart, repoRoot } from '../tests/chart';
import { ingressNginxConfig, MASKED_CODES_MAP_ENTRY } from './ingress-nginx';
import { VALUES_FILE } from './layout';
import { localPorts } from './pods';

describe('the ingress nginx configuration of the rendered chart', () => {
  const manifests = renderChart([VALUES_FILE]);
  const ports = localPorts(manifests, 9000);
  const config = ingressNginxConfig(manifests, {
    listen: ['127.0.0.1:8443'],
    localPort: (component, portName) => ports[component][portName],
    tlsFiles: (secret) => ({ cert: `/tls/${secret}.crt`, key: `/tls/${secret}.key` }),
    stateDir: '/state',
    logDir: '/logs',
  });

  it('routes /assets (and below, not /assetsx) to web and the rest to the BFF', () => {
    const web = `127.0.0.1:${ports.web.http}`;
    const bff = `127.0.0.1:${ports.bff.http}`;
    expect(config).toContain(`upstream upright-web-http { server ${web}; keepalive 16; }`);
    expect(config).toContain(`upstream upright-bff-http { server ${bff}; keepalive 16; }`);
    expect(config).toContain('location = /assets { proxy_pass http://upright-web-http; }');
    expect(config).toContain('location /assets/ { proxy_pass http://upright-web-http; }');
    expect(config).toContain('location / { proxy_pass http://upright-bff-http; }');
  });

  it('serves the Ingress host over TLS with its Secret, and no other host', () => {
    expect(config).toContain('server_name localhost;');
    expect(config).toContain('ssl_certificate /tls/upright-local-tls.crt;');
    expect(config).toMatch(/listen 127\.0\.0\.1:8443 ssl default_server;[^}]*return 404;/);
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
