import { Module } from '@nestjs/common';
import { AveragesController } from './averages/averages.controller';
import { AveragesPublication } from './averages/averages-publication';
import { AveragesService } from './averages/averages.service';
import { ContactController } from './contact/contact.controller';
import { DiscontinueController } from './discontinue/discontinue.controller';
import { DiscontinueService } from './discontinue/discontinue.service';
import { MemberDeletionScheduler } from './member-deletion/member-deletion.queue';
import { MemberDeletionWorker } from './member-deletion/member-deletion.worker';
import { MemberDeletionService } from './member-deletion/member-deletion.service';
import { SearchMemberDeletionQueue } from './member-deletion/search-member-deletion.queue';
import { Transactions } from './database/transactions';
import { SessionsRepository } from './sessions/sessions.repository';
import { EmailVerificationsRepository } from './registration/email-verifications.repository';
import { PasswordResetsRepository } from './password-reset/password-resets.repository';
import { PrioritiesRepository } from './priorities/priorities.repository';
import { AveragesRepository } from './averages/averages.repository';
import { UnsubscribeService } from './unsubscribe/unsubscribe.service';
import { MembersController } from './members/members.controller';
import { MembersRepository } from './members/members.repository';
import { WelcomeMail } from './members/welcome-mail';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { PasswordHasher } from './passwords/password-hasher';
import { PrioritiesController } from './priorities/priorities.controller';
import { PrioritiesService } from './priorities/priorities.service';
import { MailOutbox } from './queues/mail.queue';
import { EmailVerifications } from './registration/email-verifications';
import { RegistrationController } from './registration/registration.controller';
import { RegistrationService } from './registration/registration.service';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { SettingsController } from './settings/settings.controller';
import { SettingsService } from './settings/settings.service';
import { UnsubscribeController } from './unsubscribe/unsubscribe.controller';

/** Every account call of spec §7; each folder is one feature (handlers, service, rules). */
@Module({
  controllers: [
    AveragesController,
    RegistrationController,
    SessionsController,
    MembersController,
    PrioritiesController,
    SettingsController,
    DiscontinueController,
    UnsubscribeController,
    ContactController,
    PasswordResetController,
  ],
  providers: [
    AveragesService,
    AveragesPublication,
    MembersRepository,
    PasswordHasher,
    SessionsService,
    MailOutbox,
    EmailVerifications,
    WelcomeMail,
    RegistrationService,
    PrioritiesService,
    SettingsService,
    MemberDeletionScheduler,
    MemberDeletionWorker,
    MemberDeletionService,
    SearchMemberDeletionQueue,
    Transactions,
    SessionsRepository,
    EmailVerificationsRepository,
    PasswordResetsRepository,
    PrioritiesRepository,
    AveragesRepository,
    UnsubscribeService,
    DiscontinueService,
    PasswordResetService,
  ],
})
export class AccountsModule {}
