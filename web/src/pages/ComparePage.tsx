import { useState } from 'react';
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
import { PRODUCT_NAME } from '../lib/constants';
import {
  EVIDENCE_WORDS,
  formatDate,
  formatMetric,
  formatPeriod,
  formatRank,
  ISSUE_DATA_NOTE,
} from '../lib/format';
import { dataCoverage } from '../lib/ranking-view';
import { useApi, useTitle } from '../hooks/useApi';
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
  useTitle(
    ranking.kind === 'ready'
      ? `Compare ${ranking.data.industryResult.industry_text} companies · ${PRODUCT_NAME}`
      : null,
  );
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

/**
 * Several companies chosen at once: a checkbox per company of the industry, the
 * ones compared now ticked, at most COMPARE_MAX; "Compare" writes the choice to the URL.
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
  const current = ticked ?? chosen;
  const toggle = (slug: string) =>
    setTicked(
      current.includes(slug) ? current.filter((other) => other !== slug) : [...current, slug],
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
        {ranking.result.ranked.map((company) => (
          <label key={company.upright_cid}>
            <input
              type="checkbox"
              name="c"
              value={company.slug}
              checked={current.includes(company.slug)}
              disabled={!current.includes(company.slug) && current.length >= COMPARE_MAX}
              onChange={() => toggle(company.slug)}
            />{' '}
            {company.company_name}
          </label>
        ))}
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
  const shownIssues = ISSUES.filter((issue) => issues.includes(issue.key));
  const visitorsLabel = ranking ? WEIGHTS_LABEL[ranking.basis] : "visitors' weights";
  const own = new Map(
    (ranking?.result.pranked ? ranking.result.ranked : []).map((company) => [
      company.upright_cid,
      company,
    ]),
  );
  const best = bestOfThese(companies, issues, (company: CompanyDetail) =>
    own.size > 0 ? (own.get(company.upright_cid)?.prank ?? null) : (company.ranks?.arank ?? null),
  );
  const bestMark = (winners: Set<string>, cid: string) =>
    winners.has(cid) && companies.length > 1 ? (
      <strong className="best-of-these"> ★ best of these</strong>
    ) : null;
  const head = (caption: string, first: string) => (
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
  const history = historyRows(answer.companies);
  type Ranks = NonNullable<(typeof companies)[number]['ranks']>;
  const overallRow = (label: string, rankOf: (ranks: Ranks) => string, marked = false) => (
    <tr>
      <th scope="row">{label}</th>
      {companies.map((company) => (
        <td key={company.upright_cid}>
          {company.ranks
            ? `${rankOf(company.ranks)} of ${company.ranks.lowestRank}`
            : 'not ranked this period'}
          {marked && bestMark(best.overall, company.upright_cid)}
        </td>
      ))}
    </tr>
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
          <tbody>
            {own.size > 0 && (
              <tr data-testid="compare-own-row">
                <th scope="row">Overall, your priorities</th>
                {companies.map((company) => {
                  const mine = own.get(company.upright_cid);
                  return (
                    <td key={company.upright_cid}>
                      {mine?.prank != null
                        ? `${formatRank(mine.prank, mine.ptied)} of ${ranking!.result.ranked.length}`
                        : 'not ranked this period'}
                      {bestMark(best.overall, company.upright_cid)}
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
            {shownIssues.map((issue) => (
              <tr key={issue.key}>
                <th scope="row">{issue.label}</th>
                {companies.map((company) => {
                  if (!company.ranks) return <td key={company.upright_cid}>—</td>;
                  const ranks = company.ranks as unknown as Record<string, unknown>;
                  const status = dataCoverage(company, company.ranks.companies_scores).issueData[
                    issue.key
                  ];
                  const evidence = rankEvidence(company, issue.key)!;
                  return (
                    <td key={company.upright_cid}>
                      {formatRank(
                        ranks[`${issue.key}_rank`] as number,
                        ranks[`${issue.key}_tied`] === true,
                      )}
                      {status !== 'scored' && (
                        <span className="data-note">{ISSUE_DATA_NOTE[status]}</span>
                      )}
                      {/* The figure's own words ("figure below" needs none here: it is below). */}
                      {evidence !== 'figure' && (
                        <span className="data-note" data-evidence={evidence}>
                          {evidence === 'no_score'
                            ? 'no published figure'
                            : EVIDENCE_WORDS[evidence]}
                        </span>
                      )}
                      {bestMark(best.byIssue[issue.key], company.upright_cid)}
                    </td>
                  );
                })}
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
        </table>
      </div>

      <div className="table-scroll" tabIndex={0} role="region" aria-label="Rank over time">
        <table className="ranking-table compare-table">
          {head(`Rank over time (${visitorsLabel})`, 'Quarter')}
          <tbody>
            {history.map((row) => (
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
                    return (
                      <td key={company.upright_cid}>{value ? formatMetric(value) : 'no data'}</td>
                    );
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
        </table>
      </div>
    </>
  );
}
