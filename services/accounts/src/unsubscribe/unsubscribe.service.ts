import { Inject, Injectable } from '@nestjs/common';
import { ERROR_TEXTS } from '@upright/contracts';
import { remoteError, SERVICE_CONFIG } from '@upright/platform';
import { unsubscribeSecret, type AccountsConfig } from '../config';
import { MembersRepository } from '../members/members.repository';
import { validUnsubscribeKey } from './signed-keys';

/** The link in every mail (`WebPaths.unsubscribe`): no sign-in, the signed key is the proof. */
@Injectable()
export class UnsubscribeService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly members: MembersRepository,
  ) {}

  async unsubscribe(uid: string, key: string): Promise<{ unsubscribed: true }> {
    if (!validUnsubscribeKey(unsubscribeSecret(this.config), uid, key)) {
      throw remoteError('validation_failed', ERROR_TEXTS.unsubscribeInvalid, 'key');
    }
    // A deleted member has nothing left to unsubscribe from: the same answer. The link stops
    // the newsletter and the rank alerts of followed companies alike (decision 0037).
    await this.members.unsubscribe(uid);
    return { unsubscribed: true };
  }
}
