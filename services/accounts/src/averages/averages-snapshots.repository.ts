import { Inject, Injectable } from '@nestjs/common';
import type { Averages } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';
import type { KeptSnapshot } from './averages';

/** Most publications one answer carries (a few years of hourly changes at most). */
export const SNAPSHOTS_SHOWN = 500;

function snapshotOf(row: { publishedAt: Date; members: number; averages: unknown }): KeptSnapshot {
  return {
    published_at: row.publishedAt.toISOString(),
    members: row.members,
    averages: row.averages as Averages,
  };
}

/** `averages_snapshots`: one row per publication of changed averages. */
@Injectable()
export class AveragesSnapshots {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async record(averages: Averages, members: number): Promise<void> {
    await this.db.averagesSnapshot.create({ data: { averages, members } });
  }

  async latest(): Promise<KeptSnapshot | null> {
    const row = await this.db.averagesSnapshot.findFirst({ orderBy: { id: 'desc' } });
    return row === null ? null : snapshotOf(row);
  }

  /** The last publication before `start` (decision 0055: the one in force from then). */
  async before(start: Date): Promise<KeptSnapshot | null> {
    const row = await this.db.averagesSnapshot.findFirst({
      where: { publishedAt: { lt: start } },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    });
    return row === null ? null : snapshotOf(row);
  }

  /** The last publications that counted at least `minMembers` members, oldest first. */
  async shown(minMembers: number): Promise<KeptSnapshot[]> {
    const rows = await this.db.averagesSnapshot.findMany({
      where: { members: { gte: minMembers } },
      orderBy: { id: 'desc' },
      take: SNAPSHOTS_SHOWN,
    });
    return rows.reverse().map(snapshotOf);
  }
}
