import type { QueueConnectionConfig } from '@upright/platform';
import type { PrismaClient } from '../generated/prisma/client';
import { queueRankAlerts } from '../rank-alerts/rank-alerts.queue';
import {
  announceDataChange,
  CACHE_ENTRY_TTL_MS,
  moveLedgerVersions,
  type DataVersionRedis,
} from '../rankings-cache/data-version';
import { pushToSearchIndex } from '../search-documents/search-index.queue';

/** Where a change of the public data is announced, and where to say how it went. */
export interface Announcer {
  transportPrefix: string;
  queue: QueueConnectionConfig;
  /** Runs `use` with a Redis that may move rankings' keys (the CLI connects for it). */
  withRedis(use: (redis: DataVersionRedis) => Promise<void>): Promise<void>;
  info(line: string): void;
  warn(line: string): void;
}

/** What changed in the public data, and what it asks for after the commit. */
export interface PublicChange {
  /** Industries whose rankings may differ now. */
  industries: readonly string[];
  /** Some row changed: the search documents are queued again. */
  reindex: boolean;
  /** A publish queues the rank alerts of new periods; a rollback alerts nobody (decision 0077 §5). */
  alerts: boolean;
  /** Correction requests were accepted (the draft carried them): the ledgers' version moves. */
  ledgers: boolean;
}

/**
 * After a publish or rollback has committed, as `make import` always did: the industries' data
 * versions and the public `data` version move, so every rankings and BFF replica moves on its next
 * request (decision 0011); the search documents are queued; the rank alerts of new periods are
 * queued. The data is committed: a step that fails is told and does not undo it. `announcer`
 * null (the CLI without REDIS_URL) announces and queues nothing.
 */
export async function announcePublicChange(
  db: PrismaClient,
  announcer: Announcer | null,
  change: PublicChange,
): Promise<void> {
  if (announcer === null) return;
  await announce(announcer, change.industries);
  if (change.ledgers) await announceLedgers(announcer);
  if (change.reindex) await indexForSearch(db, announcer);
  if (change.alerts) await alertFollowers(db, announcer);
}

async function announce(announcer: Announcer, industries: readonly string[]): Promise<void> {
  if (industries.length === 0) return;
  try {
    await announcer.withRedis((redis) =>
      announceDataChange(redis, announcer.transportPrefix, industries),
    );
  } catch (error) {
    const minutes = CACHE_ENTRY_TTL_MS / 60_000;
    announcer.warn(
      `could not announce the change (${(error as Error).message}); running rankings replicas show it within ${minutes} minutes`,
    );
  }
}

/** Kept ledgers drop: their accepted entries are new (decision 0038). */
async function announceLedgers(announcer: Announcer): Promise<void> {
  try {
    await announcer.withRedis((redis) => moveLedgerVersions(redis, announcer.transportPrefix));
  } catch (error) {
    const minutes = CACHE_ENTRY_TTL_MS / 60_000;
    announcer.warn(
      `could not announce the accepted corrections (${(error as Error).message}); the ledgers show them within ${minutes} minutes`,
    );
  }
}

/** Queues the search documents (docs/product/rules.md#s7: an import re-indexes search). */
async function indexForSearch(db: PrismaClient, announcer: Announcer): Promise<void> {
  try {
    const pushed = await pushToSearchIndex(db, announcer.queue);
    announcer.info(`Queued ${pushed} search documents for indexing.`);
  } catch (error) {
    announcer.warn(
      `could not queue the search documents (${(error as Error).message}); run make reindex`,
    );
  }
}

/**
 * Queues the alerts of industries whose latest period is new. Runs after every publish, changed
 * or not: one that died before this step is healed by the next.
 */
async function alertFollowers(db: PrismaClient, announcer: Announcer): Promise<void> {
  try {
    const jobs = await queueRankAlerts(db, announcer.queue);
    for (const job of jobs) {
      const companies = job.industries.reduce((sum, industry) => sum + industry.moves.length, 0);
      announcer.info(
        `Queued rank alerts for ${job.period.period_year} Q${job.period.period_qrt}: ${companies} moves in ${job.industries.length} industries.`,
      );
    }
  } catch (error) {
    announcer.warn(
      `could not queue the rank alerts (${(error as Error).message}); the next publish queues them`,
    );
  }
}
