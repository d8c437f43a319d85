import { defineService, IdempotentWritesModule, ServiceClientModule } from '@upright/platform';
import { AveragesModule } from './averages/averages.module';
import { accountsConfigSchema } from './config';
import { ContactModule } from './contact/contact.module';
import { DiscontinueModule } from './discontinue/discontinue.module';
import { FollowsModule } from './follows/follows.module';
import { PrismaClient } from './generated/prisma/client';
import { MemberDeletionModule } from './member-deletion/member-deletion.module';
import { MembersModule } from './members/members.module';
import { PasswordResetModule } from './password-reset/password-reset.module';
import { PrioritiesModule } from './priorities/priorities.module';
import { RegistrationModule } from './registration/registration.module';
import { SessionsModule } from './sessions/sessions.module';
import { SettingsModule } from './settings/settings.module';
import { UnsubscribeModule } from './unsubscribe/unsubscribe.module';

/**
 * Owns the `accounts` schema: members, sessions, priorities, averages (docs/product/spec.md#s7's
 * account calls).
 */
export const accountsService = defineService({
  name: 'accounts',
  configSchema: accountsConfigSchema,
  database: PrismaClient,
  features: (config) => [
    // The client emits accounts.averages.changed.
    ServiceClientModule.forRoot(config),
    AveragesModule,
    RegistrationModule,
    SessionsModule,
    MembersModule,
    PrioritiesModule,
    SettingsModule,
    DiscontinueModule,
    UnsubscribeModule,
    ContactModule,
    PasswordResetModule,
    MemberDeletionModule,
    FollowsModule,
    // Keyed writes (the BFF's Idempotency-Key) are applied once: decision 0050.
    IdempotentWritesModule,
  ],
});
