import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { mailQueueJobs, type MailJobData, type MailKindOf } from '@upright/contracts';
import { QueueProducer, SERVICE_CONFIG } from '@upright/platform';
import type { RankingsConfig } from '../config';

/**
 * Rankings' mail queue (`mail-rankings`, decision 0041): the receipt and the decision of a
 * correction request, the only kinds rankings may send. Job ids are per request
 * (`mailJobId.correction…`), so a retried add never mails twice.
 */
@Injectable()
export class CorrectionMail implements OnApplicationShutdown {
  private readonly producer: QueueProducer<typeof mailQueueJobs.rankings>;

  constructor(@Inject(SERVICE_CONFIG) config: RankingsConfig) {
    this.producer = new QueueProducer(mailQueueJobs.rankings, config);
  }

  async send<K extends MailKindOf<'rankings'>>(
    kind: K,
    data: MailJobData[K],
    jobId: string,
  ): Promise<void> {
    await this.producer.add(kind, data, { jobId });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.producer.close();
  }
}
