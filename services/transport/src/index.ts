export { RedisStreamsClient } from './client';
export { RedisStreamsServer, REDIS_STREAMS, type ServerStats } from './server';
export { StreamsContext } from './context';
export {
  ServiceUnavailableError,
  DeadlineExceededError,
  ClientClosedError,
  toRemoteError,
} from './errors';
export { withDeadline, type WithDeadline, DEFAULT_DEADLINE_MS, MAX_DEADLINE_MS } from './deadline';
export type {
  StreamsConnectionOptions,
  StreamsServerOptions,
  StreamsClientOptions,
  HandlerObserver,
  ReplayObserver,
  ExpiredObserver,
} from './options';
export type { StreamsEvents, ConnectionStatus } from './connection';
export { keySpace, DEFAULT_KEY_PREFIX, type KeySpace } from './keys';
export {
  derivePairSecret,
  parsePairSecrets,
  PeerKeys,
  TrustError,
  MIN_PAIR_SECRET_BYTES,
  type TransportPolicy,
  type TrustOptions,
} from './trust';
