import { Inject, Injectable } from '@nestjs/common';
import type { FollowedCompany, FollowRequest, FollowsResponse } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { Prisma, PrismaClient } from '../generated/prisma/client';
import type { Follower } from './rank-alerts';

/**
 * Members a rank alert reaches (see `followersOf`): the one condition the alerts worker and the
 * desk's count of them (`countAlerted`) both read.
 */
const ALERTED = {
  followAlerts: true,
  discontinue: false,
  emailVerifiedAt: { not: null },
} satisfies Prisma.UserWhereInput;

/** `follows` and the member's `follow_alerts` switch. */
@Injectable()
export class FollowsRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async list(uid: string): Promise<FollowsResponse> {
    const [rows, user] = await Promise.all([
      this.db.follow.findMany({ where: { uid }, orderBy: [{ companyName: 'asc' }] }),
      this.db.user.findUnique({
        where: { uid },
        select: { followAlerts: true, emailVerifiedAt: true },
      }),
    ]);
    const follows: FollowedCompany[] = rows.map((row) => ({
      upright_cid: row.uprightCid,
      company_name: row.companyName,
      industry: row.industry,
      slug: row.slug,
      since: row.createdAt.toISOString(),
    }));
    return {
      follows,
      alerts: user?.followAlerts ?? false,
      alerts_need_verification: !user?.emailVerifiedAt,
    };
  }

  /**
   * Following is asking for its alerts, so it turns them on again after an unsubscribe. A
   * second follow of the same company keeps its first date.
   */
  async add(uid: string, follow: FollowRequest): Promise<void> {
    const fields = {
      companyName: follow.company_name,
      industry: follow.industry,
      slug: follow.slug,
    };
    await this.db.$transaction([
      this.db.follow.upsert({
        where: { uid_uprightCid: { uid, uprightCid: follow.upright_cid } },
        create: { uid, uprightCid: follow.upright_cid, ...fields },
        update: fields,
      }),
      this.db.user.update({ where: { uid }, data: { followAlerts: true } }),
    ]);
  }

  async remove(uid: string, uprightCid: string): Promise<void> {
    await this.db.follow.deleteMany({ where: { uid, uprightCid } });
  }

  /**
   * Who is alerted about these companies: members with alerts on, not discontinuing (their
   * data is on its way out), with a verified email, each with what the mail needs. Verification
   * is read here, when the alerts are queued, not when a company was followed: a changed
   * address is unverified again, and anyone can sign up with someone else's.
   */
  async followersOf(uprightCids: readonly string[]): Promise<Follower[]> {
    if (uprightCids.length === 0) return [];
    const rows = await this.db.follow.findMany({
      where: { uprightCid: { in: [...uprightCids] }, user: ALERTED },
      select: { uprightCid: true, user: { select: { uid: true, email: true, firstName: true } } },
      orderBy: [{ uid: 'asc' }, { uprightCid: 'asc' }],
    });
    return rows.map((row) => ({
      uid: row.user.uid,
      email: row.user.email,
      firstName: row.user.firstName,
      upright_cid: row.uprightCid,
    }));
  }

  /**
   * How many members `followersOf` would name for these companies, each once however many of
   * them they follow (the editors' desk preview, decision 0077 §4).
   */
  async countAlerted(uprightCids: readonly string[]): Promise<number> {
    if (uprightCids.length === 0) return 0;
    return this.db.user.count({
      where: { ...ALERTED, follows: { some: { uprightCid: { in: [...uprightCids] } } } },
    });
  }
}
