import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queues } from '@upright/contracts';
import { bullmqOptions, SERVICE_CONFIG } from '@upright/platform';
import { Queue } from 'bullmq';
import type { MailConfig } from '../config';

/** Read access to the `mail` queue for the dead-letter view (the worker has its own connection). */
@Injectable()
export class MailQueue implements OnApplicationShutdown {
  readonly queue: Queue;

  constructor(@Inject(SERVICE_CONFIG) config: MailConfig) {
    this.queue = new Queue(Queues.mail, bullmqOptions(config));
    // BullMQ reconnects by itself; readiness reports an unreachable Redis.
    this.queue.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
  }
}
