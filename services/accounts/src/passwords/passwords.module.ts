import { Module } from '@nestjs/common';
import { PasswordHasher } from './password-hasher';

/** Password hashing and confirmation, shared by the features that take a password. */
@Module({
  providers: [PasswordHasher],
  exports: [PasswordHasher],
})
export class PasswordsModule {}
