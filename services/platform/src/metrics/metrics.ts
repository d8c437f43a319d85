import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** One registry per process: default Node metrics plus message and HTTP metrics. */
export class Metrics {
  readonly registry = new Registry();
  private readonly messages: Counter<'pattern' | 'outcome'>;
  private readonly messageSeconds: Histogram<'pattern' | 'outcome'>;
  private readonly replays: Counter<'from' | 'pattern'>;
  private readonly expired: Counter<'pattern'>;
  private readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  private readonly httpSeconds: Histogram<'route' | 'method'>;

  constructor(service: string) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.messages = new Counter({
      name: 'upright_messages_total',
      help: 'Messages handled, per message pattern and outcome',
      labelNames: ['pattern', 'outcome'],
      registers: [this.registry],
    });
    this.messageSeconds = new Histogram({
      name: 'upright_message_duration_seconds',
      help: 'Handler latency per message pattern',
      labelNames: ['pattern', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.replays = new Counter({
      name: 'upright_transport_replays_total',
      help: 'Copies of an already taken request refused, per authenticated sender and pattern',
      labelNames: ['from', 'pattern'],
      registers: [this.registry],
    });
    this.expired = new Counter({
      name: 'upright_transport_expired_total',
      help: 'Requests dropped before any work because their deadline had passed, per pattern',
      labelNames: ['pattern'],
      registers: [this.registry],
    });
    this.httpRequests = new Counter({
      name: 'upright_http_requests_total',
      help: 'HTTP requests, per route, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [this.registry],
    });
    this.httpSeconds = new Histogram({
      name: 'upright_http_request_duration_seconds',
      help: 'HTTP latency per route',
      labelNames: ['route', 'method'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
  }

  /** Passed to the transport server as its `onHandled` observer. */
  readonly observeMessage = (pattern: string, outcome: 'ok' | 'error', seconds: number): void => {
    this.messages.inc({ pattern, outcome });
    this.messageSeconds.observe({ pattern, outcome }, seconds);
  };

  /** Passed to the transport server as its `onReplay` observer. */
  readonly observeReplay = (from: string, pattern: string): void => {
    this.replays.inc({ from, pattern });
  };

  /** Passed to the transport server as its `onExpired` observer. */
  readonly observeExpired = (pattern: string): void => {
    this.expired.inc({ pattern });
  };

  /** A gauge without labels whose value `read` gives each time the registry is scraped. */
  sampledGauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  observeHttp(route: string, method: string, status: number, seconds: number): void {
    this.httpRequests.inc({ route, method, status: String(status) });
    this.httpSeconds.observe({ route, method }, seconds);
  }
}
