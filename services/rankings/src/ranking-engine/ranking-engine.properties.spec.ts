import fc from 'fast-check';
import {
  applicableIssues,
  DISCLOSURE_DEPENDENT_ISSUES,
  ISSUE_KEYS,
  MISSING_CLIMATE_SCORE,
  rankPersonally,
  type IssueKey,
} from '@upright/contracts';
import { rankField, tiedField } from './issue-fields';
import { rankIndustry } from './rank-industry';
import { rankIssues } from './rank-issues';
import { weights } from './spec-support';
import type { RankableCompany, RankedCompany, Weights } from './types';
import { weigh } from './weigh';

// ---- generators: small score ranges so ties, missing scores and forced ranks are frequent ----

const scoreArb = fc.option(fc.oneof(fc.integer({ min: -2, max: 5 }), fc.constant(0.5)), {
  freq: 4,
});
const climateArb = fc.option(fc.constantFrom(0, 1000, 1499, 1500, 1501, 2000), { freq: 3 });

const companyArb = fc.record({
  company_name: fc.constantFrom('Acme', 'acme', 'Beta', 'eBay', 'Exxon', 'Zed'),
  structure: fc.constantFrom<string | null>('Public', 'Public', 'Private', null),
  alt_reporting: fc.constantFrom(false, false, true),
  self_reporting: fc.constantFrom(false, false, true),
  scores: fc.record(
    Object.fromEntries(
      ISSUE_KEYS.map((key) => [key, key === 'climate' ? climateArb : scoreArb]),
    ) as Record<IssueKey, fc.Arbitrary<number | null>>,
  ),
});

const companiesArb = fc
  .array(companyArb, { maxLength: 25 })
  .map((list): RankableCompany[] => list.map((entry, i) => ({ ...entry, upright_cid: `c${i}` })));

/**
 * The issues that apply to the ranked set's industry (rules §5 rule 5): from any `industry_values`
 * (unknown names among them, or none at all, which means every issue applies).
 */
const applicableArb = fc
  .array(fc.constantFrom<string>(...ISSUE_KEYS, 'unknown'), { maxLength: 12 })
  .map((industryValues) => applicableIssues(industryValues));

/** Averages: 2-decimal weights 0–10, built from integer hundredths. */
const hundredthsArb = fc.integer({ min: 0, max: 1000 });
const weightsInHundredthsArb = fc.tuple(...ISSUE_KEYS.map(() => hundredthsArb));
const memberValuesArb = fc
  .tuple(...ISSUE_KEYS.map(() => fc.integer({ min: 0, max: 10 })))
  .map(toWeights);

function toWeights(values: readonly number[]): Weights {
  return Object.fromEntries(ISSUE_KEYS.map((key, k) => [key, values[k]])) as Weights;
}

// ---- the rules, spelled out naively (O(n²)) as an oracle ----

const DISCLOSURE_DEPENDENT: readonly IssueKey[] = DISCLOSURE_DEPENDENT_ISSUES;

/** The score a company competes with on `key`, or 'L' when it is placed at the lowest rank. */
function competingScore(company: RankableCompany, key: IssueKey): number | 'L' {
  const discloses =
    company.structure === 'Public' || company.alt_reporting || company.self_reporting;
  if (DISCLOSURE_DEPENDENT.includes(key) && !discloses) return 'L';
  const score = company.scores[key];
  if (score === null) return key === 'climate' ? MISSING_CLIMATE_SCORE : 'L';
  return score;
}

function strictlyBetter(values: readonly number[], value: number): number {
  return values.filter((other) => other < value).length;
}

function othersShare(values: readonly number[], index: number): boolean {
  return values.some((other, j) => j !== index && other === values[index]);
}

const NAMES = new Intl.Collator('en');

function assertSorted(list: readonly RankedCompany[], rankOf: (entry: RankedCompany) => number) {
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1], list[i]];
    const order =
      rankOf(a) - rankOf(b) ||
      NAMES.compare(a.company_name, b.company_name) ||
      (a.upright_cid < b.upright_cid ? -1 : 1);
    expect(order).toBeLessThan(0);
  }
}

