import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_PRIORITY_FIELDS,
  ISSUE_KEYS,
  issueWeightsOf,
  type IssueKey,
  type PriorityValues,
} from '@upright/contracts';
import { rankIndustry, type RankableCompany } from '@upright/rankings/ranking-engine';
import { previewRanking } from './priority-preview';

const scoreArb = fc.option(fc.integer({ min: 0, max: 4 }), { freq: 5 });
const companiesArb = fc
  .array(
    fc.record({
      company_name: fc.constantFrom('Acme', 'acme', 'Beta', 'eBay', 'Exxon', 'Zed'),
      structure: fc.constantFrom<string | null>('Public', 'Public', 'Private', null),
      alt_reporting: fc.boolean(),
      self_reporting: fc.constant(false),
      scores: fc.record(
        Object.fromEntries(ISSUE_KEYS.map((key) => [key, scoreArb])) as Record<
          IssueKey,
          fc.Arbitrary<number | null>
        >,
      ),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((companies) =>
    companies.map((company, i): RankableCompany => ({
      ...company,
      upright_cid: `c${String(i).padStart(2, '0')}`,
    })),
  );
const valuesArb = fc
  .array(fc.integer({ min: 0, max: 10 }), {
    minLength: CLIENT_PRIORITY_FIELDS.length,
    maxLength: CLIENT_PRIORITY_FIELDS.length,
  })
  .map(
    (list) =>
      Object.fromEntries(
        CLIENT_PRIORITY_FIELDS.map((field, i) => [field, list[i]]),
      ) as PriorityValues,
  );
const averagesArb = fc
  .array(fc.integer({ min: 0, max: 1000 }), { minLength: 9, maxLength: 9 })
  .map(
    (list) =>
      Object.fromEntries(ISSUE_KEYS.map((key, i) => [key, list[i] / 100])) as Record<
        IssueKey,
        number
      >,
  );

/** The industry's issues: any subset, in table order, as applicableIssues gives them. */
const applicableArb = fc.subarray([...ISSUE_KEYS]);

describe('previewRanking', () => {
  it("agrees with the server's pranked for random weights (the engine run the member's way)", () => {
    fc.assert(
      fc.property(
        companiesArb,
        applicableArb,
        averagesArb,
        valuesArb,
        (companies, applicable, averages, values) => {
          // What the browser has: the visitor's answer (ranked, with arank), then the sliders.
          const visitor = rankIndustry(companies, applicable, averages, null);
          const withSlugs = visitor.ranked.map((company) => ({
            ...company,
            slug: company.upright_cid,
          }));
          const preview = previewRanking(withSlugs, values, applicable);
          // What the server sends a member who saved these values.
          const member = rankIndustry(companies, applicable, averages, issueWeightsOf(values));
          expect(preview.map((row) => row.upright_cid)).toEqual(
            member.pranked!.map((company) => company.upright_cid),
          );
          const server = new Map(member.ranked.map((company) => [company.upright_cid, company]));
          for (const row of preview) {
            const own = server.get(row.upright_cid)!;
            expect(row.yours).toEqual({ rank: own.prank, tied: own.ptied });
            expect(row.average).toEqual({ rank: own.arank, tied: own.atied });
            expect(row.shift).toBe(own.arank - own.prank!);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
