import { Inject, Injectable } from '@nestjs/common';
import type { Averages, CrowdSnapshot } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';

/** Most publications one answer carries (a few years of hourly changes at most). */
export const SNAPSHOTS_SHOWN = 500;

function snapshotOf(row: { publishedAt: Date; members: number; averages: unknown }): CrowdSnapshot {
  return {
    published_at: row.publishedAt.toISOString(),
    members: row.members,
    averages: row.averages as Averages,
  };
}

/** `averages_snapshots`: one row per publication of changed averages (issue 15). */
@Injectable()
export class AveragesSnapshots {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async record(averages: Averages, members: number): Promise<void> {
    await this.db.averagesSnapshot.create({ data: { averages, members } });
  }

  async latest(): Promise<CrowdSnapshot | null> {
    const row = await this.db.averagesSnapshot.findFirst({ orderBy: { id: 'desc' } });
    return row === null ? null : snapshotOf(row);
  }

  /** The last publications that counted at least `minMembers` members, oldest first. */
  async shown(minMembers: number): Promise<CrowdSnapshot[]> {
    const rows = await this.db.averagesSnapshot.findMany({
      where: { members: { gte: minMembers } },
      orderBy: { id: 'desc' },
      take: SNAPSHOTS_SHOWN,
    });
    return rows.reverse().map(snapshotOf);
  }
}
