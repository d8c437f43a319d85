export { acceptsIdempotencyKey, idempotencyKeyParameter } from './idempotency-key';
export { IdempotencyDigest, IdempotencyInterceptor } from './idempotency.interceptor';
export { IdempotencyRecords } from './idempotency-records';
