import { Logger } from '@nestjs/common';
import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import { context, trace } from '@opentelemetry/api';
import type Redis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import {
  decodeEvent,
  decodeRequest,
  encodeReply,
  parseStreams,
  stringifyData,
  type StreamEntry,
} from './codec';
import {
  Backoff,
  blockingCall,
  closeConnection,
  type ConnectionStatus,
  createConnection,
  errorMessage,
  ConnectionListeners,
  type ConnectionListener,
  isBusyGroupError,
  isNoGroupError,
  sleep,
  type StreamsEvents,
  whenReady,
} from './connection';
import { StreamsContext } from './context';
import { isExpired, MAX_DEADLINE_MS } from './deadline';
import { carrierOf, Envelopes, Refusal, type VerifiedRequest } from './envelope';
import { INTERNAL_ERROR, toRemoteError } from './errors';
import { Heartbeat, liveReplicas } from './heartbeat';
import { groupOf, type KeySpace, keySpace } from './keys';
import {
  type ResolvedServerOptions,
  resolveServerOptions,
  type StreamsServerOptions,
} from './options';
import { Reclaimer } from './reclaimer';
import { type Admission, ReplayGuard } from './replay-guard';
import {
  ACK_AND_DELETE,
  DELETE_IDLE_CONSUMER,
  parseReplyOutcome,
  REPLY_AND_ACK,
  type ReplyOutcome,
} from './scripts';
import { markFailed, startEventSpan, startHandleSpan } from './trace-context';

/** Lets hybrid apps bind a handler to this transport only: `@MessagePattern(p, REDIS_STREAMS)`. */
export const REDIS_STREAMS = Symbol('REDIS_STREAMS');

/** How long one XREADGROUP blocks; close() interrupts it anyway by dropping the connection. */
const BLOCK_MS = 2000;
/** A message delivered this often without being finished is assumed to crash its handler. */
const MAX_DELIVERIES = 5;
/** Reply streams outlive their last reply by this much; a dead client's stream then vanishes. */
const REPLY_STREAM_TTL_MS = 60_000;
const INTERNAL_JSON = stringifyData(INTERNAL_ERROR);
/** How long an ack of a finished message is retried through a Redis outage. */
const ACK_RETRY_MS = 5000;
/**
 * The answer to a write that a replica started and did not finish (it died or lost Redis): it
 * may or may not have been applied, so it is not run again; a retry with an idempotency key is
 * safe, a blind one is not. The BFF answers it like a deadline that passed (504).
 */
const IN_DOUBT_JSON = stringifyData({
  code: 'deadline_exceeded',
  message: 'The replica handling this request stopped; whether it was applied is unknown',
});

export interface ServerStats {
  /** Messages whose handler ran to completion (successfully or not). */
  handled: number;
  inFlight: number;
  /** Messages taken over from dead consumers (or recovered from this one). */
  reclaimed: number;
  /** Requests dropped unhandled because their deadline had passed. */
  expired: number;
  /** Copies of a request already taken by some replica of the service, refused. */
  replays: number;
  /**
   * Requests redelivered after the replica that started them died or lost Redis, whose pattern
   * may not repeat: answered "outcome unknown" instead of being run again (decision 0051).
   */
  inDoubt: number;
  /**
   * Entries this replica read (or ran) but another replica claimed meanwhile, because this one
   * was cut off from Redis: neither started nor answered here (decision 0051).
   */
  takenOver: number;
}

interface StreamSpec {
  key: string;
  kind: 'rpc' | 'event';
}

/**
 * NestJS transport strategy: one consumer per replica in the service's consumer group, on the
 * service's request stream and on the stream of every event it subscribes to.
 * Usage: `NestFactory.createMicroservice(AppModule, { strategy: new RedisStreamsServer(opts) })`.
 */
