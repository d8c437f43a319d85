import { Inject, Injectable, Logger } from '@nestjs/common';
import type { PublicDataDomain } from '@upright/contracts';
import {
  PLATFORM_CONFIG,
  type PlatformConfig,
  RedisConnection,
} from '../bootstrap/redis-connection';
import { announceMemberChanged, bumpPublicVersions } from './public-versions';

/**
 * What a service tells every BFF replica after it commits a change (docs/product/rules.md#s11):
 * public answers of a domain are stale, or a member changed (sessions revoked, priorities saved,
 * discontinued): replicas then forget the sessions of that member they had verified. A failed
 * announcement is logged and thrown: the caller decides whether its own operation fails with it.
 */
@Injectable()
export class PublicData {
  private readonly logger = new Logger(PublicData.name);

  constructor(
    private readonly connection: RedisConnection,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
  ) {}

  async changed(...domains: PublicDataDomain[]): Promise<void> {
    try {
      await bumpPublicVersions(this.connection.redis, this.config.transportPrefix, domains);
    } catch (error) {
      this.logger.error(`Could not announce a change of ${domains.join(', ')}: ${String(error)}`);
      throw error;
    }
  }

  async memberChanged(uid: string): Promise<void> {
    try {
      await announceMemberChanged(this.connection.redis, this.config.transportPrefix, uid);
    } catch (error) {
      this.logger.error(`Could not announce a change of member: ${String(error)}`);
      throw error;
    }
  }
}
