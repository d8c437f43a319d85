import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import {
  AVERAGE_FIELD_OF_ISSUE,
  ISSUES,
  type Averages,
  type CrowdAverages,
  type IssueKey,
} from '@upright/contracts';
import { DATABASE, SERVICE_CONFIG } from '@upright/platform';
import type { AccountsConfig } from '../config/accounts-config';
import type { Averages as AveragesRow, PrismaClient } from '../generated/prisma/client';
import { averagesOf, crowdAverages, sameAverages, shownMembers } from './averages';
import { AveragesSnapshots } from './averages-snapshots.repository';
import { AveragesPublication } from './averages-publication';

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
 * concurrent saves apply one after the other; a change is published for visitors' rankings
 * by AveragesPublication.
 */
@Injectable()
export class AveragesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AveragesService.name);

  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly publication: AveragesPublication,
    private readonly snapshots: AveragesSnapshots,
  ) {}

  async current(): Promise<Averages> {
    return dtoOf(await this.db.averages.findUniqueOrThrow({ where: { aid: 1 } }));
  }

  async crowd(): Promise<CrowdAverages> {
    const min = this.config.AVERAGES_MIN_MEMBERS;
    const latest = await this.snapshots.latest();
    const history = latest !== null && latest.members >= min ? await this.snapshots.shown(min) : [];
    return crowdAverages(latest, history, min);
  }

  /** What visitors' rankings are weighted with: the published averages (decisions §11). */
  async published(): Promise<Averages> {
    return (await this.publication.published()) ?? this.current();
  }

  /**
   * Recomputes from the priorities; a change of the averages or of the members they count is
   * published when due (AveragesPublication).
   */
  async recompute(): Promise<Averages> {
    return (await this.recomputeCounted()).averages;
  }

  private async recomputeCounted(): Promise<{ averages: Averages; members: number }> {
    const { averages, members, changed } = await this.db.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<AveragesRow[]>`
        SELECT * FROM accounts.averages WHERE aid = 1 FOR UPDATE`;
      const [row] =
        await tx.$queryRawUnsafe<Array<{ count: number } & Record<IssueKey, number>>>(SUMS_SQL);
      const next = averagesOf({ count: row.count, sums: row }, this.config.AVERAGES_MIN_MEMBERS);
      const counted = shownMembers(row.count, this.config.AVERAGES_MIN_MEMBERS);
      if (sameAverages(dtoOf(locked[0]), next) && locked[0].members === counted) {
        return { averages: next, members: counted, changed: false };
      }
      await tx.averages.update({ where: { aid: 1 }, data: { ...next, members: counted } });
      return { averages: next, members: counted, changed: true };
    });
    if (changed) await this.publication.offer(averages, members);
    return { averages, members };
  }

  /**
   * Heals averages left stale by a crash between a save and its recomputation, and publishes
   * them when nothing was published yet (a new deployment, or Redis lost its data).
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const { averages, members } = await this.recomputeCounted();
      if ((await this.publication.published()) === null) {
        await this.publication.offer(averages, members);
      }
    } catch (error) {
      this.logger.warn(`averages not recomputed at start: ${String(error)}`);
    }
  }
}
