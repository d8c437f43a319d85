import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { context, type Span } from '@opentelemetry/api';
import { isRemoteErrorPayload, serviceOfPattern } from '@upright/contracts';
import type Redis from 'ioredis';
import { decodeReply, encodeEvent, encodeRequest, parseStreams, type StreamEntry } from './codec';
import {
  Backoff,
  blockingCall,
  closeConnection,
  createConnection,
  errorMessage,
  ConnectionListeners,
  type ConnectionListener,
  sleep,
  type StreamsEvents,
  whenReady,
} from './connection';
import { absoluteDeadline, unwrapDeadline } from './deadline';
import {
  ClientClosedError,
  DeadlineExceededError,
  INTERNAL_ERROR,
  ServiceUnavailableError,
} from './errors';
import { Envelopes } from './envelope';
import { type KeySpace, keySpace } from './keys';
import {
  type ResolvedClientOptions,
  resolveClientOptions,
  type StreamsClientOptions,
} from './options';
import { ENQUEUE_GRACE_MS, ENQUEUE_IF_LIVE } from './scripts';
import {
  errorCodeOf,
  injectTrace,
  markFailed,
  startCallSpan,
  startEmitSpan,
  type TraceCarrier,
} from './trace-context';

/** Safety cap only: servers delete requests once answered, so the stream stays short. */
const REQUEST_STREAM_MAXLEN = 100_000;
/** Events stay in their stream for every subscribing group; old ones are trimmed. */
const EVENT_STREAM_MAXLEN = 10_000;
/**
 * How long a request that may repeat (decision 0051) is retried while nobody consumes or
 * Redis does not answer: long enough to ride over a rolling restart's gap or a Redis restart,
 * short enough that a service that is really down is reported soon (503), not at the deadline.
 */
const UNAVAILABLE_RETRY_MS = 1000;
/** How long connect() waits for Redis the first time, so requests at startup do not fail. */
const INITIAL_CONNECT_WAIT_MS = 2000;
const REPLY_BATCH = 1000;
const REPLY_BLOCK_MS = 5000;
/**
 * Replies read since the last trim before the reply stream is trimmed. Trimming after every
 * read cost a command per request; read replies are harmless until then, and an idle client
 * trims whatever is left when its blocking read times out.
 */
const REPLY_TRIM_EVERY = 256;

interface PendingRequest {
  pattern: string;
  service: string;
  callback: (packet: WritePacket) => void;
  timer: NodeJS.Timeout;
  /** From enqueue to reply (decision 0075); a no-op span while tracing is off. */
  span: Span;
}

/**
 * NestJS client for services behind RedisStreamsServer. Requests go to the request stream of
 * the service named by the pattern's first segment; replies come back on a reply stream owned
 * by this client instance.
 * Usage: `ClientsModule.register([{ name: 'RANKINGS', customClass: RedisStreamsClient, options }])`
 * or `new RedisStreamsClient(options)`.
 */
export class RedisStreamsClient extends ClientProxy<StreamsEvents> {
  private readonly logger = new Logger(RedisStreamsClient.name);
  private readonly options: ResolvedClientOptions;
  private readonly keys: KeySpace;
  private readonly clientId = randomUUID();
  private readonly replyKey: string;
  private readonly pending = new Map<string, PendingRequest>();
  private readonly envelopes: Envelopes;
  private command?: Redis;
  private blocking?: Redis;
  private connecting?: Promise<void>;
  private stopSignal?: AbortController;
  private replyLoop?: Promise<void>;
  /** Last reply read; reset to 0 on reconnect because a restarted Redis starts a new stream. */
  private replyCursor = '0';
  private readSinceTrim = 0;
  private readonly listeners = new ConnectionListeners();

  constructor(options: StreamsClientOptions) {
    super();
    this.options = resolveClientOptions(options);
    this.keys = keySpace(this.options.keyPrefix);
    this.envelopes = new Envelopes(this.options.trust);
    this.replyKey = this.keys.replyStream(this.envelopes.identity, this.clientId);
  }

  /** Requests waiting for a reply. */
  get pendingCount(): number {
    return this.pending.size;
  }

  connect(): Promise<void> {
    this.connecting ??= this.open();
    return this.connecting;
  }

