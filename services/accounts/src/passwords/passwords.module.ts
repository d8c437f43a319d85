import { Module } from '@nestjs/common';
import { PasswordAdmission } from './password-admission';
import { PasswordHasher } from './password-hasher';

/**
 * Password hashing and confirmation, shared by the features that take a password; one admission
 * limit for all of them per process.
 */
@Module({
  providers: [PasswordAdmission, PasswordHasher],
  exports: [PasswordHasher],
})
export class PasswordsModule {}
