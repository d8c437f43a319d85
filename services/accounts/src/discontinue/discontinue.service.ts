import { Injectable, Logger } from '@nestjs/common';
import {
  ERROR_TEXTS,
  MailKinds,
  mailJobId,
  type CancelDiscontinueResponse,
  type DiscontinueResponse,
} from '@upright/contracts';
import { AveragesService } from '../averages/averages.service';
import { Transactions } from '../database/transactions';
import { MemberDeletionScheduler } from '../member-deletion/member-deletion.queue';
import { MembersRepository } from '../members/members.repository';
import { userDto } from '../members/user-dto';
import { PasswordHasher } from '../passwords/password-hasher';
import { MailOutbox } from '../mail/mail.queue';
import { SessionsService } from '../sessions/sessions.service';
import { discontinueDates } from './discontinue-dates';

/**
 * docs/product/spec.md#s4 Membership: a request, confirmed with the password, sets the flag and a
 * final date 7 days later and ends every session; continuing before then clears both. The member
 * stops counting in the averages while the request is pending.
 */
@Injectable()
export class DiscontinueService {
  private readonly logger = new Logger(DiscontinueService.name);

  constructor(
    private readonly transactions: Transactions,
    private readonly members: MembersRepository,
    private readonly sessions: SessionsService,
    private readonly deletions: MemberDeletionScheduler,
    private readonly averages: AveragesService,
    private readonly mail: MailOutbox,
    private readonly passwords: PasswordHasher,
  ) {}

  async discontinue(uid: string, password: string): Promise<DiscontinueResponse> {
    const member = await this.members.get(uid);
    await this.passwords.confirm(member.passwordHash, password, 'password');
    // A repeated request keeps the first dates: the grace period does not restart.
    const dates = member.discontinue
      ? { discontinueDate: member.discontinueDate!, discontinueFinal: member.discontinueFinal! }
      : discontinueDates(new Date());
    const user = await this.transactions.run(async (tx) => {
      const updated = await this.members.update(uid, { discontinue: true, ...dates }, tx);
      await this.sessions.revokeAllOf(uid, null, tx);
      return updated;
    });
    await this.sessions.memberChanged(uid);
    // Once committed the deletion must happen: if adding the job fails here, the start-up sweep
    // adds it; the member is not told of a failure that loses nothing.
    await this.deletions
      .schedule(uid, dates.discontinueFinal)
      .catch((error: unknown) =>
        this.logger.error(`deletion of ${uid} not scheduled: ${String(error)}`),
      );
    const finalDate = dates.discontinueFinal.toISOString();
    await this.mail.send(
      MailKinds.discontinueConfirmation,
      { recipient: this.mail.recipient(user), finalDate },
      mailJobId.discontinueConfirmation(uid, finalDate),
    );
    await this.averages.recompute();
    return {
      discontinue: true,
      discontinue_date: dates.discontinueDate.toISOString(),
      discontinue_final: finalDate,
    };
  }

  async cancel(uid: string): Promise<CancelDiscontinueResponse> {
    await this.members.get(uid);
    await this.deletions.cancel(uid);
    const user = await this.members.update(uid, {
      discontinue: false,
      discontinueDate: null,
      discontinueFinal: null,
    });
    await this.sessions.memberChanged(uid);
    await this.averages.recompute();
    return {
      email: user.email,
      discontinue: false,
      discontinue_date: null,
      discontinue_final: null,
      user: userDto(user),
      message: ERROR_TEXTS.discontinueCanceled,
    };
  }
}
