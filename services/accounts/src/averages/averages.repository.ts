import { Inject, Injectable } from '@nestjs/common';
import { AVERAGE_FIELD_OF_ISSUE, ISSUES, type Averages } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { Averages as AveragesRow, PrismaClient } from '../generated/prisma/client';
import { sameAverages, trimmedSums, type PrioritySums } from './averages';
import type { Counting } from './period';
import type { Recomputed } from './release';

/**
 * Each weighted, not discontinued member (docs/product/rules.md#s4) with the priorities that
 * weigh rankings, in the order of ISSUES; with $1 set, only verified members who joined by then
 * (decision 0055's members of standing). Columns are constants.
 */
const COUNTED_SQL = `
  SELECT p.uid,
         ARRAY[${ISSUES.map((issue) => `p.${issue.serverPriority}`).join(', ')}]::smallint[] AS priorities
  FROM accounts.priorities p
  JOIN accounts.users u ON u.uid = p.uid
  WHERE p.weighted AND NOT u.discontinue
    AND ($1::timestamptz IS NULL OR (u.email_verified_at IS NOT NULL AND u.created_at <= $1::timestamptz))`;

/**
 * Members who joined, left or changed their priorities since the last release (decision 0043):
 * counted now but not then, then but not now, or with other priorities.
 */
const CHANGED_SQL = `
  SELECT count(*)::int AS changed
  FROM (${COUNTED_SQL}) c
  FULL JOIN accounts.averages_released r ON r.uid = c.uid
  WHERE c.priorities IS DISTINCT FROM r.priorities`;

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

  /**
   * Recomputes under a lock of the row, so concurrent saves apply one after the other: `next`
   * turns the members' sums, and how many members changed since the last release, into the
   * averages, the members they count, and what is released; the averages and count are stored
   * when either differs, and a release becomes the new reference for counting changes.
   */
  recompute(
    counting: Counting,
    next: (sums: PrioritySums, changed: number) => Recomputed,
  ): Promise<Recomputed> {
    const { joinedBy } = counting;
    return this.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<AveragesRow[]>`
        SELECT * FROM accounts.averages WHERE aid = 1 FOR UPDATE`;
      const rows = await tx.$queryRawUnsafe<Array<{ priorities: number[] }>>(
        `SELECT c.priorities FROM (${COUNTED_SQL}) c`,
        joinedBy,
      );
      const sums = trimmedSums(
        rows.map((row) => row.priorities),
        counting.trim,
      );
      const [{ changed }] = await tx.$queryRawUnsafe<Array<{ changed: number }>>(
        CHANGED_SQL,
        joinedBy,
      );
      // Deleted members are gone from `averages_released` too; the trigger counted them.
      const recomputed = next(sums, changed + locked[0].departed);
      const { averages, members } = recomputed;
      if (!sameAverages(dtoOf(locked[0]), averages) || locked[0].members !== members) {
        await tx.averages.update({ where: { aid: 1 }, data: { ...averages, members } });
      }
      if (recomputed.release !== null) {
        await tx.$executeRawUnsafe('DELETE FROM accounts.averages_released');
        await tx.$executeRawUnsafe(
          `INSERT INTO accounts.averages_released (uid, priorities) ${COUNTED_SQL}`,
          joinedBy,
        );
        await tx.averages.update({ where: { aid: 1 }, data: { departed: 0 } });
      }
      return recomputed;
    });
  }

  /** How many members count now (for the progress towards the minimum). */
  async counted({ joinedBy }: Counting): Promise<number> {
    const [{ count }] = await this.db.$queryRawUnsafe<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM (${COUNTED_SQL}) c`,
      joinedBy,
    );
    return count;
  }
}
