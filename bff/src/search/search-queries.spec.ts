import { ERROR_TEXTS, Patterns } from '@upright/contracts';
import type { ServiceClient } from '@upright/platform';
import { answersAlike, SearchQueries } from './search-queries';

const typing = (extra: Record<string, unknown> = {}) => ({
  query: [{ id: 'search__internal', type: 'suggestion', value: 'acm', ...extra }],
});

describe('answersAlike (queries whose answer is kept and asked in batches)', () => {
  const queries = new SearchQueries({} as ServiceClient);

  it('takes a typing body: anyone sending it gets the same answer', () => {
    const parsed = queries.parse('companies', typing());
    expect(answersAlike(parsed)).toBe(true);
    expect(parsed.queries.map((query) => [query.id, query.value])).toEqual([
      ['search__internal', 'acm'],
    ]);
  });

  it('leaves a recorded search, popular or recent suggestions out: they are one request’s', () => {
    const alike = (body: unknown) => answersAlike(queries.parse('companies', body));
    expect(alike({ ...typing(), settings: { recordAnalytics: true } })).toBe(false);
    expect(alike(typing({ enablePopularSuggestions: true }))).toBe(false);
    expect(alike(typing({ enableRecentSuggestions: true }))).toBe(false);
  });
});

describe('SearchQueries asking the search service', () => {
  it('sends the parsed model and who searches to the search service, and gives its answer back', async () => {
    const answer = { searchId: null, results: {} };
    const request = jest.fn().mockResolvedValue(answer);
    const queries = new SearchQueries({ request } as unknown as ServiceClient);
    const parsed = queries.parse('companies', typing());
    const searcher = { memberUid: null, visitorKey: null };
    await expect(queries.run('companies', parsed, searcher)).resolves.toBe(answer);
    expect(request).toHaveBeenCalledWith(Patterns.search.reactiveSearch, {
      app: 'companies',
      queries: parsed.queries,
      recordAnalytics: false,
      ...searcher,
    });
  });

  it('asks the alike bodies of one turn in one batch message and gives each its own answer or failure', async () => {
    const failure = { code: 'validation_failed', message: 'queries.0.value is too long' };
    const request = jest.fn().mockResolvedValue({
      answers: [{ results: { first: 1 } }, { failure }, { results: { third: 3 } }],
    });
    const queries = new SearchQueries({ request } as unknown as ServiceClient);
    const bodies = ['acm', 'x', 'glob'].map((value) =>
      queries.parse('companies', typing({ value })),
    );
    const outcomes = await Promise.allSettled(
      bodies.map((parsed) => queries.answerAlike('companies', parsed)),
    );
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: { first: 1 } },
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: { third: 3 } },
    ]);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(Patterns.search.reactiveSearchBatch, {
      bodies: bodies.map((parsed) => ({ app: 'companies', queries: parsed.queries })),
    });
  });

  it('asks each body alone when the search service knows no batch (older, during a rolling upgrade)', async () => {
    const noHandler = { code: 'internal', message: 'Internal error' };
    const request = jest.fn(async (pattern: string, data: { queries: unknown[] }) => {
      if (pattern === Patterns.search.reactiveSearchBatch) throw noHandler;
      return { searchId: null, results: { asked: data.queries.length } };
    });
    const queries = new SearchQueries({ request } as unknown as ServiceClient);
    const bodies = ['acm', 'glob'].map((value) => queries.parse('companies', typing({ value })));
    await expect(
      Promise.all(bodies.map((parsed) => queries.answerAlike('companies', parsed))),
    ).resolves.toEqual([{ asked: 1 }, { asked: 1 }]);
    expect(request.mock.calls.map(([pattern]) => pattern)).toEqual([
      Patterns.search.reactiveSearchBatch,
      Patterns.search.reactiveSearch,
      Patterns.search.reactiveSearch,
    ]);
    expect(request).toHaveBeenLastCalledWith(Patterns.search.reactiveSearch, {
      app: 'companies',
      queries: bodies[1].queries,
      recordAnalytics: false,
      memberUid: null,
      visitorKey: null,
    });
  });

  it('asks nothing again when the batch failed for the service being away or busy', async () => {
    const away = { code: 'service_unavailable', message: ERROR_TEXTS.serviceUnavailable };
    const request = jest.fn().mockRejectedValue(away);
    const queries = new SearchQueries({ request } as unknown as ServiceClient);
    const parsed = queries.parse('companies', typing());
    await expect(queries.answerAlike('companies', parsed)).rejects.toBe(away);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('refuses a wrong body with the API’s validation error, naming the property', () => {
    const queries = new SearchQueries({} as ServiceClient);
    expect(() => queries.parse('companies', typing({ customQuery: {} }))).toThrow(
      expect.objectContaining({
        response: expect.objectContaining({
          error: expect.objectContaining({ code: 'validation_failed' }),
        }),
      }),
    );
  });
});
