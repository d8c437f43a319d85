import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  AVERAGE_FIELD_OF_ISSUE,
  Events,
  ISSUES,
  type Averages,
  type IssueKey,
} from '@upright/contracts';
import { DATABASE, SERVICE_CONFIG, ServiceClient } from '@upright/platform';
import type { AccountsConfig } from '../config/accounts-config';
import type { Averages as AveragesRow, PrismaClient } from '../generated/prisma/client';
import { averagesOf, sameAverages } from './averages';

/** Sums per issue over weighted, not discontinued members (decisions §4). Columns are constants. */
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

/**
 * The stored averages (one row) and their recomputation. A recomputation locks the row, so
 * concurrent saves apply one after the other; a change is announced with
 * `accounts.averages.changed`, on which rankings re-weighs visitors' rankings.
 */
@Injectable()
export class AveragesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AveragesService.name);

  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly services: ServiceClient,
  ) {}

  async current(): Promise<Averages> {
    return dtoOf(await this.db.averages.findUniqueOrThrow({ where: { aid: 1 } }));
  }

  /** Recomputes from the priorities; emits the event when a value changed. */
  async recompute(): Promise<Averages> {
    const { averages, changed } = await this.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<AveragesRow[]>`
        SELECT * FROM accounts.averages WHERE aid = 1 FOR UPDATE`;
      const [row] =
        await tx.$queryRawUnsafe<Array<{ count: number } & Record<IssueKey, number>>>(SUMS_SQL);
      const next = averagesOf({ count: row.count, sums: row }, this.config.AVERAGES_MIN_MEMBERS);
      if (sameAverages(dtoOf(locked[0]), next)) return { averages: next, changed: false };
      await tx.averages.update({ where: { aid: 1 }, data: next });
      return { averages: next, changed: true };
    });
    if (changed) {
      // Rankings also polls the averages, so a lost event delays visitors' weights only briefly.
      await this.services
        .emit(Events.accounts.averagesChanged, averages)
        .catch((error: unknown) => this.logger.warn(`averages event not sent: ${String(error)}`));
    }
    return averages;
  }

  /** Heals averages left stale by a crash between a save and its recomputation. */
  async onApplicationBootstrap(): Promise<void> {
    await this.recompute().catch((error: unknown) =>
      this.logger.warn(`averages not recomputed at start: ${String(error)}`),
    );
  }
}