  async close(): Promise<void> {
    const stop = this.stopSignal;
    if (!stop) return;
    this.stopSignal = undefined;
    this.connecting = undefined;
    stop.abort();
    for (const [id, request] of this.pending) {
      this.settle(id, { err: new ClientClosedError(request.pattern) });
    }
    const { command, blocking } = this;
    this.command = this.blocking = undefined;
    blocking?.disconnect();
    await this.replyLoop;
    if (command?.status === 'ready') {
      await command.del(this.replyKey).catch(() => undefined);
    }
    if (command) await closeConnection(command);
    this._status$.next('disconnected');
  }

  override on<
    EventKey extends keyof StreamsEvents = keyof StreamsEvents,
    EventCallback extends StreamsEvents[EventKey] = StreamsEvents[EventKey],
  >(event: EventKey, callback: EventCallback): void {
    this.listeners.add(event, callback as ConnectionListener);
  }

  /** `{ command, blocking }`: the two ioredis connections of this client. */
  unwrap<T>(): T {
    return this.listeners.unwrap<T>('connect');
  }

  private async open(): Promise<void> {
    const stop = new AbortController();
    this.stopSignal = stop;
    const { redisUrl } = this.options;
    const command = createConnection(redisUrl, `client:${this.clientId}`, this.logger, {
      role: 'command',
      onStatus: (status) => this._status$.next(status),
    });
    const blocking = createConnection(redisUrl, `client:${this.clientId}:replies`, this.logger, {
      role: 'blocking',
    });
    blocking.on('ready', () => (this.replyCursor = '0'));
    this.command = command;
    this.blocking = blocking;
    this.listeners.attach({ command, blocking });
    // Every failure inside is handled; this only guards against a bug becoming a crash.
    this.replyLoop = this.runReplyLoop(blocking, stop.signal).catch((error: unknown) =>
      this.logger.error(`Reply loop stopped: ${errorMessage(error)}`),
    );
    // Only the first connect waits: later, requests fail fast while Redis is unreachable.
    const wait = new AbortController();
    await Promise.race([
      whenReady(command, wait.signal),
      sleep(INITIAL_CONNECT_WAIT_MS, wait.signal),
    ]);
    wait.abort();
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(packet.pattern);
    const id = randomUUID();
    let data: unknown;
    let deadlineMs: number;
    try {
      ({ data, deadlineMs } = unwrapDeadline(packet.data, this.options.defaultDeadlineMs));
    } catch (error) {
      callback({ err: error });
      return () => undefined;
    }
    let service: string;
    try {
      service = serviceOfPattern(pattern);
    } catch (error) {
      callback({ err: error });
      return () => undefined;
    }
    const deadline = absoluteDeadline(Date.now(), deadlineMs);
    const timer = setTimeout(
      () => this.settle(id, { err: new DeadlineExceededError(pattern, deadlineMs) }),
      deadlineMs,
    );
    const call = startCallSpan(service, pattern);
    this.pending.set(id, { pattern, service, callback, timer, span: call.span });
    // In the call's context, so the Redis command that enqueues is its child.
    const trace = injectTrace(call.context);
    void context.with(call.context, () =>
      this.enqueue(id, service, pattern, data, deadline, trace),
    );
    // Unsubscribing cannot recall the request; it only stops waiting for the reply.
    return () => this.forget(id);
  }

