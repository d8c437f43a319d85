import { z } from 'zod';
import { reportIdParam, slugParam } from '../shared/route-params';
import { industryFileParams, marketFileParams, reportFileParams } from './open-data.schemas';

/** The pattern the OpenAPI document states for a file parameter: the schema's own. */
function patternOf(params: z.ZodObject): RegExp {
  const json = z.toJSONSchema(params, { io: 'input', unrepresentable: 'any' }) as unknown as {
    properties: { file: { pattern: string } };
  };
  return new RegExp(json.properties.file.pattern, 'u');
}

describe('open-data file names', () => {
  // The pattern alone must decide as the name's schema does: a client checking a name with the
  // document refuses exactly what the route refuses.
  it.each([
    [
      'a report',
      reportFileParams,
      reportIdParam,
      [
        '1',
        '7',
        '01',
        '0000000001',
        '999999999',
        '1000000000',
        '2147483647',
        '2147483646',
        '2147483639',
        '2099999999',
        '0',
        '00',
        '0000000000',
        '2147483648',
        '2147483650',
        '2200000000',
        '3000000000',
        '9999999999',
        '00000000001',
        '12345678901',
        '-1',
        '1e3',
        '+5',
        ' 5',
        '5 ',
        'x1',
        '',
      ],
    ],
    [
      'an industry',
      industryFileParams,
      slugParam,
      [
        'tools',
        'fast-food',
        'a1-b2',
        'a'.repeat(100),
        'a'.repeat(101),
        'Tools',
        'fast--food',
        '-tools',
        'tools-',
        'fast_food',
        'tools.csv',
        '../tools',
        '',
      ],
    ],
    ['a market', marketFileParams, slugParam, ['us', 'eu', 'US', 'u.s', '']],
  ] as const)('%s: the pattern and the schema agree', (_what, params, name, names) => {
    const pattern = patternOf(params);
    for (const base of names) {
      for (const format of ['csv', 'json', 'xml']) {
        const file = `${base}.${format}`;
        const accepted = name.safeParse(base).success && format !== 'xml';
        expect({ file, pattern: pattern.test(file) }).toEqual({ file, pattern: accepted });
        expect({ file, route: params.safeParse({ market: 'us', file }).success }).toEqual({
          file,
          route: accepted,
        });
      }
    }
  });

  it('reads the name and format', () => {
    expect(reportFileParams.parse({ file: '0042.csv' }).file).toEqual({ name: 42, format: 'csv' });
    expect(marketFileParams.parse({ file: 'us.json' }).file).toEqual({
      name: 'us',
      format: 'json',
    });
  });
});
