import { Inject, Injectable } from '@nestjs/common';
import { RedisConnection, SERVICE_CONFIG } from '@upright/platform';
import type { MailConfig } from '../config';

/** The record lives as long as a completed job is kept, so no later redelivery outlives it. */
const RECORD_TTL_SECONDS = 30 * 24 * 3600;

export function sendRecordKey(prefix: string, jobId: string): string {
  return `${prefix}:mail:sent:${jobId}`;
}

/**
 * Which jobs' mails SMTP has accepted, written the moment the server's acceptance arrives and
 * before the job completes (decision 0051). A job redelivered after its worker died
 * between the two (or whose lock expired while its worker was still busy) finds the record and
 * completes without sending again. What remains is the SMTP call itself: a server that accepted a
 * mail whose acceptance never reached the worker gets it again, with the same Message-ID.
 */
@Injectable()
export class SendRecord {
  constructor(
    @Inject(RedisConnection) private readonly connection: RedisConnection,
    @Inject(SERVICE_CONFIG) private readonly config: MailConfig,
  ) {}

  /** The Message-ID SMTP accepted for this job, or null when no send was recorded. */
  async sentMessageId(jobId: string): Promise<string | null> {
    return this.connection.redis.get(sendRecordKey(this.config.TRANSPORT_PREFIX, jobId));
  }

  async recordSent(jobId: string, messageId: string): Promise<void> {
    await this.connection.redis.set(
      sendRecordKey(this.config.TRANSPORT_PREFIX, jobId),
      messageId,
      'EX',
      RECORD_TTL_SECONDS,
    );
  }
}
