import { Injectable } from '@nestjs/common';
import { applicableIssues, type IssueKey, type Period } from '@upright/contracts';
import type { OpenedIndustry } from '../industries/industries.service';
import { CompaniesRepository, type MemberRow } from './companies.repository';
import { toCompany, toCompanyScores } from './company-rows';
import { RankedSet, type MemberScope } from './ranked-set';

/**
 * Loads ranked sets through the cache of the request's data version, each summed over the
 * industry's applicable issues (rules §5 rule 5): the industry comes from the same version.
 */
@Injectable()
export class RankedSets {
  constructor(private readonly companies: CompaniesRepository) {}

  /** S at the latest period with scores for it; null when its members have no scores at all. */
  async latest(opened: OpenedIndustry, scope: MemberScope): Promise<RankedSet | null> {
    const { view } = opened;
    const period = await view.getOrLoad(`latest-period ${scope}`, () =>
      this.companies.latestPeriod(view.industry, scope),
    );
    return period === null ? null : this.at(opened, scope, period);
  }

  /** S at every period with scores for it, oldest first (docs/product/rules.md#s12 history). */
  async every(opened: OpenedIndustry, scope: MemberScope): Promise<RankedSet[]> {
    const periods = await this.periods(opened, scope);
    return Promise.all(periods.map((period) => this.at(opened, scope, period)));
  }

  /** S at the last period with scores before `period`; null when there is none. */
  async before(
    opened: OpenedIndustry,
    scope: MemberScope,
    period: Period,
  ): Promise<RankedSet | null> {
    const earlier = (await this.periods(opened, scope)).filter(
      (other) => comparePeriods(other, period) < 0,
    );
    return earlier.length === 0 ? null : this.at(opened, scope, earlier[earlier.length - 1]);
  }

  private periods({ view }: OpenedIndustry, scope: MemberScope): Promise<Period[]> {
    return view.getOrLoad(`periods ${scope}`, () => this.companies.periods(view.industry, scope));
  }

  /**
   * S at `period` (empty when nobody has scores then). Empty sets are not kept: any of 404
   * quarters can be asked for, and they must not push real rankings out of the cache.
   */
  at({ industry, view }: OpenedIndustry, scope: MemberScope, period: Period): Promise<RankedSet> {
    return view.getOrLoad(
      `ranked-set ${scope} ${period.period_year}-${period.period_qrt}`,
      async () =>
        rankedSetOf(
          period,
          await this.companies.membersAt(view.industry, scope, period),
          applicableIssues(industry.industry_values),
        ),
      (set) => set.members.length > 0,
    );
  }
}

function comparePeriods(a: Period, b: Period): number {
  return a.period_year - b.period_year || a.period_qrt - b.period_qrt;
}

export function rankedSetOf(
  period: Period,
  rows: readonly MemberRow[],
  applicable: readonly IssueKey[],
): RankedSet {
  return new RankedSet(
    applicable,
    period,
    rows.map((row) => {
      if (row.scores.length !== 1) {
        throw new Error(`expected one score row of ${row.uprightCid} at the period`);
      }
      return { company: toCompany(row), scores: toCompanyScores(row.scores[0]) };
    }),
  );
}
