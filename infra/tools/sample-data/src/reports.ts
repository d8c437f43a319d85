/** Reports of a generated set and their sources: titles, copy, featured and archived flags. */
import { ISSUES, type DataSet, type IssueKey } from '@upright/contracts';
import { REPORT_PUBLISHERS, type IndustryTemplate } from './catalog';
import type { CompanyPlan } from './companies';
import { publisherSlug } from './details';
import { addDays, isoDate, MAX_DAYS_AFTER_QUARTER, quarterEnd, type Period } from './periods';
import { chance, intBetween, pick, rngFor, sample } from './prng';

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

export function planReports(
  seed: number,
  requested: number | undefined,
  templates: IndustryTemplate[],
  industries: DataSet.IndustryRow[],
  plans: CompanyPlan[],
  periods: Period[],
): { reports: DataSet.ReportRow[]; sources: DataSet.ReportSourceRow[] } {
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

  const reports: DataSet.ReportRow[] = [];
  const sources: DataSet.ReportSourceRow[] = [];
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
