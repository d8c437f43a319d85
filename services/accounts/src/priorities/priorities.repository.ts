import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@upright/platform';
import type { Db } from '../database/transactions';
import type { Priorities, PrismaClient } from '../generated/prisma/client';
import { clientValuesOf, isWeighted } from './priorities';

/** The `priorities` table: one row per member, by server field name (`value_<x>`). */
@Injectable()
export class PrioritiesRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  find(uid: string): Promise<Priorities | null> {
    return this.db.priorities.findUnique({ where: { uid } });
  }

  /** A new member's row: every value at its default, not weighted. */
  async createDefault(uid: string, db: Db = this.db): Promise<void> {
    await db.priorities.create({ data: { uid, weighted: false } });
  }

  /**
   * Writes the given columns, then `weighted` as the merged row has it, and the member's
   * `prefs_updated`, in one transaction. Returns the stored row.
   */
  save(uid: string, columns: Record<string, number>): Promise<Priorities> {
    return this.db.$transaction(async (tx) => {
      const stored = await tx.priorities.upsert({
        where: { uid },
        create: { uid, weighted: false, ...columns },
        update: columns,
      });
      const weighted = isWeighted(clientValuesOf(stored));
      const saved = await tx.priorities.update({ where: { uid }, data: { weighted } });
      await tx.user.update({ where: { uid }, data: { prefsUpdated: new Date() } });
      return saved;
    });
  }
}
