import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import {
  MAIL_JOB_OPTIONS,
  Queues,
  type MailJobData,
  type MailKind,
  type MailRecipient,
} from '@upright/contracts';
import { bullmqOptions, SERVICE_CONFIG } from '@upright/platform';
import { Queue } from 'bullmq';
import { unsubscribeSecret, type AccountsConfig } from '../config/accounts-config';
import type { User } from '../generated/prisma/client';
import { unsubscribeKey } from '../unsubscribe/signed-keys';

/**
 * Accounts' side of the `mail` queue: adds jobs the mail service sends. Every job has an
 * idempotent id (`mailJobId`), so a retried request never mails twice.
 */
@Injectable()
export class MailOutbox implements OnApplicationShutdown {
  private readonly queue: Queue;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AccountsConfig) {
    this.queue = new Queue(Queues.mail, bullmqOptions(config));
  }

  async send<K extends MailKind>(kind: K, data: MailJobData[K], jobId: string): Promise<void> {
    await this.queue.add(kind, data, { jobId, ...MAIL_JOB_OPTIONS });
  }

  recipient(user: User): MailRecipient {
    return {
      uid: user.uid,
      email: user.email,
      firstName: user.firstName,
      unsubscribeKey: unsubscribeKey(unsubscribeSecret(this.config), user.uid),
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
