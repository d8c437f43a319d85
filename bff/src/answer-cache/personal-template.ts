import type { CompanyDetail, IndustryCompaniesResponse } from '@upright/contracts';
import type { PersonalRanks } from './personal-ranks';

/** Marks a personal field while the visitor's answer is serialised into a template. */
const MARK = '\u0001';
const SLOT = /"\\u0001([^"\\]*)"/g;

type PersonalField = 'raw_prank' | 'prank' | 'ptied';
type Slot = { company: string; field: PersonalField } | { list: 'pranked' };

/**
 * A visitor's answer cut at its personal fields (raw_prank, prank, ptied of each company, and
 * `pranked`), so that a member's answer is the visitor's bytes with their values put in: a few
 * small strings and one copy, instead of building and serialising the answer per request.
 */
export class PersonalTemplate {
  private constructor(
    private readonly pieces: readonly Buffer[],
    private readonly slots: readonly Slot[],
  ) {}

  static ofIndustry(answer: IndustryCompaniesResponse): PersonalTemplate {
    const marked = {
      ...answer,
      result: {
        ...answer.result,
        ranked: answer.result.ranked.map((company) => ({
          ...company,
          raw_prank: `${MARK}${company.upright_cid}|raw_prank`,
          prank: `${MARK}${company.upright_cid}|prank`,
          ptied: `${MARK}${company.upright_cid}|ptied`,
        })),
        pranked: `${MARK}pranked`,
      },
    };
    return PersonalTemplate.cut(JSON.stringify(marked));
  }

  /** A company page's answer: its `ranks` (null when unranked) carry the personal fields. */
  static ofCompany(answer: CompanyDetail): PersonalTemplate {
    if (answer.ranks === null) return PersonalTemplate.cut(JSON.stringify(answer));
    const cid = answer.upright_cid;
    const marked = {
      ...answer,
      ranks: {
        ...answer.ranks,
        raw_prank: `${MARK}${cid}|raw_prank`,
        prank: `${MARK}${cid}|prank`,
        ptied: `${MARK}${cid}|ptied`,
      },
    };
    return PersonalTemplate.cut(JSON.stringify(marked));
  }

  private static cut(json: string): PersonalTemplate {
    const pieces: Buffer[] = [];
    const slots: Slot[] = [];
    let from = 0;
    for (const match of json.matchAll(SLOT)) {
      pieces.push(Buffer.from(json.slice(from, match.index)));
      const bar = match[1].lastIndexOf('|');
      slots.push(
        bar < 0
          ? { list: 'pranked' }
          : { company: match[1].slice(0, bar), field: match[1].slice(bar + 1) as PersonalField },
      );
      from = match.index + match[0].length;
    }
    pieces.push(Buffer.from(json.slice(from)));
    return new PersonalTemplate(pieces, slots);
  }

  /** The member's answer, as bytes. */
  render(personal: PersonalRanks): Buffer {
    const chunks: Buffer[] = [this.pieces[0]];
    this.slots.forEach((slot, i) => {
      chunks.push(Buffer.from(valueOf(slot, personal)), this.pieces[i + 1]);
    });
    return Buffer.concat(chunks);
  }
}

function valueOf(slot: Slot, personal: PersonalRanks): string {
  if ('list' in slot) return JSON.stringify(personal.pranked);
  const rank = personal.byCid.get(slot.company);
  if (rank === undefined) return 'null';
  if (slot.field === 'raw_prank') return String(rank.raw);
  if (slot.field === 'prank') return String(rank.rank);
  return String(rank.tied);
}
