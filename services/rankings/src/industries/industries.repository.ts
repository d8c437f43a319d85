import { Inject, Injectable } from '@nestjs/common';
import type { ActiveIndustry } from '@upright/contracts';
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
}
