import type { Period } from '@upright/contracts';
import type { PrismaClient } from '../generated/prisma/client';

export interface IndustryNaming {
  text: string;
  values: string[];
}

/** `alerted_periods` and each industry's latest period with scores. */
export class RankAlertsRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Every industry's latest period in which a company listing it has scores. */
  async latestPeriods(): Promise<Map<string, Period>> {
    const rows = await this.db.$queryRaw<
      Array<{ industry: string; period_year: number; period_qrt: number }>
    >`
      SELECT DISTINCT ON (ci.industry) ci.industry, s.period_year::int, s.period_qrt::int
        FROM rankings.company_industries ci
        JOIN rankings.company_scores s ON s.upright_cid = ci.upright_cid
       ORDER BY ci.industry, s.period_year DESC, s.period_qrt DESC`;
    return new Map(rows.map(({ industry, ...period }) => [industry, period]));
  }

  async alertedPeriods(): Promise<Map<string, Period>> {
    const rows = await this.db.alertedPeriod.findMany();
    return new Map(
      rows.map((row) => [row.industry, { period_year: row.periodYear, period_qrt: row.periodQrt }]),
    );
  }

  /** Each industry's name and `industry_values` (which issues its ranking sums, rules §5). */
  async industries(industries: readonly string[]): Promise<Map<string, IndustryNaming>> {
    const rows = await this.db.industry.findMany({
      where: { industry: { in: [...industries] } },
      select: { industry: true, industryText: true, industryValues: true },
    });
    return new Map(
      rows.map((row) => [row.industry, { text: row.industryText, values: row.industryValues }]),
    );
  }

  async recordAlerted(steps: ReadonlyArray<{ industry: string; period: Period }>): Promise<void> {
    await this.db.$transaction(
      steps.map(({ industry, period }) => {
        const fields = {
          periodYear: period.period_year,
          periodQrt: period.period_qrt,
          alertedAt: new Date(),
        };
        return this.db.alertedPeriod.upsert({
          where: { industry },
          create: { industry, ...fields },
          update: fields,
        });
      }),
    );
  }
}
