import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { MAIL_JOB_OPTIONS, Queues, type MailJobData } from '@upright/contracts';
import { bullmqOptions, SERVICE_CONFIG } from '@upright/platform';
import { Queue } from 'bullmq';
import type { RankingsConfig } from '../config';

type CorrectionMailKind = 'correction-received' | 'correction-resolved';

/**
 * Rankings' side of the `mail` queue: the receipt and the decision of a correction request. Job
 * ids are per request (`mailJobId.correction…`), so a retried add never mails twice.
 */
@Injectable()
export class CorrectionMail implements OnApplicationShutdown {
  private readonly queue: Queue;

  constructor(@Inject(SERVICE_CONFIG) config: RankingsConfig) {
    this.queue = new Queue(Queues.mail, bullmqOptions(config));
  }

  async send<K extends CorrectionMailKind>(
    kind: K,
    data: MailJobData[K],
    jobId: string,
  ): Promise<void> {
    await this.queue.add(kind, data, { jobId, ...MAIL_JOB_OPTIONS });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
