/**
 * Companies of a generated set: unique names, brands and subsidiaries, structure and reporting,
 * and the hidden plan (latent positions, gaps, size) their scores and details are derived from.
 */
import { DISCLOSURE_DEPENDENT_ISSUES, ISSUES, type DataSet } from '@upright/contracts';
import {
  BRAND_WORDS,
  CITIES,
  NAME_ENDINGS,
  NAME_MIDDLES,
  NAME_ONSETS,
  SUBSIDIARY_SUFFIXES,
  SUBSIDIARY_WORDS,
  type IndustryTemplate,
} from './catalog';
import { addDays, isoDate, MAX_DAYS_AFTER_QUARTER, quarterEnd, type Period } from './periods';
import { between, chance, intBetween, pick, rngFor, sample, type Random } from './prng';

/** Everything about one company that its rows are derived from. */
export interface CompanyPlan {
  index: number;
  row: DataSet.CompanyRow;
  primary: number;
  isPublic: boolean;
  discloses: boolean;
  rankedOnNetNeutrality: boolean;
  /** Base position on each issue, 0 (best) … 1 (worst), in ISSUES order. */
  latent: number[];
  /** Issues this company never has a score for (ISSUES indexes). */
  neverScored: Set<number>;
  /** Quarter indexes without a score row. */
  absent: Set<number>;
  revenue: number;
  margin: number;
  usShare: number;
  medianPay: number;
  netZeroTarget: string;
}

function nameRoot(random: Random): string {
  const onset = pick(random, NAME_ONSETS);
  const middle = chance(random, 0.35) ? pick(random, NAME_MIDDLES) : '';
  const ending = pick(random, NAME_ENDINGS);
  return onset + middle + ending;
}

const NAME_QUALIFIERS = ['Pacific', 'Atlantic', 'Midland', 'Summit', 'Gulf', 'Prairie', 'Lakes'];

/** Names, brands and subsidiaries already given out (lowercase), and name roots in use. */
export interface UsedNames {
  names: Set<string>;
  roots: Set<string>;
}

/** A name root no other company uses yet, while there are any left. */
function freshRoot(random: Random, used: UsedNames): string {
  let root = nameRoot(random);
  for (let attempt = 0; attempt < 20 && used.roots.has(root); attempt++) root = nameRoot(random);
  used.roots.add(root);
  return root;
}

function claim(used: UsedNames, name: string): boolean {
  const key = name.toLowerCase().replace(/ /g, '-');
  if (used.names.has(key)) return false;
  used.names.add(key);
  return true;
}

function uniqueName(random: Random, template: IndustryTemplate, used: UsedNames) {
  for (let attempt = 0; ; attempt++) {
    const root = freshRoot(random, used);
    let name = `${root} ${pick(random, template.nouns)}`;
    if (attempt >= 20) name = `${pick(random, NAME_QUALIFIERS)} ${name}`;
    if (attempt >= 40) name = `${name} ${attempt}`;
    if (claim(used, name)) return { root, name };
  }
}

/** `count` names made by `make`, none given out before (gives up on a name after 20 tries). */
function uniqueNames(count: number, used: UsedNames, make: () => string): string[] {
  const names: string[] = [];
  for (let attempt = 0; names.length < count && attempt < count * 20; attempt++) {
    const name = make();
    if (claim(used, name)) names.push(name);
  }
  return names;
}

