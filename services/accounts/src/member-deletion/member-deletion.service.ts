import { Injectable } from '@nestjs/common';
import { PublicData } from '@upright/platform';
import { AveragesService } from '../averages/averages.service';
import { deletionDue } from '../discontinue/discontinue-dates';
import { MembersRepository } from '../members/members.repository';
import { MailOutbox } from '../mail/mail.queue';
import { SearchMemberDeletionQueue } from './search-member-deletion.queue';

export type DeletionOutcome = 'deleted' | 'not-due' | 'gone';

/**
 * Deletes a discontinued member on the final date: the accounts rows (the users row; sessions,
 * links and priorities go with it by cascade) and the member's mail jobs, then the averages are
 * recomputed and announced, and the search service is asked to delete the member's analytics
 * through its own queue, so each part is retried on its own until done. Rankings keeps nothing
 * per member (see docs/services/accounts.md).
 */
@Injectable()
export class MemberDeletionService {
  constructor(
    private readonly members: MembersRepository,
    private readonly averages: AveragesService,
    private readonly publicData: PublicData,
    private readonly mail: MailOutbox,
    private readonly searchDeletions: SearchMemberDeletionQueue,
  ) {}

  /** One deletion; safe to repeat (a retried job finds the member gone and finishes the rest). */
  async deleteMember(uid: string, now = new Date()): Promise<DeletionOutcome> {
    const member = await this.members.deletionState(uid);
    if (member !== null && !deletionDue(member, now)) return 'not-due';
    if (member !== null) await this.members.deleteDiscontinued(uid);
    await this.publicData.memberChanged(uid);
    await this.mail.deleteJobsOf(uid);
    await this.averages.recompute();
    await this.searchDeletions.add(uid);
    return member === null ? 'gone' : 'deleted';
  }
}
