import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { ReadinessRegistry } from '@upright/platform';

/** The operations endpoints: Prometheus' `/metrics` and the probes' `/health/live|ready`. */
const OPERATIONS_PATH = /^\/(metrics|health\/[a-z]+)\/?(\?|$)/;

export function isOperationsPath(url: string): boolean {
  return OPERATIONS_PATH.test(url);
}

const servers = new WeakMap<INestApplication, Server>();

/**
 * Metrics and health on a port of their own (record 0049): the kubelet and Prometheus reach it
 * inside the cluster, the Ingress and HTTPRoute never route to it, and the public port answers
 * these paths 404. Everything else asked here is 404 too: this port is no way around the edge.
 */
export function serveOperations(nestApp: INestApplication, port: number, host: string): void {
  const application = nestApp.getHttpAdapter().getInstance() as RequestListener;
  const server = createServer((request, response) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && isOperationsPath(request.url ?? '')) return application(request, response);
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('Not found\n');
  });
  // A port already taken is a configuration error: the process must not run without probes.
  server.on('error', (error) => nestApp.getHttpServer().emit('error', error));
  server.listen(port, host);
  // This port listens before the application's (whose start warms the kept answers first): the
  // replica is ready only once its own port takes requests too.
  const site = nestApp.getHttpServer() as Server;
  nestApp.get(ReadinessRegistry).register({
    name: 'http',
    check: async () => {
      if (!site.listening) throw new Error('not listening yet');
    },
  });
  nestApp.getHttpServer().once('close', () => server.close());
  servers.set(nestApp, server);
}

/** Where a BFF's operations port answers (tests start it on port 0). */
export function operationsUrl(nestApp: INestApplication): string {
  const address = servers.get(nestApp)?.address() as AddressInfo | null | undefined;
  if (!address) throw new Error('the operations port is not listening');
  return `http://127.0.0.1:${address.port}`;
}
