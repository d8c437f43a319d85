import { Module } from '@nestjs/common';
import { memberDeletionJobs, searchMemberDeletionJobs } from '@upright/contracts';
import { QueueProducerModule } from '@upright/platform';
import { AveragesModule } from '../averages/averages.module';
import { MailModule } from '../mail/mail.module';
import { MembersModule } from '../members/members.module';
import { MemberDeletionScheduler } from './member-deletion.queue';
import { MemberDeletionService } from './member-deletion.service';
import { MemberDeletionWorker } from './member-deletion.worker';
import { SearchMemberDeletionQueue } from './search-member-deletion.queue';

/** Deleting a discontinued member on the final date (the `member-deletion` queue). */
@Module({
  imports: [
    MembersModule,
    AveragesModule,
    MailModule,
    QueueProducerModule.register(memberDeletionJobs, searchMemberDeletionJobs),
  ],
  providers: [
    MemberDeletionScheduler,
    MemberDeletionService,
    MemberDeletionWorker,
    SearchMemberDeletionQueue,
  ],
  exports: [MemberDeletionScheduler],
})
export class MemberDeletionModule {}
