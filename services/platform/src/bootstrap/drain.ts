import type { Server, ServerResponse } from 'node:http';

/** How often connections that became idle during a drain are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * The HTTP half of a drain (decision 0051). Knows the responses in flight so that, once
 * the drain starts, each one not yet begun and every later one on a kept-alive connection says
 * `Connection: close`: the client learns the connection ends with this response, and never
 * sends a request into a socket that is about to close.
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;
  /** Called when the last response in flight has ended (set while a drain waits for it). */
  private allAnswered: () => void = () => undefined;
  /** Closes listening sockets added beside the server's own (accept-sockets.ts). */
  private closeAdded: () => void = () => undefined;

  constructor(private readonly server: Server) {
    // A listener of its own, put first, not a middleware: it sees every request, even one
    // answered before any route (the BFF's kept answers).
    server.prependListener('request', (_request, response: ServerResponse) => {
      if (this.draining) response.setHeader('Connection', 'close');
      this.inFlight.add(response);
      response.once('close', () => {
        this.inFlight.delete(response);
        if (this.inFlight.size === 0) this.allAnswered();
      });
    });
  }

  /** The drain stops these accepting too, with the server's own socket. */
  alsoStopAccepting(closeAdded: () => void): void {
    this.closeAdded = closeAdded;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /**
   * Stops accepting connections, lets the responses in flight finish and closes every
   * connection as it becomes idle; after `graceMs` whatever is left is cut.
   * Resolves when the server has closed and every response in flight has ended. Both, because
   * the server's close counts only the connections its own socket accepted: those the added
   * sockets hand it (accept-sockets.ts, most of them) are served but not counted, and a drain
   * that waited for the close alone let the process close its service clients under requests
   * still being answered (500s in `make chaos`'s rolling restart).
   */
  async drain(graceMs: number): Promise<void> {
    this.draining = true;
    for (const response of this.inFlight) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
    this.closeAdded();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    const answered = new Promise<void>((resolve) => {
      this.allAnswered = resolve;
      if (this.inFlight.size === 0) resolve();
    });
    this.server.closeIdleConnections();
    // A response whose headers were already out keeps its connection alive; close it once idle.
    const sweep = setInterval(() => this.server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut = setTimeout(() => this.server.closeAllConnections(), graceMs);
    try {
      await Promise.all([closed, answered]);
      // Keep-alive connections the added sockets handed over are idle now: close them too.
      this.server.closeIdleConnections();
    } finally {
      clearInterval(sweep);
      clearTimeout(cut);
    }
  }
}

export interface DrainSteps {
  /** Readiness goes false first, so no new traffic is routed here while the rest drains. */
  stopReadiness(): void;
  /** Stop taking work and finish what is in flight: HTTP responses, message handlers. */
  finishWork(): Promise<void>;
  /** Release everything else (Nest's close: clients, database, Redis). */
  release(): Promise<void>;
  log(message: string): void;
}

/**
 * Runs the drain once on the first SIGTERM or SIGINT, then exits 0 (1 if a step failed).
 * Returns the function that removes the listeners (an app closed otherwise).
 */
export function drainOnSignals(steps: DrainSteps): () => void {
  let started = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (started) return;
    started = true;
    steps.log(`${signal}: draining`);
    steps.stopReadiness();
    void steps
      .finishWork()
      .then(() => steps.release())
      .then(
        () => {
          steps.log('Drained; exiting');
          process.exit(0);
        },
        (error: unknown) => {
          steps.log(`Drain failed: ${error instanceof Error ? error.message : String(error)}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
