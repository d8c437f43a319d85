import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Averages, CrowdAverages } from '@upright/contracts';
import { SERVICE_CONFIG } from '@upright/platform';
import type { AccountsConfig } from '../config';
import { averagesOf, crowdAverages, shownMembers } from './averages';
import { AveragesSnapshots } from './averages-snapshots.repository';
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
    private readonly snapshots: AveragesSnapshots,
  ) {}

  async current(): Promise<Averages> {
    return this.stored.current();
  }

  async crowd(): Promise<CrowdAverages> {
    const min = this.config.AVERAGES_MIN_MEMBERS;
    const latest = await this.snapshots.latest();
    const history = latest !== null && latest.members >= min ? await this.snapshots.shown(min) : [];
    return crowdAverages(latest, history, min);
  }

  /**
   * What visitors' rankings are weighted with: the published averages (docs/product/rules.md#s11).
   */
  async published(): Promise<Averages> {
    return (await this.publication.published()) ?? this.current();
  }

  /**
   * Recomputes from the priorities; a change of the averages or of the members they count is
   * published when due (AveragesPublication).
   */
  async recompute(): Promise<Averages> {
    return (await this.recomputeCounted()).averages;
  }

  private async recomputeCounted(): Promise<{ averages: Averages; members: number }> {
    const min = this.config.AVERAGES_MIN_MEMBERS;
    const { averages, members, changed } = await this.stored.recompute((sums) => ({
      averages: averagesOf(sums, min),
      members: shownMembers(sums.count, min),
    }));
    if (changed) await this.publication.offer(averages, members);
    return { averages, members };
  }

  /**
   * Heals averages left stale by a crash between a save and its recomputation, and publishes
   * them when nothing was published yet (a new deployment, or Redis lost its data).
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      const { averages, members } = await this.recomputeCounted();
      if ((await this.publication.published()) === null) {
        await this.publication.offer(averages, members);
      }
    } catch (error) {
      this.logger.warn(`averages not recomputed at start: ${String(error)}`);
    }
  }
}