  /**
   * One round trip: the liveness check and the XADD run together (ENQUEUE_IF_LIVE). When
   * nobody consumes or Redis fails, a request that may repeat is tried again for a while, within
   * its deadline; a retry keeps the request id, so a copy that did reach the stream after all
   * is refused as a replay by the service and runs once.
   */
  private async enqueue(
    id: string,
    service: string,
    pattern: string,
    data: unknown,
    deadline: number,
    trace: TraceCarrier | undefined,
  ) {
    let fields: string[];
    try {
      const client = this.clientId;
      fields = encodeRequest(
        this.envelopes.request(service, { id, pattern, client, deadline, data, trace }),
      );
    } catch (error) {
      this.settle(id, { err: error });
      return;
    }
    const repeatable = this.options.trust.policy.mayRepeat(pattern, data);
    const retryUntil = Math.min(deadline, Date.now() + UNAVAILABLE_RETRY_MS);
    const backoff = new Backoff(50, 250);
    for (;;) {
      if (!this.pending.has(id)) return;
      let failure: ServiceUnavailableError;
      try {
        const command = this.command;
        if (command?.status !== 'ready') throw new Error('Redis is not reachable');
        const entry = await ENQUEUE_IF_LIVE.run(
          command,
          [],
          [
            this.keys.replicas(service),
            this.keys.requestStream(service),
            REQUEST_STREAM_MAXLEN,
            ENQUEUE_GRACE_MS,
            ...fields,
          ],
        );
        if (entry !== null) return;
        failure = new ServiceUnavailableError(service);
      } catch (error) {
        failure = new ServiceUnavailableError(service, { cause: error });
      }
      const wait = backoff.next();
      if (!repeatable || Date.now() + wait >= retryUntil) {
        this.settle(id, { err: failure });
        return;
      }
      await sleep(wait);
    }
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const pattern = this.normalizePattern(packet.pattern);
    const { data } = unwrapDeadline(packet.data, this.options.defaultDeadlineMs);
    const command = this.command;
    if (!command) throw new Error('Client is not connected');
    const emit = startEmitSpan(pattern);
    try {
      const fields = encodeEvent(this.envelopes.event(pattern, data, injectTrace(emit.context)));
      return (await context.with(emit.context, () =>
        command.xadd(
          this.keys.eventStream(pattern),
          'MAXLEN',
          '~',
          EVENT_STREAM_MAXLEN,
          '*',
          ...fields,
        ),
      )) as T;
    } catch (error) {
      markFailed(emit.span, errorCodeOf(error));
      throw error;
    } finally {
      emit.span.end();
    }
  }

  private settle(id: string, packet: WritePacket): void {
    const request = this.pending.get(id);
    if (!request) return;
    if (packet.err !== undefined) markFailed(request.span, errorCodeOf(packet.err));
    this.forget(id);
    request.callback(packet);
  }

  private forget(id: string): void {
    const request = this.pending.get(id);
    if (!request) return;
    clearTimeout(request.timer);
    request.span.end();
    this.pending.delete(id);
  }

  private async runReplyLoop(blocking: Redis, signal: AbortSignal): Promise<void> {
    const backoff = new Backoff();
    while (!signal.aborted) {
      if (blocking.status !== 'ready') {
        await whenReady(blocking, signal);
        continue;
      }
      let raw: unknown;
      try {
        raw = await blockingCall(
          blocking,
          REPLY_BLOCK_MS,
          'XREAD',
          'COUNT',
          REPLY_BATCH,
          'BLOCK',
          REPLY_BLOCK_MS,
          'STREAMS',
          this.replyKey,
          this.replyCursor,
        );
        backoff.reset();
      } catch (error) {
        if (signal.aborted) break;
        if (blocking.status === 'ready') {
          this.logger.warn(`Reading replies failed: ${errorMessage(error)}`);
          await sleep(backoff.next(), signal);
        }
        continue;
      }
      let read = 0;
      for (const batch of parseStreams(raw)) {
        for (const entry of batch.entries) {
          this.replyCursor = entry.id;
          this.onReply(entry);
          read++;
        }
      }
      this.readSinceTrim += read;
      // Replies already read are useless; trimming keeps the stream from growing.
      if (this.readSinceTrim >= REPLY_TRIM_EVERY || (read === 0 && this.readSinceTrim > 0)) {
        this.readSinceTrim = 0;
        this.command?.xtrim(this.replyKey, 'MINID', this.replyCursor).catch(() => undefined);
      }
    }
  }

  private onReply(entry: StreamEntry): void {
    if (!entry.fields) return;
    let reply;
    try {
      const wire = decodeReply(entry.fields);
      // Unknown ids are late replies to requests that timed out or were cancelled.
      const request = this.pending.get(wire.id);
      if (!request) return;
      reply = this.envelopes.openReply(wire, request.service, this.clientId, request.pattern);
    } catch (error) {
      // Not from the service asked (or tampered with): the request runs into its deadline.
      this.logger.warn(`Ignoring reply ${entry.id}: ${errorMessage(error)}`);
      return;
    }
    if (reply.ok) {
      this.settle(reply.id, { response: reply.body, isDisposed: true });
    } else {
      const err = isRemoteErrorPayload(reply.body) ? reply.body : { ...INTERNAL_ERROR };
      this.settle(reply.id, { err });
    }
  }
}
