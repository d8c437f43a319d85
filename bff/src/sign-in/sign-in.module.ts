import { Module } from '@nestjs/common';
import { SignInController } from './sign-in.controller';

/** Sign-up, sign-in, sign-out, email verification and the CSRF token: sessions start and end here. */
@Module({ controllers: [SignInController] })
export class SignInModule {}
