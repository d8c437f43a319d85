import { termsBuckets } from './terms-buckets';

describe('termsBuckets', () => {
  const documents = [
    { sectors: ['Energy', 'Utilities'], industry: 'oil' },
    { sectors: ['Energy', 'Energy'], industry: 'oil' },
    { sectors: ['Financials'], industry: 'banks' },
    { sectors: [], industry: '' },
    { industry: null },
  ];

  it('counts a document once per distinct value, lists value by value, empty values left out', () => {
    expect(termsBuckets(documents, { field: 'sectors', size: 10, order: 'count' })).toEqual([
      { key: 'Energy', doc_count: 2 },
      { key: 'Financials', doc_count: 1 },
      { key: 'Utilities', doc_count: 1 },
    ]);
    expect(termsBuckets(documents, { field: 'industry', size: 10, order: 'count' })).toEqual([
      { key: 'oil', doc_count: 2 },
      { key: 'banks', doc_count: 1 },
    ]);
  });

  it('orders by value when asked and keeps the first `size` buckets', () => {
    const keys = (order: 'asc' | 'desc', size: number) =>
      termsBuckets(documents, { field: 'sectors', size, order }).map((bucket) => bucket.key);
    expect(keys('asc', 10)).toEqual(['Energy', 'Financials', 'Utilities']);
    expect(keys('desc', 2)).toEqual(['Utilities', 'Financials']);
    expect(termsBuckets(documents, { field: 'sectors', size: 0, order: 'count' })).toEqual([]);
  });
});
