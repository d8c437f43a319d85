import { Module } from '@nestjs/common';
import { AveragesModule } from '../averages/averages.module';
import { TransactionsModule } from '../database/database.module';
import { MailModule } from '../mail/mail.module';
import { MemberDeletionModule } from '../member-deletion/member-deletion.module';
import { MembersModule } from '../members/members.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { SessionsModule } from '../sessions/sessions.module';
import { DiscontinueController } from './discontinue.controller';
import { DiscontinueService } from './discontinue.service';

/** Discontinuing a membership, and continuing before the final date. */
@Module({
  imports: [
    MembersModule,
    PasswordsModule,
    SessionsModule,
    MemberDeletionModule,
    AveragesModule,
    MailModule,
    TransactionsModule,
  ],
  controllers: [DiscontinueController],
  providers: [DiscontinueService],
})
export class DiscontinueModule {}
