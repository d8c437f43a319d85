import type { SearchApp, SearchDocumentOf } from '@upright/contracts';
import type { PrismaClient } from '../../generated/prisma/client';
import type { DocumentStore } from './document-store';

const BATCH = 1000;

type Queryable = Pick<PrismaClient, '$executeRawUnsafe' | '$queryRawUnsafe'>;

async function upsertBatches(
  db: Queryable,
  space: string,
  app: SearchApp,
  documents: ReadonlyArray<{ id: string }>,
): Promise<void> {
  for (let start = 0; start < documents.length; start += BATCH) {
    const batch = documents.slice(start, start + BATCH).map((body) => ({ id: body.id, body }));
    await db.$executeRawUnsafe(
      `INSERT INTO search.documents (space, app, id, body)
       SELECT $1, $2, input.id, input.body FROM jsonb_to_recordset($3::jsonb) AS input(id text, body jsonb)
       ON CONFLICT (space, app, id) DO UPDATE SET body = EXCLUDED.body, updated_at = now()
       WHERE documents.body IS DISTINCT FROM EXCLUDED.body`,
      space,
      app,
      JSON.stringify(batch),
    );
  }
}

/** The `search.documents` table; `space` is the index prefix, so deployments never mix. */
export class PostgresDocumentStore implements DocumentStore {
  constructor(
    private readonly db: PrismaClient,
    private readonly space: string,
  ) {}

  async load<A extends SearchApp>(app: A): Promise<SearchDocumentOf[A][]> {
    const rows = await this.db.document.findMany({
      where: { space: this.space, app },
      select: { body: true },
      orderBy: { id: 'asc' },
    });
    return rows.map((row) => row.body as unknown as SearchDocumentOf[A]);
  }

  async upsert<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void> {
    await upsertBatches(this.db, this.space, app, documents);
  }

  async remove(app: SearchApp, ids: string[]): Promise<void> {
    await this.db.document.deleteMany({ where: { space: this.space, app, id: { in: ids } } });
  }

  async replace<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void> {
    await this.db.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(
          'DELETE FROM search.documents WHERE space = $1 AND app = $2',
          this.space,
          app,
        );
        await upsertBatches(tx, this.space, app, documents);
      },
      { timeout: 10 * 60_000, maxWait: 10_000 },
    );
  }
}
