import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { ISSUES } from '@upright/contracts';
import { validateImportFile, type ImportRowError } from './index';

const SAMPLE = path.resolve(__dirname, '../../data/sample.json');

// A small valid file; tests change one thing at a time.
function validFile() {
  return {
    industries: [
      {
        industry: 'airlines',
        industry_text: 'Airlines',
        industry_alts: ['Air carriers'],
        definition: 'Companies that fly passengers.',
        industry_values: ['climate', 'tax'],
        limit: 10,
      },
      {
        industry: 'banks',
        industry_text: 'Banks',
        definition: 'Deposit-taking institutions.',
        limit: 15,
        active: false,
      },
    ],
    companies: [
      {
        upright_cid: 'UC000001',
        company_name: 'Quenvik Air',
        brands: ['Quenvik Go'],
        subsidiaries: ['Quenvik Holdings LLC'],
        industry: 'airlines',
        industries: ['airlines', 'banks'],
        sectors: ['Transportation'],
        structure: 'Public',
        alt_reporting: false,
        self_reporting: false,
        updated: '2026-10-01',
        headquarters: { city: 'Denver', state: 'CO', latitude: 39.7392, longitude: -104.9903 },
      },
      {
        upright_cid: 'UC000002',
        company_name: 'Torlune Bank',
        industry: 'banks',
        structure: 'Private',
      },
    ],
    scores: [
      {
        upright_cid: 'UC000001',
        period_year: 2026,
        period_qrt: 3,
        climate_score: 120.5,
        us_tax_score: null,
      },
      { upright_cid: 'UC000001', period_year: 2026, period_qrt: 2, climate_score: 130 },
      { upright_cid: 'UC000002', period_year: 2026, period_qrt: 3, exec_comp_score: 12 },
    ],
    details: {
      companies_taxes: [
        {
          upright_cid: 'UC000001',
          period_year: 2026,
          period_qrt: 3,
          source_publisher: 'Civic Ledger Institute',
          source_url: 'https://example.org/civic-ledger/uc000001',
          source_date: '2026-11-02',
          metrics: { pretax_income: 1_200_000_000, effective_tax_rate: 18.5 },
        },
      ],
      companies_climates: [
        {
          upright_cid: 'UC000001',
          period_year: 2026,
          period_qrt: 3,
          source_publisher: 'Copperfen Emissions Registry',
          source_url: 'http://example.org/copperfen/uc000001',
          source_date: '2026-10-20',
          metrics: { scope1_emissions: 5000, net_zero_target: '2040' },
        },
      ],
    },
    reports: [
      {
        report_id: 1,
        title: 'Airlines Ranked on Climate, Q3 2026',
        slug: 'airlines-ranked-on-climate-q3-2026',
        published_date: '2026-11-10',
        industry: 'airlines',
        value: 'climate',
        geography: 'us',
        count: 5,
        primary: true,
        major: false,
        major_ranking: false,
        archived: false,
        featured: true,
        period_year: 2026,
        period_qrt: 3,
        report: '## Summary\n\nSample copy.',
      },
    ],
    report_sources: [
      {
        report_id: 1,
        upright_cid: 'UC000001',
        source_publisher: 'Lanternfield Research',
        source_url: 'https://example.org/lanternfield/uc000001',
        source_date: '2026-10-05',
        title: 'Quenvik Air disclosures, Q3 2026',
      },
      {
        report_id: 1,
        source_publisher: 'Lanternfield Research',
        source_url: 'https://example.org/lanternfield/airlines',
        source_date: '2026-10-05',
        title: 'Airlines data set',
      },
    ],
  };
}

type File = ReturnType<typeof validFile>;
type Loose = Record<string, unknown>;

function errorsOf(
  input: unknown,
  options?: Parameters<typeof validateImportFile>[1],
): ImportRowError[] {
  const result = validateImportFile(input, options);
  if (result.ok) throw new Error('expected the file to be rejected');
  return result.errors;
}

