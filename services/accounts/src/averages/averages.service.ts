import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Averages } from '@upright/contracts';
import { SERVICE_CONFIG } from '@upright/platform';
import type { AccountsConfig } from '../config';
import { averagesOf } from './averages';
import { AveragesPublication } from './averages-publication';
import { AveragesRepository } from './averages.repository';

/**
 * The stored averages (one row) and their recomputation. A recomputation locks the row, so
 * concurrent saves apply one after the other; a change is published for visitors' rankings
 * by AveragesPublication.
 */
@Injectable()
export class AveragesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AveragesService.name);

  constructor(
    private readonly stored: AveragesRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly publication: AveragesPublication,
  ) {}

  async current(): Promise<Averages> {
    return this.stored.current();
  }

  /**
   * What visitors' rankings are weighted with: the published averages (docs/product/rules.md#s11).
   */
  async published(): Promise<Averages> {
    return (await this.publication.published()) ?? this.current();
  }

  /** Recomputes from the priorities; a change is published when due (AveragesPublication). */
  async recompute(): Promise<Averages> {
    const { averages, changed } = await this.stored.recompute((sums) =>
      averagesOf(sums, this.config.AVERAGES_MIN_MEMBERS),
    );
    if (changed) await this.publication.offer(averages);
    return averages;
  }

  /**
   * Heals averages left stale by a crash between a save and its recomputation, and publishes
   * them when nothing was published yet (a new deployment, or Redis lost its data).
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const averages = await this.recompute();
      if ((await this.publication.published()) === null) await this.publication.offer(averages);
    } catch (error) {
      this.logger.warn(`averages not recomputed at start: ${String(error)}`);
    }
  }
}
