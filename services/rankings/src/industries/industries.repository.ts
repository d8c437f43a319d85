import { Inject, Injectable } from '@nestjs/common';
import type { ActiveIndustry, Industry } from '@upright/contracts';
import { DATABASE } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';

@Injectable()
export class IndustriesRepository {
  constructor(@Inject(DATABASE) private readonly db: PrismaClient) {}

  async findActive(): Promise<ActiveIndustry[]> {
    const rows = await this.db.industry.findMany({
      where: { active: true },
      select: { industry: true, industryText: true },
      orderBy: { industryText: 'asc' },
    });
    return rows.map((row) => ({ industry: row.industry, industry_text: row.industryText }));
  }

  /** The industry when it exists and is active; an inactive one is not shown anywhere. */
  async findActiveIndustry(industry: string): Promise<Industry | null> {
    const row = await this.db.industry.findFirst({ where: { industry, active: true } });
    if (row === null) return null;
    return {
      industry: row.industry,
      industry_text: row.industryText,
      industry_alts: row.industryAlts,
      definition: row.definition,
      industry_values: row.industryValues,
      limit: row.limit,
    };
  }
}
