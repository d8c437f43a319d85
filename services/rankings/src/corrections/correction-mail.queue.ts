import { Injectable } from '@nestjs/common';
import { mailQueueJobs, type MailJobData, type MailKindOf } from '@upright/contracts';
import { InjectQueueProducer, type QueueProducer } from '@upright/platform';

/**
 * Rankings' mail queue (`mail-rankings`, decision 0041): the receipt and the decision of a
 * correction request, the only kinds rankings may send. Job ids are per request
 * (`mailJobId.correction…`), so a retried add never mails twice.
 */
@Injectable()
export class CorrectionMail {
  constructor(
    @InjectQueueProducer(mailQueueJobs.rankings)
    private readonly producer: QueueProducer<typeof mailQueueJobs.rankings>,
  ) {}

  async send<K extends MailKindOf<'rankings'>>(
    kind: K,
    data: MailJobData[K],
    jobId: string,
  ): Promise<void> {
    await this.producer.add(kind, data, { jobId });
  }
}