/** The errors of a valid file after `change` was applied to it. */
function errorsAfter(
  change: (file: File) => void,
  options?: Parameters<typeof validateImportFile>[1],
) {
  const file = validFile();
  change(file);
  return errorsOf(file, options);
}

describe('validateImportFile: valid files', () => {
  it('accepts a valid file and fills in defaults', () => {
    const result = validateImportFile(validFile());
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const { file } = result;
    expect(file.industries[0].active).toBe(true);
    expect(file.industries[1].industry_alts).toEqual([]);
    expect(file.companies[1]).toMatchObject({
      industries: ['banks'],
      brands: [],
      subsidiaries: [],
      sectors: [],
      alt_reporting: false,
      self_reporting: false,
    });
    // A missing score key is null.
    for (const issue of ISSUES) expect(file.scores[2]).toHaveProperty(issue.scoreField);
    expect(file.scores[2].climate_score).toBeNull();
    expect(file.scores[2].exec_comp_score).toBe(12);
    expect(file.details.companies_lobbyings).toEqual([]);
    expect(file.reports[0].value).toBe('climate');
  });

  it('accepts a file with only some sections', () => {
    const { scores } = validFile();
    expect(
      validateImportFile({ scores }, { knownCompanies: new Set(['UC000001', 'UC000002']) }).ok,
    ).toBe(true);
  });

  it('accepts the shipped sample file', () => {
    const result = validateImportFile(JSON.parse(readFileSync(SAMPLE, 'utf8')));
    expect(result.ok ? [] : result.errors.slice(0, 5)).toEqual([]);
  });
});

describe('validateImportFile: the file as a whole', () => {
  it.each([null, [], 'text', 42, true])('rejects %p: not an object', (input) => {
    expect(errorsOf(input)).toEqual([
      { path: '(file)', message: expect.stringMatching(/^must be a JSON object/) },
    ]);
  });

  it.each([{}, { companies: [] }, { details: { companies_taxes: [] } }])(
    'rejects an empty file %p',
    (input) => {
      expect(errorsOf(input)).toEqual([
        { path: '(file)', message: expect.stringMatching(/^file is empty/) },
      ]);
    },
  );

  it('names an unknown section, with a hint', () => {
    const errors = errorsAfter((file) => {
      (file as Loose).compnies = [];
    });
    expect(errors).toEqual([
      { path: 'compnies', message: 'unknown field "compnies" (did you mean "companies"?)' },
    ]);
  });

  it('says when a section is not a list', () => {
    expect(errorsAfter((file) => ((file as Loose).scores = { a: 1 }))).toEqual([
      { path: 'scores', message: 'must be a list' },
    ]);
  });

  it('says when a row is not an object', () => {
    expect(errorsAfter((file) => ((file.companies as unknown[])[1] = 'UC000002'))).toEqual(
      expect.arrayContaining([{ path: 'companies[1]', message: 'must be an object' }]),
    );
  });
});

