import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_PRIORITY_VALUES,
  NOT_RANKED_PRIORITY_FIELDS,
  type PrioritiesBody,
  type PrioritiesResponse,
  type PrioritiesSaved,
} from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';
import { AveragesService } from '../averages/averages.service';
import { MembersRepository } from '../members/members.repository';
import { WelcomeMail } from '../members/welcome-mail';
import { clientValuesOf, isWeighted, serverColumnsOf } from './priorities';
import { SessionsService } from '../sessions/sessions.service';

@Injectable()
export class PrioritiesService {
  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    private readonly members: MembersRepository,
    private readonly welcome: WelcomeMail,
    private readonly averages: AveragesService,
    private readonly sessions: SessionsService,
  ) {}

  async get(uid: string): Promise<PrioritiesResponse> {
    const user = await this.members.get(uid);
    const stored = await this.db.priorities.findUnique({ where: { uid } });
    return {
      uid,
      values: stored ? clientValuesOf(stored) : { ...DEFAULT_PRIORITY_VALUES },
      weighted: stored?.weighted ?? false,
      not_ranked_yet: NOT_RANKED_PRIORITY_FIELDS,
      prefs_updated: user.prefsUpdated?.toISOString() ?? null,
    };
  }

  /**
   * Saves (spec §7), then: the welcome mail once (spec §4), and the averages recomputed and
   * announced (decisions §4).
   */
  async save(uid: string, values: PrioritiesBody): Promise<PrioritiesSaved> {
    await this.members.get(uid);
    const saved = await this.db.$transaction(async (tx) => {
      const columns = serverColumnsOf(values);
      const stored = await tx.priorities.upsert({
        where: { uid },
        create: { uid, weighted: false, ...columns },
        update: columns,
      });
      const merged = clientValuesOf(stored);
      const weighted = isWeighted(merged);
      await tx.priorities.update({ where: { uid }, data: { weighted } });
      await tx.user.update({ where: { uid }, data: { prefsUpdated: new Date() } });
      return { values: merged, weighted };
    });
    // The member's next page is ranked with the new values on every BFF replica.
    await this.sessions.memberChanged(uid);
    await this.welcome.sendOnce(uid);
    await this.averages.recompute();
    return { success: true, ...saved };
  }
}
