import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ERROR_TEXTS, Patterns, unsubscribeBodySchema, type ResponseOf } from '@upright/contracts';
import { DATABASE, parseMessage, remoteError, SERVICE_CONFIG } from '@upright/platform';
import { unsubscribeSecret, type AccountsConfig } from '../config/accounts-config';
import type { PrismaClient } from '../generated/prisma/client';
import { validUnsubscribeKey } from './signed-keys';

/** The link in every mail (`WebPaths.unsubscribe`): no sign-in, the signed key is the proof. */
@Controller()
export class UnsubscribeController {
  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
  ) {}

  @MessagePattern(Patterns.accounts.unsubscribe)
  async unsubscribe(
    @Payload() data: unknown,
  ): Promise<ResponseOf<typeof Patterns.accounts.unsubscribe>> {
    const { uid, key } = parseMessage(unsubscribeBodySchema, data);
    if (!validUnsubscribeKey(unsubscribeSecret(this.config), uid, key)) {
      throw remoteError('validation_failed', ERROR_TEXTS.unsubscribeInvalid, 'key');
    }
    // A deleted member has nothing left to unsubscribe from: the same answer. The link stops
    // the newsletter and the rank alerts of followed companies alike (decision 0037).
    await this.db.user.updateMany({
      where: { uid },
      data: { subscriber: false, followAlerts: false },
    });
    return { unsubscribed: true };
  }
}