// ---- properties ----

describe('rankIssues properties', () => {
  it('every rank is in 1..n', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, (companies, applicable) => {
        const n = companies.length;
        for (const entry of rankIssues(companies, applicable).companies) {
          for (const key of ISSUE_KEYS) {
            expect(entry[rankField(key)]).toBeGreaterThanOrEqual(1);
            expect(entry[rankField(key)]).toBeLessThanOrEqual(n);
          }
          expect(entry.normalized_rank).toBeGreaterThanOrEqual(1);
          expect(entry.normalized_rank).toBeLessThanOrEqual(n);
        }
      }),
    );
  });

  it('competing companies: rank = 1 + number strictly better; equal scores ⇔ equal rank', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, (companies, applicable) => {
        const ranking = rankIssues(companies, applicable);
        for (const key of ISSUE_KEYS) {
          const scores = companies.map((company) => competingScore(company, key));
          const competing = scores.filter((score): score is number => score !== 'L');
          scores.forEach((score, i) => {
            if (score === 'L') return;
            const rank = ranking.companies[i][rankField(key)];
            expect(rank).toBe(1 + strictlyBetter(competing, score));
            scores.forEach((other, j) => {
              if (other === 'L') return;
              expect(rank === ranking.companies[j][rankField(key)]).toBe(score === other);
            });
          });
        }
      }),
    );
  });

  it('missing scores (not climate) and undisclosed non-public companies on the six issues rank L = n', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, (companies, applicable) => {
        const ranking = rankIssues(companies, applicable);
        const n = companies.length;
        expect(ranking.lowestRank).toBe(n);
        for (const key of ISSUE_KEYS) {
          const scores = companies.map((company) => competingScore(company, key));
          const anyForced = scores.includes('L');
          scores.forEach((score, i) => {
            const rank = ranking.companies[i][rankField(key)];
            if (score === 'L') expect(rank).toBe(n);
            else if (anyForced) expect(rank).toBeLessThan(n); // L is held by forced companies only
          });
        }
      }),
    );
  });

  it('a missing climate score ranks exactly like a score of 1500', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, (companies, applicable) => {
        const filled = companies.map((company) => ({
          ...company,
          scores: { ...company.scores, climate: company.scores.climate ?? MISSING_CLIMATE_SCORE },
        }));
        expect(rankIssues(companies, applicable)).toEqual(rankIssues(filled, applicable));
      }),
    );
  });

  it('tied flags ⇔ some other company shares the rank (issues and normalized)', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, (companies, applicable) => {
        const entries = rankIssues(companies, applicable).companies;
        for (const key of ISSUE_KEYS) {
          const ranks = entries.map((entry) => entry[rankField(key)]);
          entries.forEach((entry, i) => expect(entry[tiedField(key)]).toBe(othersShare(ranks, i)));
        }
        const normalized = entries.map((entry) => entry.normalized_rank);
        entries.forEach((entry, i) => expect(entry.tied).toBe(othersShare(normalized, i)));
      }),
    );
  });

  it('raw_rank = Σ ranks of the applicable issues; normalized_rank = 1 + number of smaller raw_ranks', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, (companies, applicable) => {
        const entries = rankIssues(companies, applicable).companies;
        const raws = entries.map((entry) => entry.raw_rank);
        entries.forEach((entry) => {
          const sum = applicable.reduce((total, key) => total + entry[rankField(key)], 0);
          expect(entry.raw_rank).toBe(sum);
          expect(entry.normalized_rank).toBe(1 + strictlyBetter(raws, entry.raw_rank));
        });
      }),
    );
  });

  it('an industry that lists no issues sums all nine', () => {
    fc.assert(
      fc.property(companiesArb, (companies) => {
        rankIssues(companies, applicableIssues([])).companies.forEach((entry) => {
          const sum = ISSUE_KEYS.reduce((total, key) => total + entry[rankField(key)], 0);
          expect(entry.raw_rank).toBe(sum);
        });
      }),
    );
  });
});

