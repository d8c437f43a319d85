import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Patterns, type IssueWeights } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { DEFAULT_AVERAGE_WEIGHTS, sameWeights, weightsFromAverages } from './averages';

/**
 * The `accounts.averages.changed` event reaches one replica of this service only (one consumer
 * group per service), so every replica also asks accounts this often; the others catch up
 * within this period.
 */
export const AVERAGES_REFRESH_MS = 60_000;

/**
 * The averages that weigh visitors' rankings (docs/product/rules.md#s5 rule 6), held in memory so
 * that a request never waits for accounts. Loaded at start, replaced by the averages-changed event
 * and refreshed periodically. Until accounts first answers every weight is 5, which is also the
 * value of docs/product/rules.md#s4 when no member has weighted priorities.
 */
@Injectable()
export class AveragesCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AveragesCache.name);
  private current: IssueWeights = DEFAULT_AVERAGE_WEIGHTS;
  private refreshTimer?: NodeJS.Timeout;
  private accountsAnswering?: boolean;
  private lastPublished?: string;
  private changes = 0;

  constructor(private readonly services: ServiceClient) {}

  /**
   * The current weights. The object is replaced only when a value changes, so callers may
   * memoise work per weights object.
   */
  get weights(): IssueWeights {
    return this.current;
  }

  /** Moves whenever the weights object is replaced: a key for answers kept per averages. */
  get generation(): number {
    return this.changes;
  }

  /** Takes new averages; invalid payloads are logged and ignored. Returns whether they changed. */
  apply(averages: unknown): boolean {
    const weights = weightsFromAverages(averages);
    if (weights === null) {
      this.logger.warn('Ignoring malformed averages');
      return false;
    }
    if (sameWeights(weights, this.current)) return false;
    this.current = weights;
    this.changes++;
    return true;
  }

  /**
   * Takes the averages as published in Redis (JSON), read by every request with the data
   * version: a BFF that heard a publication and asks again is answered with exactly them.
   */
  applyPublished(json: string | null): void {
    if (json === null || json === this.lastPublished) return;
    this.lastPublished = json;
    try {
      this.apply(JSON.parse(json));
    } catch {
      this.logger.warn('Ignoring unreadable published averages');
    }
  }

  /** Asks accounts for the averages; keeps the current ones when it cannot answer. */
  async refresh(): Promise<void> {
    try {
      this.apply(await this.services.request(Patterns.accounts.averages, {}));
      this.noteAccountsAnswering(true);
    } catch (error) {
      this.noteAccountsAnswering(false, error);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    // A hybrid app (HTTP + transport) may run bootstrap hooks once for each.
    if (this.refreshTimer) return;
    this.refreshTimer = setInterval(() => void this.refresh(), AVERAGES_REFRESH_MS);
    this.refreshTimer.unref();
    await this.refresh();
  }

  onApplicationShutdown(): void {
    clearInterval(this.refreshTimer);
  }

  /** One log line per change of state, not one per refresh. */
  private noteAccountsAnswering(answering: boolean, error?: unknown): void {
    if (this.accountsAnswering === answering) return;
    this.accountsAnswering = answering;
    if (answering) this.logger.log('Averages loaded from accounts');
    else {
      this.logger.warn(
        `Averages unavailable from accounts (${String(error)}); using the current ones`,
      );
    }
  }
}
