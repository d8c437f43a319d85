/**
 * Redis key layout of the transport. Everything lives under one prefix so that several
 * deployments (or test runs) can share a Redis without seeing each other.
 */
export const DEFAULT_KEY_PREFIX = 'upright';

export interface KeySpace {
  readonly prefix: string;
  /** Request stream of a service; its consumer group is named after the service. */
  requestStream(service: string): string;
  /**
   * Reply stream of one client instance of `identity`, read only by that client. Servers derive
   * it from the authenticated sender, so a Redis ACL can give each process its own replies only.
   */
  replyStream(identity: string, clientId: string): string;
  /** One stream per event name; every subscribing service has its own group on it. */
  eventStream(eventName: string): string;
  /** Sorted set: replica (consumer name) → heartbeat expiry in Redis-clock epoch ms. */
  replicas(service: string): string;
  /**
   * Marker of a request `service` has taken (value: the stream entry that carried it), kept
   * until its deadline; in the service's own namespace, which only its replicas may touch.
   */
  seenRequest(service: string, from: string, requestId: string): string;
}

export function keySpace(prefix: string = DEFAULT_KEY_PREFIX): KeySpace {
  if (prefix.length === 0 || /\s/.test(prefix)) {
    throw new Error(`Invalid key prefix "${prefix}"`);
  }
  return {
    prefix,
    requestStream: (service) => `${prefix}:rpc:${service}`,
    replyStream: (identity, clientId) => `${prefix}:reply:${identity}:${clientId}`,
    eventStream: (eventName) => `${prefix}:evt:${eventName}`,
    replicas: (service) => `${prefix}:replicas:${service}`,
    seenRequest: (service, from, requestId) => `${prefix}:${service}:seen:${from}:${requestId}`,
  };
}

/** The consumer group a service uses on every stream it reads. */
export function groupOf(service: string): string {
  return service;
}
