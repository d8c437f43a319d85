import type { CompanySearchDocument } from '@upright/contracts';
import { sampleCompanyDocuments } from '../../../bench/sample-companies';
import { searchIndexSuggestions } from '../../reactivesearch/suggestions';
import { planQueries } from '../query-plan';
import { queryModel } from '../spec-support';
import { EmbeddedEngine } from './embedded-engine';
import { MemoryDocumentStore } from './memory-document-store';
import { TextIndex } from './text-index';

const DATA_FIELD = [
  { field: 'company_name', weight: 3 },
  { field: 'brands', weight: 1 },
  { field: 'subsidiaries', weight: 1 },
];

function suggestion(value: string) {
  return planQueries('companies', [
    queryModel({ id: 'q', type: 'suggestion', dataField: DATA_FIELD, value, fuzziness: 'AUTO' }),
  ])[0];
}

async function suggest(engine: EmbeddedEngine, value: string) {
  return searchIndexSuggestions(engine, 'companies', suggestion(value));
}

async function started(
  documents: CompanySearchDocument[],
  store = new MemoryDocumentStore(),
): Promise<EmbeddedEngine> {
  await store.replace('companies', documents);
  const engine = new EmbeddedEngine(store);
  await engine.start();
  return engine;
}

const PROBES = ['k', 'ko', 'kor', 'koru', 'lumar', 'zzyzx', 'power', 'he', 'bot', 'a', 'go'];

describe('the embedded engine kept up to date by the search-index worker', () => {
  const documents = sampleCompanyDocuments(600);
  const renamed = (document: CompanySearchDocument, name: string): CompanySearchDocument => ({
    ...document,
    company_name: name,
    brands: [],
    subsidiaries: [],
  });

  it('finds an added company, a replaced one by its new name only, and no deleted one', async () => {
    const engine = await started(documents.slice(0, 500));
    const [kept, replaced, deleted] = documents.slice(0, 3);
    expect((await suggest(engine, 'zzyzx')).total).toBe(0);

    await engine.upsert('companies', [renamed(documents[550], 'Zzyzx Mining')]);
    expect((await suggest(engine, 'zzy')).hits.map((hit) => hit.label)).toEqual(['Zzyzx Mining']);

    const oldName = replaced.company_name;
    await engine.upsert('companies', [renamed(replaced, 'Quixotic Quarries')]);
    expect((await suggest(engine, 'quixo')).hits.map((hit) => hit._id)).toEqual([replaced.id]);
    const byOldName = await suggest(engine, oldName);
    expect(byOldName.hits.map((hit) => hit._id)).not.toContain(replaced.id);

    await engine.remove('companies', [deleted.id]);
    const byDeletedName = await suggest(engine, deleted.company_name);
    expect(byDeletedName.hits.map((hit) => hit._id)).not.toContain(deleted.id);
    expect((await suggest(engine, kept.company_name)).hits[0]._id).toBe(kept.id);
  });

  it('answers after any mix of updates exactly as an index built afresh from the same documents', async () => {
    const store = new MemoryDocumentStore();
    const engine = await started(documents.slice(0, 400), store);
    // Replace 100 (some renamed, so words appear and vanish), delete 80, add 200, re-add 10.
    await engine.upsert(
      'companies',
      documents
        .slice(0, 100)
        .map((document, index) =>
          index % 3 === 0
            ? renamed(document, `${document.company_name} Renamed${index}`)
            : document,
        ),
    );
    await engine.remove(
      'companies',
      documents.slice(300, 380).map((document) => document.id),
    );
    await engine.upsert('companies', documents.slice(400, 600));
    await engine.upsert('companies', documents.slice(300, 310));

    const expected = await started(await store.load('companies'));
    for (const probe of PROBES) {
      expect({ probe, ...(await suggest(engine, probe)) }).toEqual({
        probe,
        ...(await suggest(expected, probe)),
      });
    }
  });

  it('never answers from before a change, however the value is typed', async () => {
    const engine = await started(documents.slice(0, 50));
    const before = await suggest(engine, 'Quixo');
    expect(before.total).toBe(0);
    expect(await suggest(engine, 'quixo')).toEqual(before);
    await engine.upsert('companies', [renamed(documents[60], 'Quixotic Quarries')]);
    expect((await suggest(engine, 'QUIXO')).hits.map((hit) => hit._id)).toEqual([documents[60].id]);
    await engine.remove('companies', [documents[60].id]);
    expect(await suggest(engine, 'quixo')).toEqual(before);
  });

  it('finds a company by a word indexed afresh when the company is sent again changed', async () => {
    const engine = await started(documents.slice(0, 50));
    const quarries = renamed(documents[60], 'Quixotic Quarries');
    await engine.upsert('companies', [quarries]);
    expect((await suggest(engine, 'quix')).total).toBe(1);
    // Its words are its own: re-indexing it empties them and indexes them again in one change.
    await engine.upsert('companies', [{ ...quarries, updated: '2020-01-01' }]);
    expect((await suggest(engine, 'quixo')).hits.map((hit) => hit._id)).toEqual([quarries.id]);
    expect((await suggest(engine, 'QUIX')).hits.map((hit) => hit._id)).toEqual([quarries.id]);
    expect((await suggest(engine, 'quixotc')).hits.map((hit) => hit._id)).toEqual([quarries.id]);
  });

  it('computes a query asked by many at once one time (single flight, decision 0053)', async () => {
    const engine = await started(documents.slice(0, 200));
    const matches = jest.spyOn(TextIndex.prototype, 'match');
    try {
      const planned = suggestion('kor');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => engine.search(planned.engine)),
      );
      expect(matches).toHaveBeenCalledTimes(1);
      expect(new Set(answers).size).toBe(1);
      expect(answers[0].total).toBeGreaterThan(0);
    } finally {
      matches.mockRestore();
    }
  });

  it('moves the version of the changed app only, on every change', async () => {
    const engine = await started(documents.slice(0, 10));
    const seen = new Set([engine.version('companies')]);
    const reports = engine.version('reports');
    await engine.upsert('companies', [documents[20]]);
    seen.add(engine.version('companies'));
    await engine.upsert('companies', [{ ...documents[20], updated: '2020-01-01' }]);
    seen.add(engine.version('companies'));
    await engine.remove('companies', [documents[20].id]);
    seen.add(engine.version('companies'));
    const build = await engine.beginBuild('companies');
    await build.add(documents.slice(0, 5));
    await build.swap();
    seen.add(engine.version('companies'));
    expect(seen.size).toBe(5);
    expect(engine.version('reports')).toBe(reports);
    // Nothing changed: a document sent again as it is, an id that is not indexed.
    const current = engine.version('companies');
    await engine.upsert('companies', [documents[0]]);
    await engine.remove('companies', ['UC999999']);
    expect(engine.version('companies')).toBe(current);
    // Another process (a restart) never repeats these versions.
    expect(seen.has((await started(documents.slice(0, 10))).version('companies'))).toBe(false);
  });
});
