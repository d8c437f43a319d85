import http from 'node:http';

/**
 * Where a bench stack with tracing on exports (OTEL_EXPORTER_OTLP_ENDPOINT=OTLP_SINK_URL): an
 * OTLP/HTTP receiver that reads every export and answers success (an empty
 * ExportTraceServiceResponse), so the figures include the exporter's work and no collector's.
 * It counts what arrived, to show that tracing was on.
 */
export const OTLP_SINK_PORT = 18097;
export const OTLP_SINK_URL = `http://127.0.0.1:${OTLP_SINK_PORT}`;

export interface OtlpSink {
  received(): { exports: number; bytes: number };
  stop(): Promise<void>;
}

export function startOtlpSink(): Promise<OtlpSink> {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': request.headers['content-type'] ?? '' });
      response.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(OTLP_SINK_PORT, '127.0.0.1', () =>
      resolve({
        received: () => ({ exports, bytes }),
        stop: () => new Promise((closed) => server.close(() => closed())),
      }),
    );
  });
}
