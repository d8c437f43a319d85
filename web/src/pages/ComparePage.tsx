import { useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  applicableDetailTables,
  applicableIssues,
  COMPARE_MAX,
  COMPARE_MIN,
  DETAIL_TABLES,
  ISSUES,
  WEIGHTS_LABEL,
  WebPaths,
  type CompanyDetail,
  type ComparisonResponse,
  type IndustryCompaniesResponse,
  type IssueKey,
} from '@upright/contracts';
import { api } from '../api/endpoints';
import { PageState } from '../components/PageState';
import { WeightsInEffect } from '../components/WeightsInEffect';
import { PrefetchLink } from '../components/PrefetchLink';
import {
  bestOfThese,
  comparePeriods,
  historyRows,
  rankEvidence,
  readCompareSlugs,
} from '../lib/compare-view';
import {
  EVIDENCE_WORDS,
  formatDate,
  formatMetric,
  formatPeriod,
  formatRank,
  ISSUE_DATA_NOTE,
} from '../lib/format';
import { dataCoverage } from '../lib/ranking-view';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';
import NotFoundPage from './NotFoundPage';

/**
 * docs/product/rules.md#s12: two to four companies of one industry side by side. `?c=slug,slug` is
 * the whole state, so the page can be shared; adding or removing a company rewrites it.
 */
