import type { SearchApp, SearchDocumentOf } from '@upright/contracts';
import type { SearchEngine } from '../engine/engine';

/** Pages of an app's documents from the service that owns them. */
export type DocumentPages = <A extends SearchApp>(app: A) => AsyncIterable<SearchDocumentOf[A][]>;

/**
 * Re-index one app: every page goes into a new index, which replaces the live one only once
 * complete; on any failure the new index is dropped and the live one stays as it was.
 */
export async function rebuildApp<A extends SearchApp>(
  engine: SearchEngine,
  app: A,
  pages: DocumentPages,
): Promise<number> {
  const build = await engine.beginBuild(app);
  try {
    for await (const page of pages(app)) await build.add(page);
    return await build.swap();
  } catch (error) {
    await build.discard().catch(() => undefined);
    throw error;
  }
}