describe('issues that do not apply (rules §5 rule 5)', () => {
  /** The companies with every score of the issues outside `applicable` replaced. */
  const rescoredArb = fc
    .tuple(companiesArb, applicableArb)
    .chain(([companies, applicable]) =>
      fc.tuple(
        fc.constant(companies),
        fc.constant(applicable),
        fc.array(fc.array(scoreArb, { minLength: 9, maxLength: 9 }), {
          minLength: companies.length,
          maxLength: companies.length,
        }),
      ),
    )
    .map(([companies, applicable, replacements]) => {
      const applies = new Set(applicable);
      const rescored = companies.map((company, i) => ({
        ...company,
        scores: Object.fromEntries(
          ISSUE_KEYS.map((key, k) => [
            key,
            applies.has(key) ? company.scores[key] : replacements[i][k],
          ]),
        ) as RankableCompany['scores'],
      }));
      return { companies, applicable, rescored };
    });

  it('their scores move no sum and no rank, for visitors or members', () => {
    fc.assert(
      fc.property(
        rescoredArb,
        weightsInHundredthsArb,
        memberValuesArb,
        ({ companies, applicable, rescored }, hundredths, memberValues) => {
          const averages = toWeights(hundredths.map((h) => h / 100));
          const combined = (list: readonly RankableCompany[]) =>
            rankIndustry(list, applicable, averages, memberValues).ranked.map((entry) => [
              entry.raw_rank,
              entry.normalized_rank,
              entry.raw_arank,
              entry.arank,
              entry.raw_prank,
              entry.prank,
            ]);
          expect(combined(rescored)).toEqual(combined(companies));
        },
      ),
    );
  });

  it('their weights move no sum and no rank', () => {
    fc.assert(
      fc.property(
        companiesArb,
        applicableArb,
        weightsInHundredthsArb,
        weightsInHundredthsArb,
        (companies, applicable, hundredths, otherHundredths) => {
          const applies = new Set(applicable);
          const ranking = rankIssues(companies, applicable);
          const shown = toWeights(hundredths.map((h) => h / 100));
          const changed = toWeights(
            ISSUE_KEYS.map(
              (key, k) => (applies.has(key) ? hundredths[k] : otherHundredths[k]) / 100,
            ),
          );
          expect(weigh(ranking, changed)).toEqual(weigh(ranking, shown));
        },
      ),
    );
  });
});

describe('weigh properties', () => {
  it('raw = exact Σ rank × weight over the applicable issues; rank = 1 + number of smaller sums; tied ⇔ shared', () => {
    fc.assert(
      fc.property(
        companiesArb,
        applicableArb,
        weightsInHundredthsArb,
        (companies, applicable, hundredths) => {
          const ranking = rankIssues(companies, applicable);
          const weighted = weigh(ranking, toWeights(hundredths.map((h) => h / 100)));
          const exact = ranking.companies.map((entry) =>
            ISSUE_KEYS.reduce(
              (total, key, k) =>
                applicable.includes(key) ? total + entry[rankField(key)] * hundredths[k] : total,
              0,
            ),
          );
          const ranks = weighted.map(({ rank }) => rank);
          weighted.forEach(({ upright_cid, raw, rank, tied }, i) => {
            expect(upright_cid).toBe(ranking.companies[i].upright_cid);
            expect(raw).toBe(exact[i] / 100);
            expect(rank).toBe(1 + strictlyBetter(exact, exact[i]));
            expect(rank).toBeLessThanOrEqual(companies.length);
            expect(tied).toBe(othersShare(ranks, i));
          });
        },
      ),
    );
  });

  it('all-equal positive weights order exactly like normalized_rank', () => {
    fc.assert(
      fc.property(
        companiesArb,
        applicableArb,
        fc.integer({ min: 1, max: 1000 }),
        (companies, applicable, hundredths) => {
          const ranking = rankIssues(companies, applicable);
          const weighted = weigh(ranking, weights({}, hundredths / 100));
          ranking.companies.forEach((entry, i) => {
            expect(weighted[i].rank).toBe(entry.normalized_rank);
            expect(weighted[i].tied).toBe(entry.tied);
          });
        },
      ),
    );
  });

  it('weights all 1 give raw == raw_rank', () => {
    fc.assert(
      fc.property(companiesArb, applicableArb, (companies, applicable) => {
        const ranking = rankIssues(companies, applicable);
        const weighted = weigh(ranking, weights({}, 1));
        ranking.companies.forEach((entry, i) => expect(weighted[i].raw).toBe(entry.raw_rank));
      }),
    );
  });
});