export default function ComparePage() {
  const { industry = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const slugs = readCompareSlugs(query.get('c'));
  const setSlugs = (next: string[]) => {
    const changed = new URLSearchParams(query);
    changed.set('c', next.join(','));
    setQuery(changed);
  };
  const key = slugs.join(',');
  const comparison = useApi(
    () => (slugs.length >= COMPARE_MIN ? api.compare(industry, slugs) : Promise.resolve(null)),
    [industry, key],
  );
  const ranking = useApi(() => api.industryCompanies(industry), [industry]);
  useRouteTitle(ranking.kind === 'ready' ? [ranking.data] : null);
  if (ranking.kind === 'error' && (ranking.status === 404 || ranking.status === 400)) {
    return <NotFoundPage />;
  }
  return (
    <article className="compare">
      <PageState state={ranking} what="the industry">
        {(data) => (
          <>
            <h1>Compare {data.industryResult.industry_text} companies</h1>
            <p>
              <PrefetchLink to={WebPaths.industry(industry)}>
                Back to the {data.industryResult.industry_text} ranking
              </PrefetchLink>
            </p>
            <CompanyPicker ranking={data} chosen={slugs} onChoose={setSlugs} />
          </>
        )}
      </PageState>
      {slugs.length < COMPARE_MIN ? (
        <p className="muted">
          Choose {COMPARE_MIN} to {COMPARE_MAX} companies to see them side by side.
        </p>
      ) : comparison.kind === 'error' && comparison.status === 404 ? (
        <p className="muted">
          One of these companies is not in this industry.{' '}
          <button type="button" className="link-button" onClick={() => setSlugs([])}>
            Start again
          </button>
        </p>
      ) : (
        <PageState state={comparison} what="the comparison">
          {(answer) =>
            answer && (
              <ComparisonTables
                answer={answer}
                ranking={ranking.kind === 'ready' ? ranking.data : null}
                onRemove={(slug) => setSlugs(slugs.filter((other) => other !== slug))}
              />
            )
          }
        </PageState>
      )}
    </article>
  );
}

/** How many companies matching the typed name the picker lists at once. */
const PICKER_MATCHES = 8;

/**
 * Several companies chosen at once, at most COMPARE_MAX; "Compare" writes the choice to the URL.
 * The chosen ones are listed first; the others are found by typing part of a name (the whole
 * industry folded away under it), so a phone is not handed a wall of checkboxes.
 */
function CompanyPicker({
  ranking,
  chosen,
  onChoose,
}: {
  ranking: IndustryCompaniesResponse;
  chosen: string[];
  onChoose: (slugs: string[]) => void;
}) {
  const [ticked, setTicked] = useState<string[] | null>(null);
  const [name, setName] = useState('');
  const current = ticked ?? chosen;
  const companies = ranking.result.ranked;
  const typed = name.trim().toLowerCase();
  const matches = companies
    .filter((company) => !current.includes(company.slug))
    .filter((company) => company.company_name.toLowerCase().includes(typed))
    .slice(0, PICKER_MATCHES);
  const box = (company: (typeof companies)[number]) => (
    <label key={company.upright_cid}>
      <input
        type="checkbox"
        name="c"
        value={company.slug}
        checked={current.includes(company.slug)}
        disabled={!current.includes(company.slug) && current.length >= COMPARE_MAX}
        onChange={() =>
          setTicked(
            current.includes(company.slug)
              ? current.filter((other) => other !== company.slug)
              : [...current, company.slug],
          )
        }
      />{' '}
      {company.company_name}
    </label>
  );
  return (
    <form
      className="compare-picker"
      data-testid="compare-picker"
      onSubmit={(event) => {
        event.preventDefault();
        onChoose(current);
        setTicked(null);
      }}
    >
      <fieldset>
        <legend>
          Choose {COMPARE_MIN} to {COMPARE_MAX} companies ({current.length} chosen)
        </legend>
        <div className="compare-chosen">
          {companies.filter((company) => current.includes(company.slug)).map(box)}
        </div>
        <label className="compare-find">
          Find a company{' '}
          <input type="search" value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        {typed !== '' ? (
          <div className="compare-matches" aria-live="polite">
            {matches.length > 0 ? matches.map(box) : <p className="muted">No company matches.</p>}
          </div>
        ) : (
          <details className="compare-all">
            <summary>Or pick from all {companies.length} companies</summary>
            {companies.filter((company) => !current.includes(company.slug)).map(box)}
          </details>
        )}
      </fieldset>
      <button
        type="submit"
        className="button"
        disabled={current.length < COMPARE_MIN || current.join(',') === chosen.join(',')}
      >
        Compare
      </button>
    </form>
  );
}

type Compared = CompanyDetail;
type ComparedRanks = NonNullable<Compared['ranks']>;

/** Who ranks best among the compared, and how the reader's own ranks read (a member's). */
interface Standing {
  best: ReturnType<typeof bestOfThese>;
  own: Map<string, IndustryCompaniesResponse['result']['ranked'][number]>;
  /** How many the member's own ranking ranks. */
  ownOf: number;
  /** More than one company: a "best of these" means something. */
  marks: boolean;
}

function BestMark({
  standing,
  winners,
  cid,
}: {
  standing: Standing;
  winners: Set<string>;
  cid: string;
}) {
  return winners.has(cid) && standing.marks ? (
    <strong className="best-of-these"> ★ best of these</strong>
  ) : null;
}

/** A side-by-side table's caption and header row: one column per company. */
function CompareHead({
  caption,
  first,
  industry,
  companies,
}: {
  caption: string;
  first: string;
  industry: string;
  companies: readonly Compared[];
}) {
  return (
    <>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          {companies.map((company) => (
            <th scope="col" key={company.upright_cid}>
              <PrefetchLink to={WebPaths.company(industry, company.slug)}>
                {company.company_name}
              </PrefetchLink>
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}

function ComparisonTables({
  answer,
  ranking,
  onRemove,
}: {
  answer: ComparisonResponse;
  /** The industry's ranking as the reader sees it: a member's own ranks come from it. */
  ranking: IndustryCompaniesResponse | null;
  onRemove: (slug: string) => void;
}) {
  const industry = answer.industryResult.industry;
  const companies = answer.companies.map((entry) => entry.detail);
  const issues = applicableIssues(answer.industryResult.industry_values);
  const visitorsLabel = ranking ? WEIGHTS_LABEL[ranking.basis] : "visitors' weights";
  const own = new Map(
    (ranking?.result.pranked ? ranking.result.ranked : []).map((company) => [
      company.upright_cid,
      company,
    ]),
  );
  const standing: Standing = {
    best: bestOfThese(companies, issues, (company: CompanyDetail) =>
      own.size > 0 ? (own.get(company.upright_cid)?.prank ?? null) : (company.ranks?.arank ?? null),
    ),
    own,
    ownOf: ranking?.result.ranked.length ?? 0,
    marks: companies.length > 1,
  };
  const head = (caption: string, first: string) => (
    <CompareHead caption={caption} first={first} industry={industry} companies={companies} />
  );
  return (
    <>
      <p>
        {companies.map((company) => (
          <button
            key={company.upright_cid}
            type="button"
            className="button button-secondary"
            onClick={() => onRemove(company.slug)}
          >
            Remove {company.company_name}
          </button>
        ))}
      </p>
      {ranking && (
        <p className="muted" data-testid="compare-weights">
          Overall ranks for visitors use <strong>{visitorsLabel}</strong>
          <WeightsInEffect basis={ranking.basis} />.
        </p>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Ranks side by side">
        <table className="ranking-table compare-table">
          {head('Ranks side by side (1 is best)', 'Rank')}
          <RanksSideBySide
            companies={companies}
            issues={issues}
            standing={standing}
            visitorsLabel={visitorsLabel}
          />
        </table>
      </div>

      <div className="table-scroll" tabIndex={0} role="region" aria-label="Rank over time">
        <table className="ranking-table compare-table">
          {head(`Rank over time (${visitorsLabel})`, 'Quarter')}
          <tbody>
            {historyRows(answer.companies).map((row) => (
              <tr key={row.period}>
                <th scope="row">{row.period}</th>
                {row.cells.map((cell, i) => (
                  <td key={companies[i].upright_cid}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="table-scroll" tabIndex={0} role="region" aria-label="The figures behind">
        <table className="ranking-table compare-table">
          {head('The figures behind the ranks, with their sources', 'Figure')}
          <FiguresSideBySide companies={companies} issues={issues} />
        </table>
      </div>
    </>
  );
}

/** The overall ranks (the member's own first), each issue's rank and the data coverage. */
function RanksSideBySide({
  companies,
  issues,
  standing,
  visitorsLabel,
}: {
  companies: readonly Compared[];
  issues: readonly IssueKey[];
  standing: Standing;
  visitorsLabel: string;
}) {
  const { best, own } = standing;
  const overallRow = (label: string, rankOf: (ranks: ComparedRanks) => string, marked = false) => (
    <tr>
      <th scope="row">{label}</th>
      {companies.map((company) => (
        <td key={company.upright_cid}>
          {company.ranks
            ? `${rankOf(company.ranks)} of ${company.ranks.lowestRank}`
            : 'not ranked this period'}
          {marked && (
            <BestMark standing={standing} winners={best.overall} cid={company.upright_cid} />
          )}
        </td>
      ))}
    </tr>
  );
  return (
    <tbody>
      {own.size > 0 && (
        <tr data-testid="compare-own-row">
          <th scope="row">Overall, your priorities</th>
          {companies.map((company) => {
            const mine = own.get(company.upright_cid);
            return (
              <td key={company.upright_cid}>
                {mine?.prank != null
                  ? `${formatRank(mine.prank, mine.ptied)} of ${standing.ownOf}`
                  : 'not ranked this period'}
                <BestMark standing={standing} winners={best.overall} cid={company.upright_cid} />
              </td>
            );
          })}
        </tr>
      )}
      {overallRow(
        `Overall, ${visitorsLabel}`,
        (ranks) => formatRank(ranks.arank, ranks.atied),
        own.size === 0,
      )}
      {overallRow('Overall, all issues equal', (ranks) =>
        formatRank(ranks.normalized_rank, ranks.tied),
      )}
      {ISSUES.filter((issue) => issues.includes(issue.key)).map((issue) => (
        <tr key={issue.key}>
          <th scope="row">{issue.label}</th>
          {companies.map((company) => (
            <IssueRankCell key={company.upright_cid} company={company} issue={issue.key}>
              <BestMark
                standing={standing}
                winners={best.byIssue[issue.key]}
                cid={company.upright_cid}
              />
            </IssueRankCell>
          ))}
        </tr>
      ))}
      <tr>
        <th scope="row">Data coverage</th>
        {companies.map((company) => (
          <td key={company.upright_cid}>
            {company.ranks
              ? `${dataCoverage(company, company.ranks.companies_scores, issues).coverage} of ${issues.length} issues that apply`
              : '—'}
          </td>
        ))}
      </tr>
    </tbody>
  );
}

function IssueRankCell({
  company,
  issue,
  children,
}: {
  company: Compared;
  issue: IssueKey;
  children: ReactNode;
}) {
  if (!company.ranks) return <td>—</td>;
  const ranks = company.ranks as unknown as Record<string, unknown>;
  const status = dataCoverage(company, company.ranks.companies_scores).issueData[issue];
  const evidence = rankEvidence(company, issue)!;
  return (
    <td>
      {formatRank(ranks[`${issue}_rank`] as number, ranks[`${issue}_tied`] === true)}
      {status !== 'scored' && <span className="data-note">{ISSUE_DATA_NOTE[status]}</span>}
      {/* The figure's own words ("figure below" needs none here: it is below). */}
      {evidence !== 'figure' && (
        <span className="data-note" data-evidence={evidence}>
          {evidence === 'no_score' ? 'no published figure' : EVIDENCE_WORDS[evidence]}
        </span>
      )}
      {children}
    </td>
  );
}

/** Each applicable detail table's figures, then their source and whether it is older. */
function FiguresSideBySide({
  companies,
  issues,
}: {
  companies: readonly Compared[];
  issues: readonly IssueKey[];
}) {
  return (
    <>
      {applicableDetailTables(issues).map((table) => (
        <tbody key={table}>
          <tr>
            <th scope="rowgroup" colSpan={companies.length + 1}>
              {DETAIL_TABLES[table].label}
            </th>
          </tr>
          {DETAIL_TABLES[table].metrics.map((metric) => (
            <tr key={metric.name}>
              <th scope="row">{metric.label}</th>
              {companies.map((company) => {
                const value = company[table]?.metrics.find((m) => m.name === metric.name);
                return <td key={company.upright_cid}>{value ? formatMetric(value) : 'no data'}</td>;
              })}
            </tr>
          ))}
          <tr>
            <th scope="row">Source</th>
            {companies.map((company) => {
              const entry = company[table];
              return (
                <td key={company.upright_cid}>
                  {entry ? (
                    <>
                      <a href={entry.source.source_url} rel="noopener noreferrer">
                        {entry.source.source_publisher}
                      </a>{' '}
                      ({formatPeriod(entry)}, {formatDate(entry.source.source_date)})
                      {company.ranks && comparePeriods(entry, company.ranks.period) < 0 && (
                        <span className="data-note" data-stale="true">
                          {' '}
                          older than the compared period ({formatPeriod(company.ranks.period)})
                        </span>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </td>
              );
            })}
          </tr>
        </tbody>
      ))}
    </>
  );
}