describe('validateImportFile: field types, ranges and formats', () => {
  const cases: [string, (file: File) => void, ImportRowError][] = [
    [
      'missing required field',
      (f) => delete (f.companies[1] as Loose).company_name,
      { path: 'companies[1].company_name', message: 'is required' },
    ],
    [
      'string expected',
      (f) => ((f.companies[0] as Loose).company_name = 42),
      { path: 'companies[0].company_name', message: 'must be a string' },
    ],
    [
      'empty string',
      (f) => (f.companies[0].company_name = '   '),
      { path: 'companies[0].company_name', message: 'must not be empty' },
    ],
    [
      'string in a list',
      (f) => ((f.companies[0].brands as unknown[])[0] = 7),
      { path: 'companies[0].brands[0]', message: 'must be a string' },
    ],
    [
      'list expected',
      (f) => ((f.companies[0] as Loose).brands = 'Quenvik Go'),
      { path: 'companies[0].brands', message: 'must be a list' },
    ],
    [
      'boolean expected',
      (f) => ((f.companies[0] as Loose).alt_reporting = 'yes'),
      { path: 'companies[0].alt_reporting', message: 'must be true or false' },
    ],
    [
      'latitude out of range',
      (f) => (f.companies[0].headquarters!.latitude = 91),
      {
        path: 'companies[0].headquarters.latitude',
        message: 'must be a number between -90 and 90',
      },
    ],
    [
      'longitude not a number',
      (f) => ((f.companies[0].headquarters as Loose).longitude = '-104.99'),
      {
        path: 'companies[0].headquarters.longitude',
        message: 'must be a number between -180 and 180',
      },
    ],
    [
      'state code',
      (f) => (f.companies[0].headquarters!.state = 'Colorado'),
      {
        path: 'companies[0].headquarters.state',
        message: 'must be a 2-letter US state code (e.g. "NY")',
      },
    ],
    [
      'Public misspelled',
      (f) => (f.companies[0].structure = 'public'),
      { path: 'companies[0].structure', message: 'must be spelled "Public" for a public company' },
    ],
    [
      'id format',
      (f) => (f.report_sources[0].upright_cid = 'UC 1'),
      {
        path: 'report_sources[0].upright_cid',
        message: 'must be an id of up to 64 letters, digits, "-" or "_"',
      },
    ],
    [
      'date format',
      (f) => (f.companies[0].updated = '10/01/2026'),
      { path: 'companies[0].updated', message: 'must be a date YYYY-MM-DD' },
    ],
    [
      'impossible date',
      (f) => (f.reports[0].published_date = '2026-02-30'),
      { path: 'reports[0].published_date', message: 'must be a date YYYY-MM-DD' },
    ],
    [
      'slug format',
      (f) => (f.reports[0].industry = 'Air Lines'),
      {
        path: 'reports[0].industry',
        message: 'must be a slug (lowercase letters, digits and hyphens)',
      },
    ],
    [
      'limit not positive',
      (f) => (f.industries[0].limit = 0),
      { path: 'industries[0].limit', message: 'must be a whole number between 1 and 1000' },
    ],
    [
      'limit not whole',
      (f) => (f.industries[0].limit = 2.5),
      { path: 'industries[0].limit', message: 'must be a whole number between 1 and 1000' },
    ],
    [
      'unknown issue in industry_values',
      (f) => (f.industries[0].industry_values![1] = 'taxes'),
      {
        path: 'industries[0].industry_values[1]',
        message: expect.stringMatching(/^must be one of: climate, /),
      },
    ],
    [
      'quarter out of range',
      (f) => (f.scores[0].period_qrt = 5),
      { path: 'scores[0].period_qrt', message: 'must be a whole number between 1 and 4' },
    ],
    [
      'year out of range',
      (f) => (f.scores[0].period_year = 1999),
      { path: 'scores[0].period_year', message: 'must be a whole number between 2000 and 2100' },
    ],
    [
      'score not a number',
      (f) => ((f.scores[0] as Loose).climate_score = '120'),
      { path: 'scores[0].climate_score', message: 'must be a number or null' },
    ],
    [
      'URL scheme',
      (f) => (f.details.companies_taxes[0].source_url = 'ftp://example.org/x'),
      { path: 'details.companies_taxes[0].source_url', message: 'must be an http or https URL' },
    ],
    [
      'URL malformed',
      (f) => (f.report_sources[0].source_url = 'https://'),
      { path: 'report_sources[0].source_url', message: 'must be an http or https URL' },
    ],
    [
      'numeric metric given as text',
      (f) => ((f.details.companies_taxes[0].metrics as Loose).pretax_income = '1.2bn'),
      {
        path: 'details.companies_taxes[0].metrics.pretax_income',
        message: 'must be a number (US dollars)',
      },
    ],
    [
      'text metric given as number',
      (f) => ((f.details.companies_climates[0].metrics as Loose).net_zero_target = 2040),
      {
        path: 'details.companies_climates[0].metrics.net_zero_target',
        message: 'must be a string',
      },
    ],
    [
      'negative emissions',
      (f) => (f.details.companies_climates[0].metrics.scope1_emissions = -1),
      {
        path: 'details.companies_climates[0].metrics.scope1_emissions',
        message: 'must be a number of at least 0',
      },
    ],
    [
      'no metrics at all',
      (f) => ((f.details.companies_taxes[0] as Loose).metrics = {}),
      { path: 'details.companies_taxes[0].metrics', message: 'must contain at least one metric' },
    ],
    [
      'report value',
      (f) => ((f.reports[0] as Loose).value = 'overal'),
      { path: 'reports[0].value', message: expect.stringContaining('overall') },
    ],
    [
      'report geography',
      (f) => ((f.reports[0] as Loose).geography = 'uk'),
      { path: 'reports[0].geography', message: 'must be "us"' },
    ],
    [
      'report count',
      (f) => (f.reports[0].count = 0),
      { path: 'reports[0].count', message: 'must be a whole number between 1 and 1000' },
    ],
    [
      'report id',
      (f) => (f.report_sources[1].report_id = -1),
      { path: 'report_sources[1].report_id', message: 'must be a positive whole number' },
    ],
  ];

  it.each(cases)('%s', (_name, change, expected) => {
    expect(errorsAfter(change)).toEqual([expected]);
  });
});