describe('rankIndustry properties', () => {
  it('permuting the input order changes nothing', () => {
    const inputAndShuffle = companiesArb.chain((companies) =>
      fc.tuple(
        fc.constant(companies),
        fc.shuffledSubarray(companies, {
          minLength: companies.length,
          maxLength: companies.length,
        }),
      ),
    );
    fc.assert(
      fc.property(
        inputAndShuffle,
        applicableArb,
        weightsInHundredthsArb,
        memberValuesArb,
        ([companies, shuffled], applicable, hundredths, memberValues) => {
          const averages = toWeights(hundredths.map((h) => h / 100));
          expect(rankIndustry(shuffled, applicable, averages, memberValues)).toEqual(
            rankIndustry(companies, applicable, averages, memberValues),
          );
        },
      ),
    );
  });

  it('lists hold every company once, sorted by their rank, then name (then cid)', () => {
    fc.assert(
      fc.property(
        companiesArb,
        applicableArb,
        weightsInHundredthsArb,
        fc.option(memberValuesArb),
        (companies, applicable, hundredths, memberValues) => {
          const result = rankIndustry(
            companies,
            applicable,
            toWeights(hundredths.map((h) => h / 100)),
            memberValues,
          );
          const cids = companies.map((company) => company.upright_cid).sort();
          const lists = [result.ranked, result.aranked, result.pranked ?? result.ranked];
          for (const list of lists) {
            expect(list.map((entry) => entry.upright_cid).sort()).toEqual(cids);
          }
          assertSorted(result.ranked, (entry) => entry.normalized_rank);
          assertSorted(result.aranked, (entry) => entry.arank);
          expect(result.none).toBe(companies.length === 0);
          if (memberValues === null) {
            expect(result.pranked).toBeNull();
            for (const entry of result.ranked) expect(entry.prank).toBeNull();
          } else {
            assertSorted(result.pranked ?? [], (entry) => entry.prank ?? 0);
            for (const entry of result.ranked) expect(entry.prank).not.toBeNull();
          }
        },
      ),
    );
  });

  it("a member's ranking made from the visitor's answer (BFF, browser) equals the engine's", () => {
    fc.assert(
      fc.property(
        companiesArb,
        applicableArb,
        weightsInHundredthsArb,
        memberValuesArb,
        (companies, applicable, hundredths, memberValues) => {
          const averages = toWeights(hundredths.map((h) => h / 100));
          const visitor = rankIndustry(companies, applicable, averages, null);
          const member = rankIndustry(companies, applicable, averages, memberValues);
          const fromVisitor = rankPersonally(visitor.ranked, memberValues, applicable);
          expect(fromVisitor.pranked).toEqual(member.pranked!.map((entry) => entry.upright_cid));
          const engineByCid = new Map(member.ranked.map((entry) => [entry.upright_cid, entry]));
          for (const rank of fromVisitor.ranks) {
            const engine = engineByCid.get(rank.upright_cid)!;
            expect([rank.raw, rank.rank, rank.tied]).toEqual([
              engine.raw_prank,
              engine.prank,
              engine.ptied,
            ]);
          }
        },
      ),
    );
  });
});
