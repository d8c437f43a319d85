export { acceptsIdempotencyKey, idempotencyKeyParameter } from './idempotency-key';
export {
  answeredWithoutEffect,
  IdempotencyDigest,
  IdempotencyInterceptor,
} from './idempotency.interceptor';
export { IdempotencyRecords } from './idempotency-records';
