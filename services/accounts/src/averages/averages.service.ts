import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Averages, CrowdAverages } from '@upright/contracts';
import { SERVICE_CONFIG } from '@upright/platform';
import type { AccountsConfig } from '../config';
import { crowdAverages, DEFAULT_AVERAGES } from './averages';
import { AveragesSnapshots } from './averages-snapshots.repository';
import { AveragesPublication } from './averages-publication';
import { AveragesRepository } from './averages.repository';
import { recomputation, type ReleaseRule } from './release';

/**
 * The stored averages (one row) and their recomputation. A recomputation locks the row, so
 * concurrent saves apply one after the other; once enough members changed (decision 0043) the
 * averages are released and published for visitors' rankings by AveragesPublication.
 */
@Injectable()
export class AveragesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AveragesService.name);
  private readonly rule: ReleaseRule;

  constructor(
    private readonly stored: AveragesRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly publication: AveragesPublication,
    private readonly snapshots: AveragesSnapshots,
  ) {
    this.rule = {
      minMembers: config.AVERAGES_MIN_MEMBERS,
      minChanges: config.AVERAGES_MIN_CHANGES,
    };
  }

  async crowd(): Promise<CrowdAverages> {
    const min = this.config.AVERAGES_MIN_MEMBERS;
    const latest = await this.snapshots.latest();
    const history = latest !== null && latest.members >= min ? await this.snapshots.shown(min) : [];
    return crowdAverages(latest, history, this.rule);
  }

  /**
   * What visitors' rankings are weighted with: the published averages (docs/product/rules.md#s11),
   * else the last ones published before (Redis lost them), else the defaults — never the stored
   * current averages, which may differ from a publication by fewer members than decision 0043
   * lets out.
   */
  async published(): Promise<Averages> {
    return (
      (await this.publication.published()) ??
      (await this.snapshots.latest())?.averages ??
      DEFAULT_AVERAGES
    );
  }

  /**
   * Recomputes from the priorities; the averages are published when due (AveragesPublication)
   * once released (decision 0043).
   */
  async recompute(): Promise<Averages> {
    const { averages, release } = await this.stored.recompute((sums, changed) =>
      recomputation(sums, changed, this.rule),
    );
    if (release !== null) await this.publication.offer(release.averages, release.members);
    return averages;
  }

  /**
   * Heals averages left stale by a crash between a save and its recomputation, and when nothing
   * is published (a new deployment, or Redis lost its data) publishes the last publication again.
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      // First, so that a release of the recomputation replaces it while pending.
      if ((await this.publication.published()) === null) {
        const latest = await this.snapshots.latest();
        if (latest !== null) await this.publication.offer(latest.averages, latest.members);
      }
      await this.recompute();
    } catch (error) {
      this.logger.warn(`averages not recomputed at start: ${String(error)}`);
    }
  }
}