describe('validateImportFile: unknown fields', () => {
  it('names a typo in a row and suggests the field', () => {
    const errors = errorsAfter((f) => {
      const company = f.companies[1] as Loose;
      company.compnay_name = company.company_name;
      delete company.company_name;
    });
    expect(errors).toEqual([
      { path: 'companies[1].company_name', message: 'is required' },
      {
        path: 'companies[1].compnay_name',
        message: 'unknown field "compnay_name" (did you mean "company_name"?)',
      },
    ]);
  });

  it('names unknown fields at every level', () => {
    const errors = errorsAfter((f) => {
      (f.industries[0] as Loose).colour = 'blue';
      (f.companies[0].headquarters as Loose).zip = '80202';
      (f.scores[0] as Loose).climate_scroe = 3;
      (f.details.companies_taxes[0].metrics as Loose).pretax_incom = 1;
      (f.details as Loose).companies_taxs = [];
      (f.reports[0] as Loose).lowest_rank = 3;
      (f.report_sources[0] as Loose)['source url'] = 'x';
    });
    expect(errors).toEqual([
      { path: 'industries[0].colour', message: 'unknown field "colour"' },
      { path: 'companies[0].headquarters.zip', message: 'unknown field "zip"' },
      {
        path: 'scores[0].climate_scroe',
        message: 'unknown field "climate_scroe" (did you mean "climate_score"?)',
      },
      {
        path: 'details.companies_taxs',
        message: 'unknown field "companies_taxs" (did you mean "companies_taxes"?)',
      },
      {
        path: 'details.companies_taxes[0].metrics.pretax_incom',
        message: 'unknown field "pretax_incom" (did you mean "pretax_income"?)',
      },
      { path: 'reports[0].lowest_rank', message: 'unknown field "lowest_rank"' },
      {
        path: 'report_sources[0]["source url"]',
        message: 'unknown field "source url" (did you mean "source_url"?)',
      },
    ]);
  });

  it('rejects a metric of another table', () => {
    expect(
      errorsAfter((f) => ((f.details.companies_taxes[0].metrics as Loose).ceo_pay = 1)),
    ).toEqual([
      { path: 'details.companies_taxes[0].metrics.ceo_pay', message: 'unknown field "ceo_pay"' },
    ]);
  });
});

