import { Module } from '@nestjs/common';
import { IdempotencyRecords } from './idempotency-records';

/** The kept outcomes of keyed writes, for the idempotency interceptor (decision 0071). */
@Module({ providers: [IdempotencyRecords], exports: [IdempotencyRecords] })
export class IdempotencyModule {}
