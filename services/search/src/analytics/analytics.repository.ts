import { Inject, Injectable } from '@nestjs/common';
import type { SearchApp } from '@upright/contracts';
import { DATABASE, SERVICE_CONFIG } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import type { SearchConfig } from '../config';
import type { PrismaClient } from '../generated/prisma/client';

/** Who searched: a member, or a visitor's daily pseudonym (neither is ever shown to others). */
export interface Searcher {
  memberUid: string | null;
  visitorKey: string | null;
}

export interface TermCount {
  key: string;
  count: number;
}

/** `LIKE` pattern for "starts with", the typed text taken literally. */
function startsWith(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Search analytics in the `search` schema: searches, their impressions and clicks, in the
 * deployment's space (SEARCH_INDEX_PREFIX), like its documents.
 */
@Injectable()
export class AnalyticsRepository {
  private readonly space: string;
  private readonly popularMinSearchers: number;

  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    @Inject(SERVICE_CONFIG) config: SearchConfig,
  ) {
    this.space = config.SEARCH_INDEX_PREFIX;
    this.popularMinSearchers = config.POPULAR_MIN_SEARCHERS;
  }

  async recordSearch(
    app: SearchApp,
    term: string,
    { memberUid, visitorKey }: Searcher,
    hits: number,
  ): Promise<string> {
    const id = randomUUID();
    await this.db.search.create({
      data: { id, space: this.space, app, term, memberUid, visitorKey, hits },
    });
    return id;
  }

  async searchApp(id: string): Promise<string | null> {
    const row = await this.db.search.findUnique({
      where: { id },
      select: { app: true, space: true },
    });
    return row?.space === this.space ? row.app : null;
  }

  async recordImpressions(searchId: string, docIds: string[]): Promise<void> {
    if (docIds.length === 0) return;
    await this.db.impression.createMany({
      data: docIds.map((docId) => ({ searchId, docId })),
      skipDuplicates: true,
    });
  }

  async recordClicks(
    searchId: string,
    clickType: 'result' | 'suggestion',
    clickOn: Record<string, number>,
  ): Promise<number> {
    const { count } = await this.db.click.createMany({
      data: Object.entries(clickOn).map(([docId, position]) => ({
        searchId,
        docId,
        position,
        clickType,
      })),
    });
    return count;
  }

  /**
   * Most searched terms of the app starting with `prefix`, normalised (markup removed, lower
   * case, spaces collapsed) and only those at least POPULAR_MIN_SEARCHERS distinct searchers
   * searched: one person's searches, a member's included, are never shown to others. A search
   * with neither member nor visitor key (recorded before keys existed) counts as its own searcher.
   */
  popular(app: SearchApp, prefix: string, size: number): Promise<TermCount[]> {
    return this.db.$queryRawUnsafe<TermCount[]>(
      `WITH normalised AS (
         SELECT btrim(regexp_replace(regexp_replace(lower(term), '<[^>]*>', ' ', 'g'), '[[:space:]]+', ' ', 'g')) AS key,
                coalesce('m:' || member_uid, 'v:' || visitor_key, 's:' || id::text) AS searcher
         FROM search.searches
         WHERE space = $4 AND app = $1
       )
       SELECT key, count(DISTINCT searcher)::int AS count
       FROM normalised
       WHERE key LIKE $2 AND key <> '' AND key !~ '[<>]'
       GROUP BY key
       HAVING count(DISTINCT searcher) >= $5
       ORDER BY count(DISTINCT searcher) DESC, key
       LIMIT $3`,
      app,
      startsWith(prefix),
      size,
      this.space,
      this.popularMinSearchers,
    );
  }

  /** A member's latest distinct searches of the app, newest first. */
  recent(options: {
    app: SearchApp;
    memberUid: string;
    prefix: string;
    size: number;
    minChars: number;
    from: string | null;
    to: string | null;
  }): Promise<TermCount[]> {
    return this.db.$queryRawUnsafe<TermCount[]>(
      `SELECT term AS key, count(*)::int AS count
       FROM search.searches
       WHERE space = $8 AND member_uid = $1 AND app = $2 AND char_length(term) >= $3 AND lower(term) LIKE $4
         AND ($5::timestamptz IS NULL OR created_at >= $5::timestamptz)
         AND ($6::timestamptz IS NULL OR created_at <= $6::timestamptz)
       GROUP BY term
       ORDER BY max(created_at) DESC, term
       LIMIT $7`,
      options.memberUid,
      options.app,
      options.minChars,
      startsWith(options.prefix),
      options.from,
      options.to,
      options.size,
      this.space,
    );
  }

  /**
   * docs/product/rules.md#s8: a deleted member's analytics go with them (impressions and clicks
   * cascade), in every space.
   */
  async deleteMember(uid: string): Promise<number> {
    const { count } = await this.db.search.deleteMany({ where: { memberUid: uid } });
    return count;
  }

  /** Retention: this space's searches older than `days` go, their impressions and clicks too. */
  async deleteOlderThan(days: number): Promise<number> {
    return this.db.$executeRaw`
      DELETE FROM search.searches
      WHERE space = ${this.space} AND created_at < now() - make_interval(days => ${days}::int)`;
  }
}