describe('validateImportFile: duplicates', () => {
  it('finds a duplicate industry slug', () => {
    expect(errorsAfter((f) => f.industries.push({ ...f.industries[0] }))).toEqual([
      {
        path: 'industries[2].industry',
        message: 'duplicate industry "airlines" (first at industries[0])',
      },
    ]);
  });

  it('finds a duplicate upright_cid', () => {
    const errors = errorsAfter((f) => {
      f.companies.push(
        { ...f.companies[1], company_name: 'Other' },
        { ...f.companies[1], company_name: 'Third' },
      );
    });
    expect(errors).toEqual([
      {
        path: 'companies[2].upright_cid',
        message: 'duplicate upright_cid "UC000002" (first at companies[1])',
      },
      {
        path: 'companies[3].upright_cid',
        message: 'duplicate upright_cid "UC000002" (first at companies[1])',
      },
    ]);
  });

  it('finds a duplicate score key (company, year, quarter)', () => {
    expect(
      errorsAfter((f) =>
        f.scores.push({ ...f.scores[0], climate_score: 1 } as File['scores'][number]),
      ),
    ).toEqual([
      {
        path: 'scores[3]',
        message: 'duplicate score for "UC000001" in 2026 Q3 (first at scores[0])',
      },
    ]);
  });

  it('finds a duplicate detail key within a table, not across tables', () => {
    const errors = errorsAfter((f) =>
      f.details.companies_taxes.push({ ...f.details.companies_taxes[0] }),
    );
    expect(errors).toEqual([
      {
        path: 'details.companies_taxes[1]',
        message: 'duplicate row for "UC000001" in 2026 Q3 (first at details.companies_taxes[0])',
      },
    ]);
  });

  it('finds a duplicate report_id', () => {
    expect(errorsAfter((f) => f.reports.push({ ...f.reports[0], slug: 'another' }))).toEqual([
      { path: 'reports[1].report_id', message: 'duplicate report_id 1 (first at reports[0])' },
    ]);
  });

  it('finds a report source listed twice', () => {
    expect(
      errorsAfter((f) => f.report_sources.push({ ...f.report_sources[0], title: 'Again' })),
    ).toEqual([
      {
        path: 'report_sources[2]',
        message:
          'duplicate source "https://example.org/lanternfield/uc000001" for report_id 1 and "UC000001" (first at report_sources[0])',
      },
    ]);
  });

  it('finds an industry listed twice in a company and an issue listed twice in an industry', () => {
    const errors = errorsAfter((f) => {
      f.companies[0].industries!.push('banks');
      f.industries[0].industry_values!.push('tax');
    });
    expect(errors).toEqual([
      { path: 'industries[0].industry_values[2]', message: 'duplicate issue "tax"' },
      { path: 'companies[0].industries[2]', message: 'duplicate industry "banks"' },
    ]);
  });
});

describe('validateImportFile: references', () => {
  it('requires company industries to exist', () => {
    const errors = errorsAfter((f) => {
      f.companies[1].industry = 'credit-unions';
      f.companies[0].industries = ['airlines', 'railroads'];
    });
    expect(errors).toEqual([
      {
        path: 'companies[0].industries[1]',
        message: 'unknown industry "railroads" (not in industries)',
      },
      {
        path: 'companies[1].industry',
        message: 'unknown industry "credit-unions" (not in industries)',
      },
    ]);
  });

  it('requires industries to include the primary industry', () => {
    expect(errorsAfter((f) => (f.companies[0].industries = ['banks']))).toEqual([
      { path: 'companies[0].industries', message: 'must include the primary industry "airlines"' },
    ]);
  });

  it('requires scores, details and report sources to reference a company', () => {
    const errors = errorsAfter((f) => {
      f.scores[1].upright_cid = 'UC000009';
      f.details.companies_climates[0].upright_cid = 'UC000009';
      f.report_sources[0].upright_cid = 'UC000009';
    });
    expect(errors).toEqual([
      { path: 'scores[1].upright_cid', message: 'unknown company "UC000009" (not in companies)' },
      {
        path: 'details.companies_climates[0].upright_cid',
        message: 'unknown company "UC000009" (not in companies)',
      },
      {
        path: 'report_sources[0].upright_cid',
        message: 'unknown company "UC000009" (not in companies)',
      },
    ]);
  });

  it('requires reports to reference an industry and sources to reference a report', () => {
    const errors = errorsAfter((f) => {
      f.reports[0].industry = 'railroads';
      f.report_sources[1].report_id = 2;
    });
    expect(errors).toEqual([
      { path: 'reports[0].industry', message: 'unknown industry "railroads" (not in industries)' },
      { path: 'report_sources[1].report_id', message: 'unknown report_id 2 (not in reports)' },
    ]);
  });

  it('accepts references to known industries, companies and reports (incremental imports)', () => {
    const { scores, report_sources, details } = validFile();
    const companies = [
      {
        upright_cid: 'UC000003',
        company_name: 'Later Co.',
        industry: 'airlines',
        structure: 'Public',
      },
    ];
    const input = { companies, scores, details, report_sources };
    expect(errorsOf(input).map((error) => error.message)).toEqual(
      expect.arrayContaining([
        'unknown industry "airlines" (not in industries)',
        'unknown report_id 1 (not in reports)',
      ]),
    );
    const result = validateImportFile(input, {
      knownIndustries: new Set(['airlines']),
      knownCompanies: new Set(['UC000001', 'UC000002']),
      knownReports: new Set([1]),
    });
    expect(result.ok ? [] : result.errors).toEqual([]);
  });
});

