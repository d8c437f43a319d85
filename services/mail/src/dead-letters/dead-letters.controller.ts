import { Controller, Get, Inject } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { listDeadLetters } from './dead-letters';
import { MAIL_QUEUES } from './mail.queue';

/**
 * GET /dead-letters on the mail process's own port (internal, like /metrics; the BFF does not
 * route to it). Read-only: retrying is `make mail-retry`.
 */
@Controller('dead-letters')
export class DeadLettersController {
  constructor(@Inject(MAIL_QUEUES) private readonly queues: Queue[]) {}

  @Get()
  list() {
    return listDeadLetters(this.queues);
  }
}
