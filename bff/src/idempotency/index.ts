export { acceptsIdempotencyKey, idempotencyKeyParameter } from './idempotency-key';
export {
  answeredWithoutEffect,
  IdempotencyDigest,
  IdempotencyInterceptor,
} from './idempotency.interceptor';
export { IdempotencyModule } from './idempotency.module';