describe('validateImportFile: every bad row is reported', () => {
  it('lists each bad row of a large section with its index, in file order', () => {
    const file = validFile();
    const bad = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const company: Loose = {
        upright_cid: `UC1${String(i).padStart(5, '0')}`,
        company_name: `Company ${i}`,
        industry: 'airlines',
        structure: 'Public',
      };
      if (i % 17 === 3) {
        company.headquarters = { city: 'Nowhere', state: 'CO', latitude: 100, longitude: 0 };
        bad.add(i + 2);
      }
      if (i % 23 === 5) {
        delete company.structure;
        bad.add(i + 2);
      }
      (file.companies as Loose[]).push(company);
    }
    const errors = errorsOf(file);
    const rows = errors.map((error) => Number(/^companies\[(\d+)\]/.exec(error.path)![1]));
    expect(new Set(rows)).toEqual(bad);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
  });

  it('reports errors of every kind and every section in one run', () => {
    const errors = errorsAfter((f) => {
      f.industries[1].limit = -1;
      f.companies.push({ ...f.companies[1] });
      f.scores[2].period_qrt = 0;
      f.details.companies_taxes[0].source_date = 'yesterday';
      f.reports[0].slug = 'Not A Slug';
      f.report_sources[1].report_id = 9;
    });
    expect(errors.map((error) => error.path)).toEqual([
      'industries[1].limit',
      'companies[2].upright_cid',
      'scores[2].period_qrt',
      'details.companies_taxes[0].source_date',
      'reports[0].slug',
      'report_sources[1].report_id',
    ]);
  });

  it('reports a removed required field of any row at that row and field', () => {
    const required: Record<string, string[]> = {
      industries: ['industry', 'industry_text', 'definition', 'limit'],
      companies: ['upright_cid', 'company_name', 'industry', 'structure'],
      scores: ['upright_cid', 'period_year', 'period_qrt'],
      reports: [
        'report_id',
        'title',
        'slug',
        'published_date',
        'industry',
        'value',
        'geography',
        'count',
        'report',
      ],
      report_sources: ['report_id', 'source_publisher', 'source_url', 'source_date', 'title'],
    };
    const targets = Object.entries(required).flatMap(([section, fields]) =>
      fields.map((field) => ({ section, field })),
    );
    fc.assert(
      fc.property(fc.constantFrom(...targets), fc.nat(), ({ section, field }, n) => {
        const file = validFile() as unknown as Record<string, Loose[]>;
        const index = n % file[section].length;
        delete file[section][index][field];
        const errors = errorsOf(file);
        expect(errors).toContainEqual({
          path: `${section}[${index}].${field}`,
          message: 'is required',
        });
      }),
    );
  });
});
