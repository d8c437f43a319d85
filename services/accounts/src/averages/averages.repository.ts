import { Inject, Injectable } from '@nestjs/common';
import { AVERAGE_FIELD_OF_ISSUE, ISSUES, type Averages, type IssueKey } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { Averages as AveragesRow, PrismaClient } from '../generated/prisma/client';
import { sameAverages, type PrioritySums } from './averages';

/**
 * Sums per issue over weighted, not discontinued members (docs/product/rules.md#s4). Columns are
 * constants.
 */
const SUMS_SQL = `
  SELECT count(*)::int AS count,
         ${ISSUES.map((issue) => `coalesce(sum(p.${issue.serverPriority}), 0)::int AS "${issue.key}"`).join(',\n         ')}
  FROM accounts.priorities p
  JOIN accounts.users u ON u.uid = p.uid
  WHERE p.weighted AND NOT u.discontinue`;

function dtoOf(row: AveragesRow): Averages {
  return Object.fromEntries(
    ISSUES.map((issue) => {
      const field = AVERAGE_FIELD_OF_ISSUE[issue.key];
      return [field, Number(row[field])];
    }),
  ) as Averages;
}

/** The `averages` table: one row, the stored averages. */
@Injectable()
export class AveragesRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async current(): Promise<Averages> {
    return dtoOf(await this.db.averages.findUniqueOrThrow({ where: { aid: 1 } }));
  }

  /**
   * Recomputes under a lock of the row, so concurrent saves apply one after the other: `next`
   * turns the members' sums into averages and the members they count, stored when either differs.
   */
  recompute(
    next: (sums: PrioritySums) => { averages: Averages; members: number },
  ): Promise<{ averages: Averages; members: number; changed: boolean }> {
    return this.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<AveragesRow[]>`
        SELECT * FROM accounts.averages WHERE aid = 1 FOR UPDATE`;
      const [row] =
        await tx.$queryRawUnsafe<Array<{ count: number } & Record<IssueKey, number>>>(SUMS_SQL);
      const { averages, members } = next({ count: row.count, sums: row });
      if (sameAverages(dtoOf(locked[0]), averages) && locked[0].members === members) {
        return { averages, members, changed: false };
      }
      await tx.averages.update({ where: { aid: 1 }, data: { ...averages, members } });
      return { averages, members, changed: true };
    });
  }
}
