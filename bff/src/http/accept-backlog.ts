import { closeSync, openSync, readSync } from 'node:fs';
import type { Socket } from 'node:net';

/**
 * Whether connections are waiting to be accepted (decision record 0063). libuv, under Node 20,
 * accepts one connection per event-loop turn (libuv#3696), and a busy replica turns some tens of
 * times a second: a crowd's new connections (its arrival, or a replica joining) wait in the
 * kernel's accept queue for seconds with their first request already sent. Neither the loop's
 * delay (`LoopPressure`) nor the lanes see that queue; the kernel does, as the listening socket's
 * receive queue in /proc/net/tcp.
 *
 * Once that queue has held at least `maxWaiting` connections for `sustainedSamples` samples in a
 * row, requests on connections accepted earlier are answered 503 with `Retry-After` before any
 * work: those clients back off for a second, the loop's turns get short, and the waiting
 * connections are taken in. A connection's first request is served: it has waited in the queue
 * already. One sample under the limit ends it.
 */
export interface AcceptBacklogSettings {
  /** Connections waiting at once that mean the replica is not keeping up. */
  maxWaiting: number;
  /** Samples in a row at or over it before requests are shed; one under it ends that. */
  sustainedSamples: number;
  /** Told once when shedding starts and once when it ends (operators' logs). */
  report?: (message: string) => void;
}

/** Connections waiting to be accepted on `port`, or null when it cannot be known here. */
export type ListenQueueReader = () => number | null;

const LISTEN_STATE = '0A';

/**
 * The accept queue of the listening socket on `port`, from the lines of /proc/net/tcp or tcp6
 * (`sl local_address rem_address st tx_queue:rx_queue …`; a LISTEN socket's rx_queue is its
 * accept queue). Null when no LISTEN line is for that port.
 */
export function listenQueueLength(lines: readonly string[], port: number): number | null {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  let waiting: number | null = null;
  for (const line of lines) {
    const fields = line.trim().split(/\s+/);
    if (fields[3] !== LISTEN_STATE || !fields[1]?.endsWith(`:${portHex}`)) continue;
    const queue = Number.parseInt(fields[4]?.split(':')[1] ?? '', 16);
    if (Number.isFinite(queue)) waiting = (waiting ?? 0) + queue;
  }
  return waiting;
}

/**
 * A few lines per read: the kernel formats only what a read asks for, and each line further
 * walks more of its tables (a 4 KB read of this file cost ~400 µs on a development machine).
 */
const CHUNK_BYTES = 600;
/** A machine's listening sockets fit well within this; a pod has a handful. */
const MAX_BYTES = 64 * 1024;

/**
 * Reads /proc/net/tcp (or tcp6) from its head until the LISTEN line of `port`: the kernel lists
 * listening sockets before any other, so reading stops there. Null where there is no such file,
 * or no such line before the first line in another state (the queue cannot be known here).
 */
export function procListenQueueReader(port: number, family: 'IPv4' | 'IPv6'): ListenQueueReader {
  const file = family === 'IPv6' ? '/proc/net/tcp6' : '/proc/net/tcp';
  const buffer = Buffer.alloc(CHUNK_BYTES);
  return () => {
    let fd: number;
    try {
      fd = openSync(file, 'r');
    } catch {
      return null;
    }
    try {
      // What is read but not yet a whole line; the file's first line is its header.
      let partial = '';
      let header = true;
      for (let read = 0; read < MAX_BYTES;) {
        const bytes = readSync(fd, buffer, 0, CHUNK_BYTES, null);
        if (bytes === 0) break;
        read += bytes;
        const lines = (partial + buffer.toString('latin1', 0, bytes)).split('\n');
        partial = lines.pop()!;
        const complete = header ? lines.slice(1) : lines;
        header &&= lines.length === 0;
        const found = listenQueueLength(complete, port);
        if (found !== null) return found;
        if (complete.some((line) => line.trim().split(/\s+/)[3] !== LISTEN_STATE)) break;
      }
      return null;
    } catch {
      return null;
    } finally {
      closeSync(fd);
    }
  };
}

export class AcceptBacklog {
  /** How often the queue is read (~50–100 µs each: a few lines of /proc). */
  static readonly SAMPLE_MS = 100;

  private overInARow = 0;

  private shedding = false;

  private shedAtEpisodeStart = 0;

  private timer: NodeJS.Timeout | undefined;

  /** Sockets that have had a request: their next ones may be shed, their first one is not. */
  private readonly served = new WeakSet<Socket>();

  /** Connections waiting at the last sample (for the operators' gauge). */
  waiting = 0;

  /** Requests answered 503 because connections were waiting to be accepted. */
  shed = 0;

  constructor(private readonly settings: AcceptBacklogSettings) {}

  /**
   * Samples `read` until `stop`; the timer does not keep the process alive. Where the queue
   * cannot be read, it says so once and stays off.
   */
  start(read: ListenQueueReader): void {
    const sample = () => {
      const waiting = read();
      if (waiting === null) {
        this.settings.report?.(
          'The accept queue cannot be read here (no listening socket in /proc/net/tcp): not watched',
        );
        return;
      }
      this.record(waiting);
      this.timer = setTimeout(sample, AcceptBacklog.SAMPLE_MS).unref();
    };
    this.timer = setTimeout(sample, AcceptBacklog.SAMPLE_MS).unref();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  record(waiting: number): void {
    const { maxWaiting, sustainedSamples, report } = this.settings;
    this.waiting = waiting;
    this.overInARow = waiting >= maxWaiting ? this.overInARow + 1 : 0;
    const shedding = this.overInARow >= sustainedSamples;
    if (shedding && !this.shedding) {
      this.shedAtEpisodeStart = this.shed;
      report?.(
        `${waiting} connections waiting to be accepted for ${this.overInARow} samples: ` +
          'shedding requests on connections already served (503)',
      );
    } else if (!shedding && this.shedding) {
      report?.(
        `Accept queue under ${maxWaiting} again; ${this.shed - this.shedAtEpisodeStart} requests shed`,
      );
    }
    this.shedding = shedding;
  }

  /** Counts a request on `socket`; true while connections wait and it is not its first (shed it). */
  sheds(socket: Socket): boolean {
    if (!this.served.has(socket)) {
      this.served.add(socket);
      return false;
    }
    if (!this.shedding) return false;
    this.shed += 1;
    return true;
  }
}
