import { Controller, Get, Inject } from '@nestjs/common';
import { listDeadLetters } from './dead-letters';
import { MailQueues } from './mail.queue';

/**
 * GET /dead-letters on the mail process's own port (internal, like /metrics; the BFF does not
 * route to it). Read-only: retrying is `make mail-retry`.
 */
@Controller('dead-letters')
export class DeadLettersController {
  constructor(@Inject(MailQueues) private readonly mail: MailQueues) {}

  @Get()
  list() {
    return listDeadLetters(this.mail.queues);
  }
}
