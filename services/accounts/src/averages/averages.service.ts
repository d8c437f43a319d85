import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Averages, CrowdAverages } from '@upright/contracts';
import { SERVICE_CONFIG } from '@upright/platform';
import { averagesRule, type AccountsConfig } from '../config';
import { crowdAverages, DEFAULT_AVERAGES, type KeptSnapshot, type ReleaseRule } from './averages';
import { AveragesSnapshots } from './averages-snapshots.repository';
import { AveragesPublication } from './averages-publication';
import { AveragesRepository } from './averages.repository';
import { countingAt, periodStart, type AveragesRule } from './period';
import { recomputation } from './release';

/**
 * The stored averages (one row) and their recomputation. A recomputation locks the row, so
 * concurrent saves apply one after the other; once enough members changed (decision 0043) the
 * averages are released and published for visitors' rankings by AveragesPublication.
 */
@Injectable()
export class AveragesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(AveragesService.name);
  private readonly rule: ReleaseRule;
  private readonly averagesRule: AveragesRule;

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
    this.averagesRule = averagesRule(config);
  }

  async crowd(): Promise<CrowdAverages> {
    const min = this.config.AVERAGES_MIN_MEMBERS;
    const now = new Date();
    const latest = await this.snapshots.latest();
    const history = latest !== null && latest.members >= min ? await this.snapshots.shown(min) : [];
    const counted = await this.stored.counted(countingAt(this.averagesRule, now));
    return crowdAverages(latest, history, this.rule, {
      counted,
      inForce: await this.inForce(latest, now),
      rule: this.averagesRule,
    });
  }

  /**
   * The weights of visitors' rankings and since when, null for equal weights: the latest
   * publication, or under the monthly rule the last one before the 1st (decision 0055).
   */
  private async inForce(
    latest: KeptSnapshot | null,
    now: Date,
  ): Promise<CrowdAverages['in_force']> {
    const monthly = this.averagesRule === 'monthly';
    const start = periodStart(now);
    const kept = monthly ? await this.snapshots.before(start) : latest;
    if (kept === null || kept.members < this.config.AVERAGES_MIN_MEMBERS) return null;
    return { since: monthly ? start.toISOString() : kept.published_at, averages: kept.averages };
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
      (this.averagesRule === 'monthly'
        ? await this.snapshots.before(periodStart(new Date()))
        : await this.snapshots.latest()
      )?.averages ??
      DEFAULT_AVERAGES
    );
  }

  /**
   * Recomputes from the priorities; the averages are published when due (AveragesPublication)
   * once released (decision 0043).
   */
  async recompute(): Promise<Averages> {
    const counting = countingAt(this.averagesRule, new Date());
    const { averages, release } = await this.stored.recompute(counting, (sums, changed) =>
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
      if ((await this.publication.latest()) === null) {
        const latest = await this.snapshots.latest();
        if (latest !== null) await this.publication.offer(latest.averages, latest.members);
      }
      await this.recompute();
    } catch (error) {
      this.logger.warn(`averages not recomputed at start: ${String(error)}`);
    }
  }
}
