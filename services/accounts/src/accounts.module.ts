import { Module } from '@nestjs/common';
import { AveragesController } from './averages/averages.controller';
import { AveragesPublication } from './averages/averages-publication';
import { AveragesService } from './averages/averages.service';
import { AveragesSnapshots } from './averages/averages-snapshots.repository';
import { ContactController } from './contact/contact.controller';
import { DiscontinueController } from './discontinue/discontinue.controller';
import { DiscontinueService } from './discontinue/discontinue.service';
import { FollowsController } from './follows/follows.controller';
import { FollowsRepository } from './follows/follows.repository';
import { RankAlertsWorker } from './follows/rank-alerts.worker';
import { MemberDeletionScheduler } from './member-deletion/member-deletion.scheduler';
import { MemberDeletionWorker } from './member-deletion/member-deletion.worker';
import { MembersController } from './members/members.controller';
import { MembersRepository } from './members/members.repository';
import { WelcomeMail } from './members/welcome-mail';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { PasswordHasher } from './passwords/password-hasher';
import { PrioritiesController } from './priorities/priorities.controller';
import { PrioritiesService } from './priorities/priorities.service';
import { MailOutbox } from './queues/mail-outbox';
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
    FollowsController,
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
    DiscontinueService,
    PasswordResetService,
    AveragesSnapshots,
    FollowsRepository,
    RankAlertsWorker,
  ],
})
export class AccountsModule {}