export function planCompany(
  index: number,
  primary: number,
  templates: IndustryTemplate[],
  periods: Period[],
  usedNames: UsedNames,
  seed: number,
): CompanyPlan {
  const random = rngFor(seed, 'company', index);
  const template = templates[primary];
  const { root, name } = uniqueName(random, template, usedNames);

  // Industries: the primary one, sometimes one or two related ones (same sector first).
  const industries = [primary];
  if (templates.length > 1 && chance(random, 0.15)) {
    const sameSector = templates
      .map((other, i) => ({ other, i }))
      .filter(({ other, i }) => i !== primary && other.sector === template.sector)
      .map(({ i }) => i);
    const others = templates.map((_, i) => i).filter((i) => i !== primary);
    const extra = chance(random, 0.7) ? 1 : 2;
    for (const choice of sample(random, sameSector.length > 0 ? sameSector : others, extra)) {
      industries.push(choice);
    }
  }

  // Structure and reporting (docs/product/rules.md#s5 rule 4 needs both kinds of non-public
  // company).
  let structure = 'Public';
  if (!chance(random, 0.62)) {
    structure =
      template.otherStructures && chance(random, 0.35)
        ? pick(random, template.otherStructures)
        : 'Private';
  }
  const isPublic = structure === 'Public';
  let altReporting = false;
  let selfReporting = false;
  if (!isPublic) {
    const kind = random();
    if (kind < 0.25) altReporting = true;
    else if (kind < 0.5) selfReporting = true;
    else if (kind < 0.6) [altReporting, selfReporting] = [true, true];
  }
  const discloses = isPublic || altReporting || selfReporting;

  const brands = uniqueNames(pick(random, [0, 0, 0, 1, 1, 1, 1, 2, 2, 3]), usedNames, () =>
    chance(random, 0.6) ? `${root} ${pick(random, BRAND_WORDS)}` : freshRoot(random, usedNames),
  );
  const subsidiaries = uniqueNames(pick(random, [0, 0, 0, 1, 1, 1, 2, 2, 3]), usedNames, () =>
    chance(random, 0.6)
      ? `${root} ${pick(random, SUBSIDIARY_WORDS)} ${pick(random, SUBSIDIARY_SUFFIXES)}`
      : `${freshRoot(random, usedNames)} ${pick(random, template.nouns)} ${pick(random, SUBSIDIARY_SUFFIXES)}`,
  );

  // Quarters without scores: some companies join late, some skip a quarter.
  const absent = new Set<number>();
  if (periods.length > 1 && chance(random, 0.08)) {
    const late = intBetween(random, 1, Math.min(3, periods.length - 1));
    for (let quarter = 0; quarter < late; quarter++) absent.add(quarter);
  } else if (periods.length > 2 && chance(random, 0.06)) {
    absent.add(intBetween(random, 0, periods.length - 1));
  }

  const goodness = random();
  const latent = ISSUES.map(() => Math.min(1, Math.max(0, 0.45 * goodness + 0.55 * random())));
  const neverScored = new Set<number>();
  const rankedOnNetNeutrality = industries.some((i) =>
    templates[i].values.includes('net_neutrality'),
  );
  ISSUES.forEach((issue, i) => {
    if (issue.key === 'net_neutrality' && !rankedOnNetNeutrality) neverScored.add(i);
    else if (!discloses && DISCLOSURE_DEPENDENT_ISSUES.includes(issue.key)) {
      if (chance(random, 0.4)) neverScored.add(i);
    } else if (chance(random, issue.key === 'climate' ? 0.05 : 0.03)) neverScored.add(i);
  });

  const city = pick(random, CITIES);
  const lastPresent = [...periods.keys()].reverse().find((quarter) => !absent.has(quarter)) ?? 0;
  const row: DataSet.CompanyRow = {
    upright_cid: `UC${String(index + 1).padStart(6, '0')}`,
    company_name: name,
    brands,
    subsidiaries,
    industry: template.slug,
    industries: industries.map((i) => templates[i].slug),
    sectors: [...new Set(industries.map((i) => templates[i].sector))],
    structure,
    alt_reporting: altReporting,
    self_reporting: selfReporting,
    updated: isoDate(
      addDays(quarterEnd(periods[lastPresent]), intBetween(random, 20, MAX_DAYS_AFTER_QUARTER)),
    ),
    headquarters: { ...city },
  };

  return {
    index,
    row,
    primary,
    isPublic,
    discloses,
    rankedOnNetNeutrality,
    latent,
    neverScored,
    absent,
    revenue: Math.round(Math.exp(between(random, Math.log(1e9), Math.log(4e11)))),
    margin: chance(random, 0.06) ? between(random, -0.08, 0) : between(random, 0.02, 0.24),
    usShare: between(random, 0.5, 0.95),
    medianPay: Math.round(between(random, 28_000, 140_000) / 100) * 100,
    netZeroTarget: pick(random, [
      '2030',
      '2035',
      '2040',
      '2040',
      '2045',
      '2050',
      '2050',
      'None announced',
    ]),
  };
}
