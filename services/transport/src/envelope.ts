import {
  parseData,
  stringifyData,
  type WireEvent,
  type WireReply,
  type WireRequest,
  type WireTrace,
} from './codec';
import type { TraceCarrier } from './trace-context';
import { PeerKeys, type TransportPolicy, type TrustOptions, TrustError } from './trust';

/** What a server learns of a request it accepted: the payload is opened and parsed. */
export interface VerifiedRequest {
  id: string;
  pattern: string;
  from: string;
  client: string;
  deadline: number;
  data: unknown;
  /** The caller's trace context, when it was traced (decision 0075). */
  trace?: TraceCarrier;
}

export interface VerifiedReply {
  id: string;
  ok: boolean;
  body: unknown;
}

/**
 * Why a request is not handled. `forbidden`: its sender is authentic but not allowed the
 * pattern, and is told so. Anything else is dropped: nobody authentic is waiting for it.
 */
export class Refusal extends Error {
  constructor(
    message: string,
    readonly forbidden = false,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/**
 * Signs, seals, checks and opens messages for one process (decision 0016). The MAC of
 * each kind of message starts with the kind and names sender and receiver, so a message cannot
 * be replayed as another kind, to another receiver or back to its sender.
 */
export class Envelopes {
  private readonly keys: PeerKeys;
  private readonly policy: TransportPolicy;

  constructor(trust: TrustOptions) {
    this.keys = new PeerKeys(trust.identity, trust.keys);
    this.policy = trust.policy;
  }

  get identity(): string {
    return this.keys.identity;
  }

  canReach(peer: string): boolean {
    return this.keys.has(peer);
  }

  /** Throws (TrustError, or JSON's own error) when the request cannot be sent. */
  request(to: string, message: Omit<VerifiedRequest, 'from'>): WireRequest {
    const from = this.identity;
    const { id, pattern, client, deadline } = message;
    const data = this.sealIf(pattern, to, stringifyData(message.data), `req|${from}|${id}`);
    const signed = { id, pattern, client, deadline, data, ...message.trace };
    const mac = this.keys.sign(to, requestParts(from, to, signed));
    return { ...signed, from, mac };
  }

  /** The request if it is authentic, allowed, and its data opens; a Refusal otherwise. */
  openRequest(wire: WireRequest): VerifiedRequest {
    const to = this.identity;
    if (!this.keys.verify(wire.from, requestParts(wire.from, to, wire), wire.mac)) {
      throw new Refusal(`bad signature (claims to be from "${wire.from}")`);
    }
    if (!this.policy.callersOf(wire.pattern)?.includes(wire.from)) {
      throw new Refusal(`"${wire.from}" may not call "${wire.pattern}"`, true);
    }
    const json = this.openIf(wire.pattern, wire.from, wire.data, `req|${wire.from}|${wire.id}`);
    const { id, pattern, from, client, deadline } = wire;
    const trace = carrierOf(wire);
    const request = { id, pattern, from, client, deadline, data: parseData(json) };
    return trace ? { ...request, trace } : request;
  }

  /** `json`: the handler's value already serialised (done once, by the caller). */
  reply(
    request: Pick<VerifiedRequest, 'from' | 'client' | 'id' | 'pattern'>,
    ok: boolean,
    json: string | undefined,
  ): WireReply {
    const from = this.identity;
    const data = this.sealIf(request.pattern, request.from, json, `rep|${from}|${request.id}`);
    const mac = this.keys.sign(
      request.from,
      replyParts(from, request.from, request.client, {
        id: request.id,
        ok,
        data,
      }),
    );
    return { id: request.id, from, ok, data, mac };
  }

  /** Checks that the reply comes from the service the request went to (`expectedFrom`). */
  openReply(wire: WireReply, expectedFrom: string, client: string, pattern: string) {
    const parts = replyParts(wire.from, this.identity, client, wire);
    if (wire.from !== expectedFrom || !this.keys.verify(wire.from, parts, wire.mac)) {
      throw new TrustError(`reply ${wire.id} is not from "${expectedFrom}"`);
    }
    const json = this.openIf(pattern, wire.from, wire.data, `rep|${wire.from}|${wire.id}`);
    return { id: wire.id, ok: wire.ok, body: parseData(json) } satisfies VerifiedReply;
  }

  event(pattern: string, data: unknown, trace?: TraceCarrier): WireEvent {
    const from = this.identity;
    const json = stringifyData(data);
    const macs: Record<string, string> = {};
    for (const to of this.policy.subscribersOf(pattern)) {
      macs[to] = this.keys.sign(to, eventParts(from, to, pattern, json, trace ?? {}));
    }
    return { pattern, from, data: json, ...trace, macs };
  }

  /** The event's data; its trace context, once this returned, is `carrierOf(wire)`. */
  openEvent(wire: WireEvent): unknown {
    const to = this.identity;
    const mac = wire.macs[to];
    if (
      mac === undefined ||
      !this.keys.verify(wire.from, eventParts(wire.from, to, wire.pattern, wire.data, wire), mac)
    ) {
      throw new Refusal(`bad signature (claims to be from "${wire.from}")`);
    }
    if (this.policy.emitterOf(wire.pattern) !== wire.from) {
      throw new Refusal(`"${wire.from}" may not emit "${wire.pattern}"`);
    }
    return parseData(wire.data);
  }

  private sealIf(pattern: string, peer: string, json: string | undefined, aad: string) {
    if (json === undefined || !this.policy.isSealed(pattern)) return json;
    return this.keys.seal(peer, json, `${aad}|${pattern}`);
  }

  private openIf(pattern: string, peer: string, data: string | undefined, aad: string) {
    if (data === undefined || !this.policy.isSealed(pattern)) return data;
    try {
      return this.keys.open(peer, data, `${aad}|${pattern}`);
    } catch (error) {
      throw new Refusal(`sealed data of "${pattern}" does not open: ${(error as Error).message}`);
    }
  }
}

type Signed<T> = Omit<T, 'mac' | 'from'>;

/** A verified message's trace context, if it carries one. */
export function carrierOf(wire: WireTrace): TraceCarrier | undefined {
  const { traceparent, tracestate } = wire;
  if (traceparent === undefined) return undefined;
  return tracestate === undefined ? { traceparent } : { traceparent, tracestate };
}

/**
 * Signed only when present, so a message from a process that sends none (an older release during
 * a rolling update) still verifies, and one whose trace fields were stripped or added does not.
 */
function traceParts(wire: WireTrace): string[] {
  if (wire.traceparent === undefined) return [];
  return ['trace', wire.traceparent, wire.tracestate ?? ''];
}

function requestParts(from: string, to: string, r: Signed<WireRequest>): string[] {
  return [
    'req',
    from,
    to,
    r.id,
    r.client,
    r.pattern,
    String(r.deadline),
    r.data ?? '',
    ...traceParts(r),
  ];
}

function replyParts(from: string, to: string, client: string, r: Signed<WireReply>): string[] {
  return ['rep', from, to, client, r.id, r.ok ? 'ok' : 'error', r.data ?? ''];
}

function eventParts(
  from: string,
  to: string,
  pattern: string,
  data: string | undefined,
  trace: WireTrace,
) {
  return ['evt', from, to, pattern, data ?? '', ...traceParts(trace)];
}
