import { Module } from '@nestjs/common';
import { ContactController } from '../contact/contact.controller';
import { FollowsController } from '../follows/follows.controller';
import { AccountsController } from './accounts.controller';

/**
 * The account calls of docs/product/spec.md#s7 besides sign-in/up (in auth) — HTTP ↔ accounts only.
 */
@Module({ controllers: [AccountsController, ContactController, FollowsController] })
export class AccountsHttpModule {}
