/**
 * Deterministic generator of fictional data sets in the import file format
 * (docs/product/rules.md#s1, #s7): the shipped sample (`data/sample.json`, 300 companies) and large
 * synthetic sets for benchmarks.
 *
 * Small sections (industries, companies, reports, report sources) are built up front; scores and
 * detail rows are produced lazily, one company at a time, from random streams derived from the
 * seed and the company's index — so a 50,000-company set can be streamed to disk without holding
 * its 400,000 score rows in memory, and every part comes out the same whatever order it is read.
 */
import {
  DETAIL_TABLE_NAMES,
  DISCLOSURE_DEPENDENT_ISSUES,
  ISSUES,
  type DetailTableName,
  type IssueKey,
} from '@upright/contracts';
import type {
  CompanyRow,
  DetailRow,
  ImportFile,
  IndustryRow,
  MetricValues,
  ReportRow,
  ReportSourceRow,
  ScoreRow,
} from '../import-file';
import {
  BRAND_WORDS,
  CITIES,
  DETAIL_PUBLISHERS,
  INDUSTRY_TEMPLATES,
  NAME_ENDINGS,
  NAME_MIDDLES,
  NAME_ONSETS,
  REPORT_PUBLISHERS,
  SUBSIDIARY_SUFFIXES,
  SUBSIDIARY_WORDS,
  type IndustryTemplate,
} from './catalog';
import {
  between,
  chance,
  intBetween,
  pick,
  rngFor,
  round,
  sample,
  shuffle,
  type Random,
} from './prng';

export interface Period {
  year: number;
  qrt: number;
}

