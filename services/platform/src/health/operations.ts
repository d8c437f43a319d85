import type { RequestListener } from 'node:http';
import type { Metrics } from '../metrics/metrics';
import { runReadinessChecks, type ReadinessReport } from './readiness';
import type { ReadinessRegistry } from './readiness-registry';

/** The readiness probe's answer: 503 while draining or while a dependency is down. */
export async function readinessAnswer(
  readiness: ReadinessRegistry,
): Promise<{ status: number; body: ReadinessReport }> {
  if (readiness.draining) {
    return { status: 503, body: { status: 'unavailable', checks: { drain: 'shutting down' } } };
  }
  const report = await runReadinessChecks(readiness.all());
  return { status: report.status === 'ok' ? 200 : 503, body: report };
}

/** Prometheus' text format, as `/metrics` answers it. */
export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4';

/**
 * The operations endpoints without an application in front (`GET /metrics`, `/health/live`,
 * `/health/ready`, exact paths; anything else 404): a process whose HTTP port is public (the BFF)
 * answers them on a port of its own and mounts no route for them on the public one.
 */
export function operationsListener(
  metrics: Metrics,
  readiness: ReadinessRegistry,
): RequestListener {
  const send = (
    response: Parameters<RequestListener>[1],
    status: number,
    type: string,
    body: string,
  ) => {
    response.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
    response.end(body);
  };
  const json = 'application/json; charset=utf-8';
  return (request, response) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const path = (request.url ?? '').split('?')[0];
    if (!read) return send(response, 404, 'text/plain; charset=utf-8', 'Not found\n');
    if (path === '/health/live') return send(response, 200, json, JSON.stringify({ status: 'ok' }));
    if (path === '/metrics') {
      void metrics.registry
        .metrics()
        .then((text) => send(response, 200, METRICS_CONTENT_TYPE, text));
      return;
    }
    if (path === '/health/ready') {
      void readinessAnswer(readiness).then(({ status, body }) =>
        send(response, status, json, JSON.stringify(body)),
      );
      return;
    }
    send(response, 404, 'text/plain; charset=utf-8', 'Not found\n');
  };
}
