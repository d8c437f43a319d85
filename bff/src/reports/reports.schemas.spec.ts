import { REPORTS_PAGE_MAX } from '@upright/contracts';
import { majorParams, pageParams, publishedParams, sourcesParams } from './reports.schemas';

const firstProblem = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[] }[] };
}) => result.error?.issues[0]?.path.join('.');

describe('report route parameters', () => {
  it('pages are whole numbers from 1 to the maximum, digits only', () => {
    expect(pageParams.parse({ page: '3' })).toEqual({ page: 3 });
    for (const page of ['0', '-1', '1.5', '1e2', ' 1', String(REPORTS_PAGE_MAX + 1), '']) {
      expect(pageParams.safeParse({ page }).success).toBe(false);
    }
  });

  it('sources take comma-separated company ids, reported as one field', () => {
    expect(sourcesParams.parse({ companies: 'UC000001,UC000002' })).toEqual({
      companies: ['UC000001', 'UC000002'],
    });
    for (const companies of ['', 'UC1,', ',UC1', 'UC1,,UC2', 'UC 1', 'UC1/..', 'x'.repeat(65)]) {
      const result = sourcesParams.safeParse({ companies });
      expect(result.success).toBe(false);
      expect(firstProblem(result)).toBe('companies');
    }
    const many = Array.from({ length: 101 }, (_, i) => `UC${i}`).join(',');
    expect(sourcesParams.safeParse({ companies: many }).success).toBe(false);
  });

  it('major filters accept all for list and value, and report the first bad one in route order', () => {
    const valid = {
      page: '1',
      list: 'all',
      value: 'all',
      archived: 'false',
      year: '2026',
      qrt: '3',
      major: 'true',
    };
    expect(majorParams.parse(valid)).toEqual({
      page: 1,
      list: 'all',
      value: 'all',
      archived: false,
      year: 2026,
      qrt: 3,
      major: true,
    });
    expect(majorParams.parse({ ...valid, list: 'grocery-stores', value: 'pay_gap' })).toMatchObject(
      {
        list: 'grocery-stores',
        value: 'pay_gap',
      },
    );
    expect(firstProblem(majorParams.safeParse({ ...valid, list: 'All', qrt: '9' }))).toBe('list');
    expect(firstProblem(majorParams.safeParse({ ...valid, qrt: '9' }))).toBe('qrt');
  });

  it('published paths accept any old date or slug, within bounds', () => {
    expect(publishedParams.parse({ id: '7', date: 'yesterday', slug: 'Öld Títle' })).toEqual({
      id: 7,
      date: 'yesterday',
      slug: 'Öld Títle',
    });
    expect(
      firstProblem(publishedParams.safeParse({ id: '7', date: 'x', slug: 'y'.repeat(301) })),
    ).toBe('slug');
  });
});