export interface GenerateOptions {
  /** Number of companies (≥ 1). */
  companies: number;
  /** Number of industries; default 20 (fewer when there are fewer than 5 companies per industry). */
  industries?: number;
  /** Number of quarters of scores, ending with `latest`; default 8. */
  quarters?: number;
  /** Seed of every random choice; default 1. */
  seed?: number;
  /** The most recent quarter; default 2026 Q3. */
  latest?: Period;
  /** Only the first this-many companies get detail rows; default: all. */
  detailCompanies?: number;
  /** Number of reports; default 1.5 per active industry. */
  reports?: number;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_INDUSTRIES = 20;
export const DEFAULT_QUARTERS = 8;
export const DEFAULT_LATEST: Period = { year: 2026, qrt: 3 };
/**
 * Every date in a set (updates, sources, publications) falls at most this many days after the
 * end of its quarter, so nothing is dated after the latest quarter's end + 50 days (2026-11-19).
 */
export const MAX_DAYS_AFTER_QUARTER = 50;

/** Score scale per issue (lower is better). Climate has a wider scale than the rest. */
const SCORE_RANGE: Readonly<Record<IssueKey, readonly [number, number]>> = {
  climate: [5, 1000],
  exec_pay: [0, 100],
  lobbying: [0, 100],
  tax: [0, 100],
  price_inflation: [0, 100],
  repurchases: [0, 100],
  diverse_rep: [0, 100],
  pay_gap: [0, 100],
  net_neutrality: [0, 100],
};

/** Everything about one company that its rows are derived from. */
interface CompanyPlan {
  index: number;
  row: CompanyRow;
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

export interface DataSetParts {
  periods: Period[];
  industries: IndustryRow[];
  companies: CompanyRow[];
  /** Score rows, company by company, oldest quarter first. */
  scores(): Iterable<ScoreRow>;
  /** Detail rows of one table, company by company. */
  details<T extends DetailTableName>(table: T): Iterable<DetailRow<T>>;
  reports: ReportRow[];
  report_sources: ReportSourceRow[];
}

/** The whole data set in memory (use `planDataSet` to stream large ones). */
export function generateDataSet(options: GenerateOptions): ImportFile {
  const parts = planDataSet(options);
  const details = Object.fromEntries(
    DETAIL_TABLE_NAMES.map((table) => [table, [...parts.details(table)]]),
  ) as ImportFile['details'];
  return {
    industries: parts.industries,
    companies: parts.companies,
    scores: [...parts.scores()],
    details,
    reports: parts.reports,
    report_sources: parts.report_sources,
  };
}

export function planDataSet(options: GenerateOptions): DataSetParts {
  const seed = options.seed ?? DEFAULT_SEED;
  const companyCount = checkCount('companies', options.companies, 1);
  const industryCount = checkCount(
    'industries',
    options.industries ?? Math.max(1, Math.min(DEFAULT_INDUSTRIES, Math.floor(companyCount / 5))),
    1,
  );
  const quarterCount = checkCount('quarters', options.quarters ?? DEFAULT_QUARTERS, 1);
  const periods = periodsEndingAt(options.latest ?? DEFAULT_LATEST, quarterCount);
  const latestIndex = periods.length - 1;
  const detailLimit = options.detailCompanies ?? companyCount;

  const templates = industryTemplates(industryCount);
  const industries = templates.map((template, index) =>
    industryRow(template, index, industryCount, seed),
  );
  const sizes = industrySizes(companyCount, industryCount, rngFor(seed, 'industry-sizes'));
  const primaries = shuffle(
    rngFor(seed, 'primaries'),
    sizes.flatMap((size, industry) => Array.from({ length: size }, () => industry)),
  );

  const usedNames: UsedNames = { names: new Set(), roots: new Set() };
  const plans = primaries.map((primary, index) =>
    planCompany(index, primary, templates, periods, usedNames, seed),
  );
  const companies = plans.map((plan) => plan.row);

  const { reports, sources } = planReports(
    seed,
    options.reports,
    templates,
    industries,
    plans,
    periods,
  );

  return {
    periods,
    industries,
    companies,
    *scores() {
      for (const plan of plans) {
        for (const row of scoreSeries(plan, periods, templates, seed)) if (row) yield row;
      }
    },
    *details<T extends DetailTableName>(table: T): Iterable<DetailRow<T>> {
      const quarters = [latestIndex, latestIndex - 4].filter((index) => index >= 0);
      for (const plan of plans.slice(0, Math.max(0, detailLimit))) {
        const random = rngFor(seed, 'details', table, plan.index);
        const series = scoreSeries(plan, periods, templates, seed);
        for (const quarter of quarters) {
          const probability = quarter === latestIndex ? 0.92 : 0.35;
          const scores = series[quarter];
          if (!chance(random, probability) || !scores) continue;
          yield detailRow(table, plan, periods[quarter], scores, templates, random);
        }
      }
    },
    reports,
    report_sources: sources,
  };
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// periods and dates

export function periodsEndingAt(latest: Period, count: number): Period[] {
  const periods: Period[] = [];
  let { year, qrt } = latest;
  for (let i = 0; i < count; i++) {
    periods.unshift({ year, qrt });
    qrt -= 1;
    if (qrt === 0) [year, qrt] = [year - 1, 4];
  }
  return periods;
}

function quarterEnd({ year, qrt }: Period): Date {
  return new Date(Date.UTC(year, qrt * 3, 0));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// industries

function industryTemplates(count: number): IndustryTemplate[] {
  return Array.from({ length: count }, (_, index) => {
    const base = INDUSTRY_TEMPLATES[index % INDUSTRY_TEMPLATES.length];
    const group = Math.floor(index / INDUSTRY_TEMPLATES.length);
    if (group === 0) return base;
    return {
      ...base,
      slug: `${base.slug}-group-${group + 1}`,
      text: `${base.text} (Group ${group + 1})`,
    };
  });
}

function industryRow(
  template: IndustryTemplate,
  index: number,
  count: number,
  seed: number,
): IndustryRow {
  const random = rngFor(seed, 'industry', index);
  return {
    industry: template.slug,
    industry_text: template.text,
    industry_alts: template.alts,
    definition: template.definition,
    industry_values: template.values,
    limit: pick(random, [10, 15, 20, 25]),
    // One industry of a larger set is being prepared and not shown yet.
    active: !(count >= 5 && index === count - 1),
  };
}

/** At least 5 companies per industry where possible, the rest spread very unevenly. */
function industrySizes(companies: number, industries: number, random: Random): number[] {
  const base = Math.min(5, Math.floor(companies / industries));
  const weights = Array.from({ length: industries }, () => 0.02 + 2.98 * random() ** 2);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const rest = companies - base * industries;
  const shares = weights.map((weight) => (rest * weight) / total);
  const sizes = shares.map((share) => base + Math.floor(share));
  let missing = companies - sizes.reduce((sum, size) => sum + size, 0);
  const byFraction = shares
    .map((share, index) => ({ index, fraction: share - Math.floor(share) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (let i = 0; missing > 0; i = (i + 1) % industries, missing--) sizes[byFraction[i].index]++;
  return sizes;
}

// ---------------------------------------------------------------------------------------------
// companies

function nameRoot(random: Random): string {
  const onset = pick(random, NAME_ONSETS);
  const middle = chance(random, 0.35) ? pick(random, NAME_MIDDLES) : '';
  const ending = pick(random, NAME_ENDINGS);
  return onset + middle + ending;
}

const NAME_QUALIFIERS = ['Pacific', 'Atlantic', 'Midland', 'Summit', 'Gulf', 'Prairie', 'Lakes'];

/** Names, brands and subsidiaries already given out (lowercase), and name roots in use. */
interface UsedNames {
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

function planCompany(
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
  const row: CompanyRow = {
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

// ---------------------------------------------------------------------------------------------
// scores

/** One row per quarter (null where the company has no scores that quarter). */
function scoreSeries(
  plan: CompanyPlan,
  periods: Period[],
  templates: IndustryTemplate[],
  seed: number,
): (ScoreRow | null)[] {
  const random = rngFor(seed, 'scores', plan.index);
  const drift = ISSUES.map(() => 0);
  return periods.map((period, quarter) => {
    const values = ISSUES.map((issue, i) => {
      drift[i] += between(random, -0.04, 0.04);
      const sporadicGap = chance(random, 0.02);
      const tie = chance(random, 0.06);
      if (plan.neverScored.has(i) || sporadicGap) return null;
      const [low, high] = SCORE_RANGE[issue.key];
      // Shared values per industry, issue and quarter: exact ties between companies.
      const position = tie
        ? rngFor(seed, 'tie', templates[plan.primary].slug, i, quarter)()
        : Math.min(1, Math.max(0, plan.latent[i] + drift[i]));
      return round(low + (high - low) * position, 1);
    });
    if (plan.absent.has(quarter)) return null;
    const row = {
      upright_cid: plan.row.upright_cid,
      period_year: period.year,
      period_qrt: period.qrt,
    } as ScoreRow;
    ISSUES.forEach((issue, i) => {
      row[issue.scoreField] = values[i];
    });
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// detail tables

const publisherSlug = (publisher: string) => publisher.toLowerCase().replace(/[^a-z0-9]+/g, '-');

function detailRow<T extends DetailTableName>(
  table: T,
  plan: CompanyPlan,
  period: Period,
  scores: ScoreRow,
  templates: IndustryTemplate[],
  random: Random,
): DetailRow<T> {
  const publisher = DETAIL_PUBLISHERS[table][plan.index % DETAIL_PUBLISHERS[table].length];
  const cid = plan.row.upright_cid;
  return {
    upright_cid: cid,
    period_year: period.year,
    period_qrt: period.qrt,
    source_publisher: publisher,
    source_url: `https://example.org/${publisherSlug(publisher)}/${table.replace(/_/g, '-')}/${
      period.year
    }-q${period.qrt}/${cid.toLowerCase()}`,
    source_date: isoDate(
      addDays(quarterEnd(period), intBetween(random, 15, MAX_DAYS_AFTER_QUARTER)),
    ),
    metrics: detailMetrics(table, plan, scores, templates, random),
  } as DetailRow<T>;
}

/** Plausible figures, loosely consistent with the company's size and its scores. */
function detailMetrics<T extends DetailTableName>(
  table: T,
  plan: CompanyPlan,
  scores: ScoreRow,
  templates: IndustryTemplate[],
  random: Random,
): MetricValues<T> {
  const score = (key: IssueKey, fallback: number) => {
    const field = ISSUES.find((issue) => issue.key === key)!.scoreField;
    return scores[field] ?? fallback;
  };
  const noise = (spread: number) => between(random, -spread, spread);
  const pretax = roundTo(plan.revenue * (plan.margin + noise(0.01)), 100_000);
  const taxRate = clamp(32 - score('tax', 50) * 0.3 + noise(2), -5, 40);
  const usTaxRate = clamp(taxRate - between(random, 0, 8), -10, 35);
  const full = plan.discloses;

  let metrics: Record<string, number | string>;
  switch (table) {
    case 'companies_taxes':
      metrics = {
        pretax_income: pretax,
        income_tax_paid: roundTo(Math.max(pretax, plan.revenue * 0.01) * (taxRate / 100), 100_000),
        ...(pretax > 0 ? { effective_tax_rate: round(taxRate, 1) } : {}),
      };
      break;
    case 'companies_us_taxes': {
      const usPretax = roundTo(pretax * plan.usShare, 100_000);
      metrics = {
        us_pretax_income: usPretax,
        us_federal_tax_paid: roundTo(
          Math.max(usPretax, plan.revenue * 0.005) * (usTaxRate / 100),
          100_000,
        ),
        ...(usPretax > 0 ? { us_effective_tax_rate: round(usTaxRate, 1) } : {}),
      };
      break;
    }
    case 'companies_price_inflations':
      metrics = {
        price_change: round(1 + score('price_inflation', 40) * 0.1 + noise(1.5), 1),
        gross_margin_change: round(between(random, -3, 5), 1),
      };
      break;
    case 'companies_repurchases': {
      const amount = plan.isPublic
        ? roundTo(Math.max(0, pretax) * 0.9 * (score('repurchases', 30) / 100), 100_000)
        : 0;
      metrics = {
        repurchased_amount: amount,
        ...(pretax > 0 ? { repurchase_to_income: round((amount / (pretax * 0.79)) * 100, 1) } : {}),
      };
      break;
    }
    case 'companies_climates': {
      const perMillion = templates[plan.primary].emissionsPerMillion;
      const millions = plan.revenue / 1e6;
      const scope1 = Math.round(millions * perMillion * (0.2 + score('climate', 500) / 1000));
      const scope2 = Math.round(scope1 * between(random, 0.1, 0.6) + millions * 2);
      metrics = {
        scope1_emissions: scope1,
        scope2_emissions: scope2,
        emissions_intensity: round((scope1 + scope2) / millions, 1),
        net_zero_target: plan.netZeroTarget,
      };
      break;
    }
    case 'companies_diversities': {
      const rep = score('diverse_rep', 50);
      const gap = score('pay_gap', 50);
      metrics = {
        women_in_leadership: round(clamp(52 - rep * 0.4 + noise(4), 5, 60), 1),
        minorities_in_leadership: round(clamp(45 - rep * 0.35 + noise(4), 3, 55), 1),
        ...(full
          ? {
              gender_pay_gap: round(clamp(gap * 0.25 + noise(2), 0, 35), 1),
              racial_pay_gap: round(clamp(gap * 0.2 + noise(2), 0, 30), 1),
            }
          : {}),
      };
      break;
    }
    case 'companies_income_inequalities': {
      const ceoPay = roundTo(1_500_000 + score('exec_pay', 40) * 350_000 + noise(500_000), 1000);
      metrics = full
        ? {
            ceo_pay: ceoPay,
            median_worker_pay: plan.medianPay,
            ceo_pay_ratio: Math.round(ceoPay / plan.medianPay),
          }
        : { median_worker_pay: plan.medianPay };
      break;
    }
    case 'companies_lobbyings': {
      const size = Math.min(1, plan.revenue / 2e11) + 0.2;
      const spend = roundTo((score('lobbying', 40) / 100) * 15_000_000 * size, 10_000);
      metrics = {
        lobbying_spend: spend,
        lobbyists: Math.round(spend / 250_000) + intBetween(random, 0, 3),
      };
      break;
    }
    default:
      throw new Error(`no generator for detail table ${String(table)}`);
  }
  return metrics as MetricValues<T>;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

// ---------------------------------------------------------------------------------------------
// reports

const REPORT_TITLES: Readonly<Record<IssueKey | 'overall', (industry: string) => string>> = {
  overall: (industry) => `${industry}: The Overall Upright Ranking`,
  climate: (industry) => `${industry} Ranked on Climate`,
  exec_pay: (industry) => `Executive Pay at ${industry}`,
  lobbying: (industry) => `Who Lobbies Most Among ${industry}`,
  tax: (industry) => `${industry} and US Federal Taxes: Who Pays Their Share`,
  price_inflation: (industry) => `Price Hikes at ${industry}`,
  repurchases: (industry) => `Stock Buybacks at ${industry}`,
  diverse_rep: (industry) => `Diversity in Leadership at ${industry}`,
  pay_gap: (industry) => `The Pay Gap at ${industry}`,
  net_neutrality: (industry) => `Where ${industry} Stand on Net Neutrality`,
};

const ISSUE_LABEL: Readonly<Record<string, string>> = Object.fromEntries(
  ISSUES.map((issue) => [issue.key, issue.label]),
);

interface ReportPlan {
  industry: number;
  value: IssueKey | 'overall';
  quarter: number;
  major: boolean;
  published: Date;
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function planReports(
  seed: number,
  requested: number | undefined,
  templates: IndustryTemplate[],
  industries: IndustryRow[],
  plans: CompanyPlan[],
  periods: Period[],
): { reports: ReportRow[]; sources: ReportSourceRow[] } {
  const random = rngFor(seed, 'reports');
  const members = templates.map(() => [] as CompanyPlan[]);
  for (const plan of plans) members[plan.primary].push(plan);
  // Active industries with companies, largest first: they get the most reports.
  const eligible = templates
    .map((_, index) => index)
    .filter((index) => industries[index].active && members[index].length > 0)
    .sort((a, b) => members[b].length - members[a].length || a - b);
  const count = requested ?? Math.round(templates.length * 1.5);
  if (eligible.length === 0 || count <= 0) return { reports: [], sources: [] };

  const latest = periods.length - 1;
  const recentQuarter = () =>
    chance(random, 0.55) ? latest : Math.max(0, latest - pick(random, [1, 1, 2, 3]));
  const anyQuarter = () => (chance(random, 0.5) ? recentQuarter() : intBetween(random, 0, latest));

  const planned: ReportPlan[] = [];
  const taken = new Set<string>();
  const add = (industry: number, value: IssueKey | 'overall', quarter: number, major: boolean) => {
    const key = `${industry}/${value}/${quarter}`;
    if (taken.has(key)) return false;
    taken.add(key);
    const published = addDays(
      quarterEnd(periods[quarter]),
      intBetween(random, 25, MAX_DAYS_AFTER_QUARTER),
    );
    planned.push({ industry, value, quarter, major, published });
    return true;
  };

  // Major (overall) rankings of the largest industries: a fifth of all reports.
  const majorCount = Math.max(1, Math.round(count / 5));
  for (let i = 0; i < majorCount; i++) {
    const industry = eligible[i % eligible.length];
    const quarter = i < eligible.length ? recentQuarter() : anyQuarter();
    add(industry, 'overall', quarter, true);
  }
  // Issue reports spread over industries and quarters.
  for (let attempts = 0; planned.length < count && attempts < count * 50; attempts++) {
    const industry = eligible[(planned.length + attempts) % eligible.length];
    const value = pick(random, templates[industry].values);
    add(industry, value, anyQuarter(), false);
  }

  planned.sort((a, b) => a.published.getTime() - b.published.getTime() || a.industry - b.industry);
  // Featured: a handful of the newest current reports.
  const featuredCount = Math.max(1, Math.round(planned.length / 4));
  const archivedBefore = latest - 3;
  const featured = new Set(
    planned
      .map((plan, index) => ({ plan, index }))
      .filter(({ plan }) => plan.quarter >= archivedBefore)
      .slice(-featuredCount * 2)
      .filter((_, position) => position % 2 === 1)
      .map(({ index }) => index),
  );

  const reports: ReportRow[] = [];
  const sources: ReportSourceRow[] = [];
  planned.forEach((plan, index) => {
    const reportId = index + 1;
    const template = templates[plan.industry];
    const period = periods[plan.quarter];
    const periodText = `Q${period.qrt} ${period.year}`;
    const title = `${REPORT_TITLES[plan.value](template.text)}, ${periodText}`;
    const primaryMembers = members[plan.industry];
    const reportCount = Math.max(1, Math.min(10, primaryMembers.length));
    reports.push({
      report_id: reportId,
      title,
      slug: slugify(title),
      published_date: isoDate(plan.published),
      industry: template.slug,
      value: plan.value,
      geography: 'us',
      count: reportCount,
      primary: plan.major || chance(random, 0.7),
      major: plan.major,
      major_ranking: plan.major,
      archived: plan.quarter < archivedBefore,
      featured: featured.has(index),
      period_year: period.year,
      period_qrt: period.qrt,
      report: reportCopy(template, plan.value, periodText, reportCount, primaryMembers.length),
    });

    const publisher = pick(random, REPORT_PUBLISHERS);
    const sourceDate = isoDate(addDays(quarterEnd(period), intBetween(random, 5, 20)));
    const issueText = plan.value === 'overall' ? 'all issues' : ISSUE_LABEL[plan.value];
    sources.push({
      report_id: reportId,
      source_publisher: publisher,
      source_url: `https://example.org/${publisherSlug(publisher)}/${template.slug}/${
        period.year
      }-q${period.qrt}`,
      source_date: sourceDate,
      title: `${template.text}: ${lowerFirst(issueText)} data set, ${periodText}`,
    });
    for (const company of sample(random, primaryMembers, intBetween(random, 1, 3))) {
      const companyPublisher = pick(random, REPORT_PUBLISHERS);
      sources.push({
        report_id: reportId,
        upright_cid: company.row.upright_cid,
        source_publisher: companyPublisher,
        source_url: `https://example.org/${publisherSlug(companyPublisher)}/filings/${company.row.upright_cid.toLowerCase()}/${
          period.year
        }-q${period.qrt}`,
        source_date: sourceDate,
        title: `${company.row.company_name} disclosures, ${periodText}`,
      });
    }
  });
  return { reports, sources };
}

function reportCopy(
  template: IndustryTemplate,
  value: IssueKey | 'overall',
  periodText: string,
  count: number,
  industrySize: number,
): string {
  const focus =
    value === 'overall'
      ? 'on every issue Upright tracks, combined into one overall rank'
      : `on ${lowerFirst(ISSUE_LABEL[value])}`;
  return [
    `## Summary`,
    '',
    `This report ranks the top ${count} of ${industrySize} companies in ${template.text} ${focus} for ${periodText}.`,
    `Scores are lower-is-better: rank 1 is the company doing best, and companies with equal scores share a rank.`,
    '',
    `## How the ranking works`,
    '',
    `- Companies in ${template.text} are scored on ${template.values
      .map((key) => lowerFirst(ISSUE_LABEL[key]))
      .join(', ')}.`,
    `- A missing climate score counts as 1500; any other missing score gets the lowest rank.`,
    `- Private companies that publish no alternative or self-reported figures get the lowest rank on the issues that depend on disclosure.`,
    '',
    `## About this data`,
    '',
    `This is **sample data**: the companies, figures and sources in this report are fictional and were generated for demonstration. Corrections can be requested via this report.`,
  ].join('\n');
}

/** "Climate" → "climate", but "US lobbying" stays. */
function lowerFirst(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
