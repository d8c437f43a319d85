import { Controller, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ERROR_TEXTS,
  idempotencyKeyShape,
  MailKinds,
  mailJobId,
  messageBodySchema,
  Patterns,
  type ResponseOf,
} from '@upright/contracts';
import { parseMessage, remoteError } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { MailOutbox } from '../mail/mail.queue';

/** The BFF checked the captcha and took `uid` from the session (null for a visitor). */
const contactMessage = messageBodySchema
  .omit({ altcha: true })
  .extend({ uid: z.uuid().nullable(), ...idempotencyKeyShape });

/**
 * Contact form and correction requests (docs/product/spec.md#s7 `POST /api/message`) become a
 * `contact` mail.
 */
@Controller()
export class ContactController {
  private readonly logger = new Logger(ContactController.name);

  constructor(private readonly mail: MailOutbox) {}

  @MessagePattern(Patterns.accounts.message)
  async message(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.message>> {
    const message = parseMessage(contactMessage, data);
    // A retried message (same Idempotency-Key) is queued under the same id, so it is mailed once.
    const messageId = message.idempotencyKey ?? randomUUID();
    try {
      await this.mail.send(
        MailKinds.contact,
        {
          fromName: message.name,
          fromEmail: message.email,
          message: message.message,
          uid: message.uid,
          reportTitle: message.report_title,
        },
        mailJobId.contact(messageId),
      );
    } catch (error) {
      this.logger.error(`contact message not queued: ${String(error)}`);
      throw remoteError('service_unavailable', ERROR_TEXTS.contactFailed);
    }
    return { sent: true };
  }
}
