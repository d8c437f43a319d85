import { Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { Industry, RemoteErrorPayload } from '@upright/contracts';
import { RankingsCache, type IndustryCacheView } from '../rankings-cache/rankings-cache';
import { IndustriesRepository } from './industries.repository';

/** An active industry and the cache view of its data for the rest of the request. */
export interface OpenedIndustry {
  industry: Industry;
  view: IndustryCacheView;
}

@Injectable()
export class IndustriesService {
  constructor(
    private readonly industries: IndustriesRepository,
    private readonly cache: RankingsCache,
  ) {}

  async get(industry: string): Promise<Industry> {
    return (await this.openActive(industry)).industry;
  }

  /**
   * Where every request about an industry starts: its data version, then the industry itself
   * from the cache of that version.
   * @throws RpcException `not_found` (field `industry`) when it is unknown or inactive.
   */
  async openActive(slug: string): Promise<OpenedIndustry> {
    let view = await this.cache.open(slug);
    const industry = await view.getOrLoad(
      'industry',
      () => this.industries.findActiveIndustry(slug),
      (found) => found !== null,
    );
    if (industry === null) throw new RpcException(unknownIndustry(slug));
    // Only an industry that exists gets a version key, so unknown slugs write nothing to Redis.
    if (view.version === 'missing') view = await this.cache.initialise(slug);
    return { industry, view };
  }
}

export function unknownIndustry(industry: string): RemoteErrorPayload {
  return { code: 'not_found', message: `Unknown industry "${industry}"`, field: 'industry' };
}
