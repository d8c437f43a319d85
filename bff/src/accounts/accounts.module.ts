import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller';

/**
 * The account calls of docs/product/spec.md#s7 besides sign-in/up (in sign-in/) — HTTP ↔
 * accounts only.
 */
@Module({ controllers: [AccountsController] })
export class AccountsModule {}
