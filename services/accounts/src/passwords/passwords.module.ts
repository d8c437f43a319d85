import { Module } from '@nestjs/common';
import { PasswordAdmission } from './password-admission';
import { PasswordHasher } from './password-hasher';
import { PasswordThreads } from './password-threads';

/**
 * Password hashing and confirmation, shared by the features that take a password; one admission
 * limit and one set of password threads for all of them per process.
 */
@Module({
  providers: [PasswordAdmission, PasswordThreads, PasswordHasher],
  exports: [PasswordHasher],
})
export class PasswordsModule {}
