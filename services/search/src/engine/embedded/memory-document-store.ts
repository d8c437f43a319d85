import type { SearchApp, SearchDocumentOf } from '@upright/contracts';
import type { DocumentStore } from './document-store';

/** Documents kept in this process only: for tests and benches that need no database. */
export class MemoryDocumentStore implements DocumentStore {
  private readonly apps = new Map<SearchApp, Map<string, { id: string }>>();

  async load<A extends SearchApp>(app: A): Promise<SearchDocumentOf[A][]> {
    return [...this.documents(app).values()] as SearchDocumentOf[A][];
  }

  async upsert<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void> {
    const stored = this.documents(app);
    for (const document of documents) stored.set(document.id, document);
  }

  async remove(app: SearchApp, ids: string[]): Promise<void> {
    const stored = this.documents(app);
    for (const id of ids) stored.delete(id);
  }

  async replace<A extends SearchApp>(app: A, documents: SearchDocumentOf[A][]): Promise<void> {
    this.apps.set(app, new Map(documents.map((document) => [document.id, document])));
  }

  private documents(app: SearchApp): Map<string, { id: string }> {
    let stored = this.apps.get(app);
    if (!stored) this.apps.set(app, (stored = new Map()));
    return stored;
  }
}
