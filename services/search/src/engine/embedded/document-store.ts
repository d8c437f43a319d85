import type { SearchApp, SearchDocumentOf } from '@upright/contracts';

/** Where the embedded engine keeps its documents so that a restart rebuilds the same index. */
export interface DocumentStore {
  load<A extends SearchApp>(app: A): Promise<SearchDocumentOf[A][]>;
  upsert<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void>;
  remove(app: SearchApp, ids: string[]): Promise<void>;
  /** Replaces every document of `app` in one transaction (a re-index). */
  replace<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void>;
}
