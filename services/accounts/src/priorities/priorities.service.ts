import { Injectable } from '@nestjs/common';
import {
  DEFAULT_PRIORITY_VALUES,
  NOT_RANKED_PRIORITY_FIELDS,
  type PrioritiesBody,
  type PrioritiesResponse,
  type PrioritiesSaved,
} from '@upright/contracts';
import { AveragesService } from '../averages/averages.service';
import { MembersRepository } from '../members/members.repository';
import { WelcomeMail } from '../members/welcome-mail';
import { clientValuesOf, serverColumnsOf } from './priorities';
import { PrioritiesRepository } from './priorities.repository';
import { SessionsService } from '../sessions/sessions.service';

@Injectable()
export class PrioritiesService {
  constructor(
    private readonly priorities: PrioritiesRepository,
    private readonly members: MembersRepository,
    private readonly welcome: WelcomeMail,
    private readonly averages: AveragesService,
    private readonly sessions: SessionsService,
  ) {}

  async get(uid: string): Promise<PrioritiesResponse> {
    const user = await this.members.get(uid);
    const stored = await this.priorities.find(uid);
    return {
      uid,
      values: stored ? clientValuesOf(stored) : { ...DEFAULT_PRIORITY_VALUES },
      weighted: stored?.weighted ?? false,
      not_ranked_yet: NOT_RANKED_PRIORITY_FIELDS,
      prefs_updated: user.prefsUpdated?.toISOString() ?? null,
    };
  }

  /**
   * Saves (docs/product/spec.md#s7), then: the welcome mail once (docs/product/spec.md#s4), and the
   * averages recomputed and announced (docs/product/rules.md#s4).
   */
  async save(uid: string, values: PrioritiesBody): Promise<PrioritiesSaved> {
    await this.members.get(uid);
    const stored = await this.priorities.save(uid, serverColumnsOf(values));
    const saved = { values: clientValuesOf(stored), weighted: stored.weighted };
    // The member's next page is ranked with the new values on every BFF replica.
    await this.sessions.memberChanged(uid);
    await this.welcome.sendOnce(uid);
    await this.averages.recompute();
    return { success: true, ...saved };
  }
}
