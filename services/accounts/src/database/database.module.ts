import { Module } from '@nestjs/common';
import { Transactions } from './transactions';

/** Transactions across repositories. */
@Module({
  providers: [Transactions],
  exports: [Transactions],
})
export class TransactionsModule {}
