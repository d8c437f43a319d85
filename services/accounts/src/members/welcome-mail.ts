import { Injectable } from '@nestjs/common';
import { MailKinds, mailJobId } from '@upright/contracts';
import { MailOutbox } from '../mail/mail.queue';
import { MembersRepository } from './members.repository';

/**
 * The welcome mail goes out once per member (docs/product/spec.md#s4: unless `welcome_sent`). The
 * job is added before the flag is set, with the idempotent id `mailJobId.welcome(uid)`: a crash
 * between the two, a retried request or two saves at once all end with one job, never none.
 */
@Injectable()
export class WelcomeMail {
  constructor(
    private readonly members: MembersRepository,
    private readonly mail: MailOutbox,
  ) {}

  /** Returns whether this call queued it (false when it had been sent). */
  async sendOnce(uid: string): Promise<boolean> {
    const user = await this.members.get(uid);
    if (user.welcomeSent) return false;
    await this.mail.send(
      MailKinds.welcome,
      { recipient: this.mail.recipient(user) },
      mailJobId.welcome(uid),
    );
    return this.members.markWelcomeSent(uid);
  }
}