export class RedisStreamsServer
  extends Server<StreamsEvents, ConnectionStatus>
  implements CustomTransportStrategy
{
  override transportId = REDIS_STREAMS;
  protected override readonly logger = new Logger(RedisStreamsServer.name);

  private readonly options: ResolvedServerOptions;
  private readonly keys: KeySpace;
  private readonly group: string;
  private command?: Redis;
  private blocking?: Redis;
  private heartbeat?: Heartbeat;
  private reclaimer?: Reclaimer;
  private streams: StreamSpec[] = [];
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly counters = {
    handled: 0,
    reclaimed: 0,
    expired: 0,
    replays: 0,
    inDoubt: 0,
    takenOver: 0,
  };
  private readonly stopSignal = new AbortController();
  /** Set once in-flight work is abandoned at the end of the shutdown grace period. */
  private abandoned = false;
  private readLoop?: Promise<void>;
  private started = false;
  private closing?: Promise<void>;
  private slotFreed?: () => void;
  private rotation = 0;
  private readonly listeners = new ConnectionListeners();
  private readonly envelopes: Envelopes;
  private readonly replays: ReplayGuard;

  constructor(options: StreamsServerOptions) {
    super();
    this.options = resolveServerOptions(options);
    this.keys = keySpace(this.options.keyPrefix);
    this.group = groupOf(this.options.service);
    this.envelopes = new Envelopes(this.options.trust);
    this.replays = new ReplayGuard(this.keys, this.options.service);
  }

  get consumerName(): string {
    return this.options.consumerName;
  }

  get stats(): ServerStats {
    return { ...this.counters, inFlight: this.inFlight.size };
  }

  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    this.start().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  on<
    EventKey extends keyof StreamsEvents = keyof StreamsEvents,
    EventCallback extends StreamsEvents[EventKey] = StreamsEvents[EventKey],
  >(event: EventKey, callback: EventCallback): void {
    this.listeners.add(event, callback as ConnectionListener);
  }

  /**
   * Nest's own first tries `JSON.parse` on every message's pattern, which throws for the plain
   * dotted patterns of services/contracts: an exception built and caught per message (2.7 % of the
   * search service's CPU samples under the search bench). Such a pattern is its own route; one
   * written as JSON still goes Nest's way.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return /^[{["]/.test(pattern) ? super.getRouteFromPattern(pattern) : pattern;
  }

  /** `{ command, blocking }`: the two ioredis connections of this replica. */
  unwrap<T>(): T {
    return this.listeners.unwrap<T>('listen');
  }

  private get signal(): AbortSignal {
    return this.stopSignal.signal;
  }

  private get stopping(): boolean {
    return this.signal.aborted;
  }

  private async start(): Promise<void> {
    if (this.started) throw new Error('RedisStreamsServer is already listening');
    this.started = true;
    const { redisUrl, service, consumerName } = this.options;
    this.streams = [
      { key: this.keys.requestStream(service), kind: 'rpc' },
      ...[...this.messageHandlers.entries()]
        .filter(([, handler]) => handler.isEventHandler)
        .map(([pattern]): StreamSpec => ({ key: this.keys.eventStream(pattern), kind: 'event' })),
    ];
    this.command = createConnection(redisUrl, `${service}:${consumerName}`, this.logger, {
      role: 'command',
      onStatus: (status) => this._status$.next(status),
    });
    this.blocking = createConnection(redisUrl, `${service}:${consumerName}:read`, this.logger, {
      role: 'blocking',
    });
    this.listeners.attach({ command: this.command, blocking: this.blocking });

    const command = this.command;
    this.heartbeat = new Heartbeat(
      command,
      this.keys.replicas(service),
      consumerName,
      this.options.heartbeatIntervalMs,
      this.options.heartbeatTtlMs,
      this.logger,
    );
    this.reclaimer = new Reclaimer(
      {
        redis: command,
        group: this.group,
        consumer: consumerName,
        logger: this.logger,
        streams: () => this.streams.map((stream) => stream.key),
        liveReplicas: () => liveReplicas(command, this.keys.replicas(service)),
        freeSlots: () => this.freeSlots(),
        isInFlight: (stream, id) => this.inFlight.has(`${stream} ${id}`),
        dispatch: (stream, entry, deliveries) => this.dispatchTo(stream, entry, deliveries),
        onReclaimed: (count) => (this.counters.reclaimed += count),
      },
      this.options.reclaimIntervalMs,
      // Anything idle for less than a heartbeat TTL may belong to a replica that is alive.
      this.options.heartbeatTtlMs,
    );

    // Redis being down at startup is not fatal: wait for it like for any outage.
    const backoff = new Backoff();
    while (!this.stopping) {
      try {
        await whenReady(command, this.signal);
        if (this.stopping) break;
        await this.ensureGroups();
        // Registered before the first read so no other replica can take us for dead.
        await this.heartbeat.beat();
        break;
      } catch (error) {
        this.logger.warn(`Starting consumer ${consumerName} failed: ${errorMessage(error)}`);
        await sleep(backoff.next(), this.signal);
      }
    }
    if (this.stopping) return;
    this.heartbeat.start();
    this.reclaimer.start();
    // Every failure inside is handled; this only guards against a bug becoming a crash.
    this.readLoop = this.runReadLoop().catch((error: unknown) =>
      this.logger.error(`Read loop stopped: ${errorMessage(error)}`),
    );
    this.logger.log(
      `Consumer ${consumerName} of "${service}" reading ${this.streams.map((s) => s.key).join(', ')}`,
    );
  }

  private async ensureGroups(): Promise<void> {
    const command = this.requireCommand();
    for (const stream of this.streams) {
      try {
        // Requests start at 0 so nothing enqueued before the group existed (e.g. right after
        // a Redis restart) is missed; expired ones are dropped anyway. Events start at $ so a
        // newly deployed subscriber does not replay the stream's whole history.
        const from = stream.kind === 'rpc' ? '0' : '$';
        await command.xgroup('CREATE', stream.key, this.group, from, 'MKSTREAM');
      } catch (error) {
        if (!isBusyGroupError(error)) throw error;
      }
    }
  }

  private freeSlots(): number {
    return this.stopping ? 0 : this.options.concurrency - this.inFlight.size;
  }

  private waitForSlot(): Promise<void> {
    return new Promise((resolve) => {
      this.slotFreed = resolve;
      if (this.freeSlots() > 0 || this.stopping) resolve();
    });
  }

  private notifySlot(): void {
    const resolve = this.slotFreed;
    this.slotFreed = undefined;
    resolve?.();
  }

  /**
   * Reads only as many messages as there are free slots, so a busy replica leaves work to
   * idle ones. When slots are scarcer than streams, the streams take turns.
   */
  private pickStreams(free: number): { keys: string[]; count: number } {
    const total = this.streams.length;
    const chosen = Math.min(free, total);
    const offset = this.rotation++ % total;
    const keys: string[] = [];
    for (let i = 0; i < chosen; i++) keys.push(this.streams[(offset + i) % total].key);
    return { keys, count: Math.floor(free / chosen) };
  }

  private async runReadLoop(): Promise<void> {
    const blocking = this.blocking;
    if (!blocking) return;
    const backoff = new Backoff();
    while (!this.stopping) {
      const free = this.freeSlots();
      if (free <= 0) {
        await this.waitForSlot();
        continue;
      }
      const { keys, count } = this.pickStreams(free);
      let raw: unknown;
      try {
        raw = await blockingCall(
          blocking,
          BLOCK_MS,
          'XREADGROUP',
          'GROUP',
          this.group,
          this.options.consumerName,
          'COUNT',
          count,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          ...keys,
          ...keys.map(() => '>'),
        );
        backoff.reset();
      } catch (error) {
        if (this.stopping) break;
        await this.recoverFromReadError(blocking, error, backoff);
        continue;
      }
      for (const batch of parseStreams(raw)) {
        for (const entry of batch.entries) this.dispatchTo(batch.stream, entry, 1);
      }
    }
  }

  private async recoverFromReadError(blocking: Redis, error: unknown, backoff: Backoff) {
    if (blocking.status !== 'ready') {
      // The connection logs the outage itself; just wait for it to come back.
      await whenReady(blocking, this.signal);
      return;
    }
    if (isNoGroupError(error)) {
      // Redis lost its data (restart without persistence) or someone deleted the stream.
      try {
        await this.ensureGroups();
        this.logger.log(`Recreated consumer groups of "${this.options.service}"`);
        return;
      } catch (groupError) {
        error = groupError;
      }
    }
    this.logger.warn(`Reading failed: ${errorMessage(error)}`);
    await sleep(backoff.next(), this.signal);
  }

  private dispatchTo(stream: string, entry: StreamEntry, deliveries: number): void {
    const spec = this.streams.find((candidate) => candidate.key === stream);
    const key = `${stream} ${entry.id}`;
    if (!spec || this.inFlight.has(key)) return;
    const task = this.process(spec, entry, deliveries)
      .catch((error: unknown) =>
        this.logger.error(`Processing ${key} failed: ${errorMessage(error)}`),
      )
      .finally(() => {
        this.inFlight.delete(key);
        this.notifySlot();
      });
    this.inFlight.set(key, task);
  }

  private async process(spec: StreamSpec, entry: StreamEntry, deliveries: number): Promise<void> {
    if (entry.fields === null) {
      await this.ack(spec, entry.id);
      return;
    }
    if (spec.kind === 'rpc') await this.processRequest(spec, entry.id, entry.fields, deliveries);
    else await this.processEvent(spec, entry.id, entry.fields, deliveries);
  }

  private async processRequest(
    spec: StreamSpec,
    entryId: string,
    fields: string[],
    deliveries: number,
  ): Promise<void> {
    let request: VerifiedRequest;
    try {
      request = this.envelopes.openRequest(decodeRequest(fields));
      if (request.deadline > Date.now() + MAX_DEADLINE_MS) {
        throw new Refusal('deadline beyond the longest allowed');
      }
    } catch (error) {
      await this.refuse(spec, entryId, fields, error);
      return;
    }
    if (isExpired(request.deadline, Date.now())) {
      // Nobody is waiting any more; handling it would only waste work and repeat side effects.
      // A copy made after the deadline ends here too, whether or not its marker is gone.
      this.counters.expired++;
      this.notify('onExpired', () => this.options.onExpired?.(request.pattern));
      await this.ack(spec, entryId);
      return;
    }
    // Everything from the replay check to the reply is one span, a child of the caller's.
    const { service } = this.options;
    const handling = startHandleSpan(service, request.pattern, request.from, request.trace);
    try {
      await context.with(handling.context, () =>
        this.handleRequest(spec, entryId, fields, deliveries, request),
      );
    } finally {
      handling.span.end();
    }
  }

  /** A verified request within its deadline: admitted once, handled, answered. */
  private async handleRequest(
    spec: StreamSpec,
    entryId: string,
    fields: string[],
    deliveries: number,
    request: VerifiedRequest,
  ): Promise<void> {
    // A read is checked for replay with its reply (one round trip fewer): a copy that runs
    // changes nothing, and is not answered (decision 0051).
    const onlyReads = this.options.trust.policy.onlyReads(request.pattern, request.data);
    if (!onlyReads && !(await this.admitOnce(spec, entryId, fields, request))) return;
    const handler = this.getHandlerByPattern(request.pattern);
    if (!handler || handler.isEventHandler) {
      this.logger.error(`No message handler for "${request.pattern}"`);
      await this.finishRequest(spec, entryId, request, false, INTERNAL_JSON);
      return;
    }
    if (deliveries > MAX_DELIVERIES) {
      this.logger.error(
        `Giving up on "${request.pattern}" ${entryId} after ${deliveries - 1} deliveries`,
      );
      await this.finishRequest(spec, entryId, request, false, INTERNAL_JSON);
      return;
    }

    const started = process.hrtime.bigint();
    const context = new StreamsContext([
      spec.key,
      entryId,
      request.pattern,
      request.deadline,
      request.from,
    ]);
    let ok = true;
    let json: string | undefined;
    try {
      // Serialised here, once, so a value JSON cannot carry (cycles, BigInt) is a handler error.
      json = stringifyData(await this.invoke(handler, request.data, context));
    } catch (error) {
      const { payload, expected } = toRemoteError(error);
      if (!expected) {
        this.logger.error(
          `Handler for "${request.pattern}" failed: ${errorMessage(error)}`,
          error instanceof Error ? error.stack : undefined,
        );
      }
      ok = false;
      json = stringifyData(payload);
      const span = trace.getActiveSpan();
      if (span) markFailed(span, payload.code);
    }
    this.observe(request.pattern, ok ? 'ok' : 'error', started);
    const marker = onlyReads ? this.replays.markerOf(request) : undefined;
    await this.finishRequest(spec, entryId, request, ok, json, marker);
  }

  /**
   * Whether this entry may run (ReplayGuard, one round trip): still this consumer's, not a
   * copy (same sender and id, another entry) of a request some replica took before its
   * deadline, and, if some replica already started this very entry and did not finish it, a
   * request that may repeat — a write without an idempotency key is answered "outcome unknown"
   * instead, so a crash or a partition never applies it twice (decision 0051).
   * While Redis does not answer, the check is retried until the deadline, then the entry is
   * left pending like an unsent reply (the reclaimer finds it expired). No handler runs
   * unchecked: the caller gets no answer through a Redis that is down anyway.
   */
  private async admitOnce(
    spec: StreamSpec,
    entryId: string,
    fields: string[],
    request: VerifiedRequest,
  ): Promise<boolean> {
    // Assigned in the closure; the cast keeps the compiler from narrowing it to the initial value.
    let admission = 'gone' as Admission;
    const checked = await this.retry(
      async () => {
        admission = await this.replays.admit(
          this.requireCommand(),
          spec.key,
          this.group,
          this.options.consumerName,
          request,
          entryId,
        );
      },
      () => !isExpired(request.deadline, Date.now()),
    );
    if (!checked) {
      this.logger.warn(
        `Could not check "${request.pattern}" ${entryId} for replay; left pending, not handled`,
      );
      return false;
    }
    switch (admission) {
      case 'first':
        return true;
      case 'again':
        if (this.options.trust.policy.mayRepeat(request.pattern, request.data)) return true;
        this.counters.inDoubt++;
        this.logger.warn(
          `"${request.pattern}" ${entryId} was started by a replica that did not finish it; answered as unknown, not run again`,
        );
        await this.finishRequest(spec, entryId, request, false, IN_DOUBT_JSON);
        return false;
      case 'gone':
        // Another replica claimed it while this one could not reach Redis; that one answers.
        this.counters.takenOver++;
        this.logger.warn(`"${request.pattern}" ${entryId} was taken over by another replica`);
        return false;
      case 'replay':
        this.countReplay(request);
        await this.refuse(spec, entryId, fields, new Refusal(`replay of request ${request.id}`));
        return false;
    }
  }

  /** A copy of a request some replica took before: counted, and told to the observer. */
  private countReplay(request: Pick<VerifiedRequest, 'from' | 'pattern'>): void {
    this.counters.replays++;
    this.notify('onReplay', () => this.options.onReplay?.(request.from, request.pattern));
  }

  /** Runs an observer given in the options; a failing one is logged, never fatal. */
  private notify(name: string, observe: () => void): void {
    try {
      observe();
    } catch (error) {
      this.logger.warn(`${name} observer failed: ${errorMessage(error)}`);
    }
  }

  /**
   * A request that is not handled. An authentic sender not allowed the pattern gets a
   * `forbidden` reply on its own reply stream; anything else is dropped: whoever wrote it can
   * read no reply meant for someone else. Logged either way, without the data.
   */
  private async refuse(
    spec: StreamSpec,
    entryId: string,
    fields: string[],
    error: unknown,
  ): Promise<void> {
    const reason = errorMessage(error);
    if (error instanceof Refusal && error.forbidden) {
      const request = decodeRequest(fields);
      this.logger.warn(`Refused request ${entryId} on ${spec.key}: ${reason}`);
      const forbidden = { code: 'forbidden', message: reason };
      await this.finishRequest(spec, entryId, request, false, stringifyData(forbidden));
      return;
    }
    this.logger.warn(`Dropped request ${entryId} on ${spec.key}: ${reason}`);
    await this.ack(spec, entryId);
  }

  private async processEvent(
    spec: StreamSpec,
    entryId: string,
    fields: string[],
    deliveries: number,
  ): Promise<void> {
    let pattern: string;
    let data: unknown;
    let carrier;
    try {
      const wire = decodeEvent(fields);
      pattern = wire.pattern;
      data = this.envelopes.openEvent(wire);
      carrier = carrierOf(wire);
    } catch (error) {
      this.logger.warn(`Dropped event ${entryId} on ${spec.key}: ${errorMessage(error)}`);
      await this.ack(spec, entryId);
      return;
    }
    const handling = startEventSpan(pattern, carrier);
    try {
      await context.with(handling.context, () =>
        this.runEventHandler(spec, entryId, deliveries, pattern, data),
      );
    } finally {
      handling.span.end();
    }
  }

  /** A verified event: handled (unless it keeps failing its handler), then acked. */
  private async runEventHandler(
    spec: StreamSpec,
    entryId: string,
    deliveries: number,
    pattern: string,
    data: unknown,
  ): Promise<void> {
    const handler = this.getHandlerByPattern(pattern);
    if (!handler) {
      this.logger.error(`No event handler for "${pattern}"`);
    } else if (deliveries > MAX_DELIVERIES) {
      this.logger.error(
        `Giving up on event "${pattern}" ${entryId} after ${deliveries - 1} deliveries`,
      );
    } else {
      const started = process.hrtime.bigint();
      let outcome: 'ok' | 'error' = 'ok';
      try {
        await this.invoke(handler, data, new StreamsContext([spec.key, entryId, pattern]));
      } catch (error) {
        // Events are fire-and-forget; work that must be retried belongs in a BullMQ job.
        outcome = 'error';
        const span = trace.getActiveSpan();
        if (span) markFailed(span, 'internal');
        this.logger.error(
          `Event handler for "${pattern}" failed: ${errorMessage(error)}`,
          error instanceof Error ? error.stack : undefined,
        );
      }
      this.observe(pattern, outcome, started);
    }
    await this.ack(spec, entryId);
  }

  private invoke(
    handler: MessageHandler,
    data: unknown,
    context: StreamsContext,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.onProcessingStartHook(this.transportId, context, async () => {
        try {
          const result: unknown = await handler(data, context);
          // Handlers may answer with a value, a Promise or an Observable; the reply is its last value.
          resolve(
            await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined }),
          );
        } catch (error) {
          reject(error);
        } finally {
          this.onProcessingEndHook?.(this.transportId, context);
        }
      });
    });
  }

  private observe(pattern: string, outcome: 'ok' | 'error', started: bigint): void {
    this.counters.handled++;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    this.notify('onHandled', () => this.options.onHandled?.(pattern, outcome, seconds));
  }

  /**
   * Replies (`json`: the answer already serialised) on the sender's own reply stream, derived
   * from its authenticated identity, never taken from the message, and acks, in one round trip
   * (REPLY_AND_ACK). With the `marker` of a request that only reads, the same step checks it for
   * replay: a copy is dropped unanswered.
   */
  private async finishRequest(
    spec: StreamSpec,
    entryId: string,
    request: Omit<VerifiedRequest, 'data'>,
    ok: boolean,
    json: string | undefined,
    marker?: { key: string; ttlMs: number },
  ): Promise<void> {
    const fields = encodeReply(this.envelopes.reply(request, ok, json));
    const replyStream = this.keys.replyStream(request.from, request.client);
    // Assigned in the closure; the cast keeps the compiler from narrowing it to the initial value.
    let outcome = 'answered' as ReplyOutcome;
    const sent = await this.retry(
      async () => {
        const answer = await REPLY_AND_ACK.run(
          this.requireCommand(),
          marker ? [spec.key, marker.key] : [spec.key],
          [
            this.group,
            entryId,
            this.options.consumerName,
            replyStream,
            REPLY_STREAM_TTL_MS,
            marker?.ttlMs ?? 0,
            ...fields,
          ],
        );
        outcome = parseReplyOutcome(answer);
      },
      () => !isExpired(request.deadline, Date.now()),
    );
    if (sent && outcome === 'taken-over') {
      // Claimed by another replica while this one was cut off: that one answers; this result
      // (and any effect the handler had) is the partition's cost (decision 0051).
      this.counters.takenOver++;
      this.logger.warn(`Reply to "${request.pattern}" ${entryId} dropped: taken over meanwhile`);
    }
    if (sent && outcome === 'replay') {
      this.countReplay(request);
      this.logger.warn(
        `Dropped request ${entryId} on ${spec.key}: replay of request ${request.id}`,
      );
    }
    if (sent) return;
    // Either way the entry stays pending: the reclaimer of this or another replica acks it
    // (or, if its deadline still allows, handles it again) once Redis is reachable.
    this.logger.warn(
      this.abandoned
        ? `Reply to "${request.pattern}" ${entryId} dropped: shutdown grace period is over`
        : `Could not reply to "${request.pattern}" ${entryId} before its deadline`,
    );
  }

  private async ack(spec: StreamSpec, entryId: string): Promise<void> {
    const giveUpAt = Date.now() + ACK_RETRY_MS;
    await this.retry(
      async () => {
        const command = this.requireCommand();
        if (spec.kind === 'event') {
          // Other services' groups still need the entry; the stream's MAXLEN trims it.
          await command.xack(spec.key, this.group, entryId);
          return;
        }
        await ACK_AND_DELETE.run(command, [spec.key], [this.group, entryId]);
      },
      () => Date.now() < giveUpAt,
    );
  }

  /** Retries `operation` through Redis outages while `worthIt()` and until shutdown gives up. */
  private async retry(operation: () => Promise<void>, worthIt: () => boolean): Promise<boolean> {
    const backoff = new Backoff(50, 1000);
    for (;;) {
      try {
        await operation();
        return true;
      } catch {
        if (this.abandoned || !worthIt()) return false;
        await sleep(backoff.next());
      }
    }
  }

  private requireCommand(): Redis {
    if (!this.command) throw new Error('RedisStreamsServer is not listening');
    return this.command;
  }

  private async shutdown(): Promise<void> {
    this.stopSignal.abort();
    this.notifySlot();
    if (!this.started) return;
    const { command, blocking } = this;
    // Dropping the connection interrupts a blocking XREADGROUP at once.
    blocking?.disconnect();
    await this.readLoop;
    await this.reclaimer?.stop();
    await this.handleCutOffDeliveries();

    const grace = new AbortController();
    const drained = Promise.allSettled([...this.inFlight.values()]);
    const waited = await Promise.race([
      drained.then(() => true),
      sleep(this.options.shutdownGraceMs, grace.signal).then(() => false),
    ]);
    grace.abort();
    if (!waited) {
      this.abandoned = true;
      this.logger.warn(
        `Shutdown grace over with ${this.inFlight.size} handler(s) running; their messages will be reclaimed`,
      );
    }

    if (command?.status === 'ready') {
      try {
        await this.heartbeat?.leave();
        for (const stream of this.streams) {
          await DELETE_IDLE_CONSUMER.run(
            command,
            [stream.key],
            [this.group, this.options.consumerName],
          );
        }
      } catch (error) {
        this.logger.warn(`Leaving the consumer group failed: ${errorMessage(error)}`);
      }
    }
    this.heartbeat?.stop();
    if (command) await closeConnection(command);
    this._status$.next('disconnected');
  }

  /**
   * A read cut off by close() may already have been delivered by Redis (so the entries are
   * pending on this consumer) without reaching us. Handle them now rather than leave them to
   * a reclaim after our heartbeat expires.
   */
  private async handleCutOffDeliveries(): Promise<void> {
    const command = this.command;
    if (command?.status !== 'ready') return;
    try {
      const keys = this.streams.map((stream) => stream.key);
      // Own pending entries are at most the in-flight ones plus one cut-off read.
      const raw = await command.call(
        'XREADGROUP',
        'GROUP',
        this.group,
        this.options.consumerName,
        'COUNT',
        this.options.concurrency * 2,
        'STREAMS',
        ...keys,
        ...keys.map(() => '0'),
      );
      for (const batch of parseStreams(raw)) {
        for (const entry of batch.entries) {
          // Whatever does not fit stays pending and is reclaimed by another replica.
          if (this.inFlight.size >= this.options.concurrency) return;
          if (!this.inFlight.has(`${batch.stream} ${entry.id}`)) {
            this.dispatchTo(batch.stream, entry, 2);
          }
        }
      }
    } catch (error) {
      this.logger.warn(`Checking for cut-off deliveries failed: ${errorMessage(error)}`);
    }
  }
}
