import {
  rawAt,
  type CompanyDetail,
  type IndustryCompaniesResponse,
  type KeptRankedSet,
} from '@upright/contracts';
import type { PersonalRanks } from './personal-ranks';

/** Marks a personal field while the visitor's answer is serialised into a template. */
const MARK = '\u0001';
const SLOT = /"\\u0001([^"\\]*)"/g;

type PersonalField = 'raw_prank' | 'prank' | 'ptied' | 'move';
type Slot = { company: string; field: PersonalField } | { list: 'pranked' };

/**
 * A visitor's answer cut at its personal fields (raw_prank, prank, ptied of each company, its
 * move's `prank`, and `pranked`), so that a member's answer is the visitor's bytes with their values put in: a few
 * small strings and one copy, instead of building and serialising the answer per request.
 */
export class PersonalTemplate {
  private resolved?: { set: KeptRankedSet; positions: Int32Array };

  private constructor(
    private readonly pieces: readonly string[],
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
      moves: Object.fromEntries(
        Object.entries(answer.moves).map(([cid, move]) => [
          cid,
          { ...move, prank: `${MARK}${cid}|move` },
        ]),
      ),
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
    const pieces: string[] = [];
    const slots: Slot[] = [];
    let from = 0;
    for (const match of json.matchAll(SLOT)) {
      pieces.push(json.slice(from, match.index));
      const bar = match[1].lastIndexOf('|');
      slots.push(
        bar < 0
          ? { list: 'pranked' }
          : { company: match[1].slice(0, bar), field: match[1].slice(bar + 1) as PersonalField },
      );
      from = match.index + match[0].length;
    }
    pieces.push(json.slice(from));
    return new PersonalTemplate(pieces, slots);
  }

  /** The member's answer, as bytes: the pieces and the values joined, encoded once. */
  render(personal: PersonalRanks): Buffer {
    const positions = this.positionsIn(personal.set);
    const parts = new Array<string>(this.pieces.length * 2 - 1);
    parts[0] = this.pieces[0];
    for (let i = 0; i < this.slots.length; i++) {
      parts[2 * i + 1] = valueOf(this.slots[i], positions[i], personal);
      parts[2 * i + 2] = this.pieces[i + 1];
    }
    return Buffer.from(parts.join(''));
  }

  /** Each slot's company by its position in the set, looked up once per set, not per member. */
  private positionsIn(set: KeptRankedSet): Int32Array {
    if (this.resolved?.set !== set) {
      const positions = Int32Array.from(this.slots, (slot) =>
        'list' in slot ? -1 : set.positionOf(slot.company),
      );
      this.resolved = { set, positions };
    }
    return this.resolved.positions;
  }
}

function valueOf(slot: Slot, position: number, personal: PersonalRanks): string {
  if ('list' in slot) return JSON.stringify(personal.pranked);
  if (position < 0) return 'null';
  if (slot.field === 'raw_prank') return String(rawAt(personal, position));
  if (slot.field === 'prank') return String(personal.ranks[position]);
  if (slot.field === 'move') {
    const move = personal.moves[position];
    return Number.isNaN(move) ? 'null' : String(move);
  }
  return String(personal.tied[position]);
}
