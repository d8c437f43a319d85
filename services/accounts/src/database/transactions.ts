import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@upright/platform';
import type { Prisma, PrismaClient } from '../generated/prisma/client';

/** A transaction, or the client outside one: what every repository method writes through. */
export type Db = PrismaClient | Prisma.TransactionClient;

/**
 * Work that spans repositories in one transaction: a service starts it here and hands the
 * transaction to each repository method, so services never write a query themselves.
 */
@Injectable()
export class Transactions {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  run<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
    return this.db.$transaction(work);
  }
}
