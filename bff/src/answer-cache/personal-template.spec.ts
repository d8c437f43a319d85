import {
  ISSUE_KEYS,
  type IndustryCompaniesResponse,
  type IssueKey,
  type IssueWeights,
} from '@upright/contracts';
import { RankedSetOfAnswer } from './personal-ranks';
import { PersonalTemplate } from './personal-template';

type Ranks = Partial<Record<IssueKey, number>>;
const issueRanks = (ranks: Ranks) =>
  Object.fromEntries(ISSUE_KEYS.map((key) => [`${key}_rank`, ranks[key] ?? 1]));

/** A visitor's industry answer: only what the member's weighting reads and writes. */
function visitorAnswer(
  now: Record<string, Ranks>,
  previous: Record<string, Ranks>,
  crowdMoves: Record<string, number | null>,
): IndustryCompaniesResponse {
  return {
    result: {
      ranked: Object.entries(now).map(([cid, ranks]) => ({
        upright_cid: cid,
        company_name: cid,
        ...issueRanks(ranks),
        raw_prank: null,
        prank: null,
        ptied: null,
      })),
      aranked: Object.keys(now),
      pranked: null,
      none: false,
    },
    // Every issue applies (an industry that lists none).
    industryResult: { industry: 'widgets', industry_values: [] },
    period: { period_year: 2026, period_qrt: 2 },
    previous_period: { period_year: 2026, period_qrt: 1 },
    moves: Object.fromEntries(
      Object.keys(now).map((cid) => [
        cid,
        { normalized_rank: crowdMoves[cid], arank: crowdMoves[cid], prank: null },
      ]),
    ),
    previous_ranks: Object.entries(previous).map(([cid, ranks]) => ({
      upright_cid: cid,
      ...issueRanks(ranks),
    })),
  } as unknown as IndustryCompaniesResponse;
}

const only = (issue: IssueKey): IssueWeights =>
  Object.fromEntries(ISSUE_KEYS.map((key) => [key, key === issue ? 10 : 0])) as IssueWeights;

describe("a member's industry answer", () => {
  // Climate went round between the periods; tax did not move. The crowd saw B climb by one.
  const answer = visitorAnswer(
    {
      a: { climate: 3, tax: 3 },
      b: { climate: 1, tax: 1 },
      c: { climate: 2, tax: 2 },
      d: { climate: 4, tax: 4 },
    },
    { a: { climate: 1, tax: 3 }, b: { climate: 2, tax: 1 }, c: { climate: 3, tax: 2 } },
    { a: -1, b: 1, c: 0, d: null },
  );
  const memberAnswer = (values: IssueWeights) =>
    JSON.parse(
      PersonalTemplate.ofIndustry(answer)
        .render(new RankedSetOfAnswer(answer).weigh(values))
        .toString(),
    ) as IndustryCompaniesResponse;

  it("carries the member's own moves, weighed with their values (decision 0047)", () => {
    const { moves } = memberAnswer(only('climate'));
    expect(moves).toEqual({
      a: { normalized_rank: -1, arank: -1, prank: -2 },
      b: { normalized_rank: 1, arank: 1, prank: 1 },
      c: { normalized_rank: 0, arank: 0, prank: 1 },
      d: { normalized_rank: null, arank: null, prank: null },
    });
  });

  it('gives members with other weights other moves on the same answer', () => {
    const { moves, result } = memberAnswer(only('tax'));
    expect(
      Object.fromEntries(Object.entries(moves).map(([cid, move]) => [cid, move.prank])),
    ).toEqual({ a: 0, b: 0, c: 0, d: null });
    expect(result.pranked).toEqual(['b', 'c', 'a', 'd']);
  });

  it('leaves the visitor answer without personal moves', () => {
    expect(Object.values(answer.moves).map((move) => move.prank)).toEqual([null, null, null, null]);
  });
});
