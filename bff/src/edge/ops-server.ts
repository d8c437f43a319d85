import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { Metrics, operationsListener, ReadinessRegistry } from '@upright/platform';

const servers = new WeakMap<INestApplication, Server>();

/**
 * Metrics and health on a port of their own (decision 0049): the kubelet and Prometheus reach it
 * inside the cluster, the Ingress and HTTPRoute never route to it, and the public application
 * mounts no route for them (the platform's `operationsOnOwnPort`): there they are unknown paths.
 */
export function serveOperations(nestApp: INestApplication, port: number, host: string): void {
  const server = createServer(
    operationsListener(nestApp.get(Metrics), nestApp.get(ReadinessRegistry)),
  );
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
  site.once('close', () => server.close());
  servers.set(nestApp, server);
}

/** Where a BFF's operations port answers (tests start it on port 0). */
export function operationsUrl(nestApp: INestApplication): string {
  const address = servers.get(nestApp)?.address() as AddressInfo | null | undefined;
  if (!address) throw new Error('the operations port is not listening');
  return `http://127.0.0.1:${address.port}`;
}
