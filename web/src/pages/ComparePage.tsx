import { useParams, useSearchParams } from 'react-router-dom';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  DETAIL_TABLE_NAMES,
  DETAIL_TABLES,
  ISSUES,
  WebPaths,
  type ComparisonResponse,
} from '@upright/contracts';
import { api } from '../api/endpoints';
import { PageState } from '../components/PageState';
import { PrefetchLink } from '../components/PrefetchLink';
import { historyRows, readCompareSlugs } from '../lib/compare-view';
import { PRODUCT_NAME } from '../lib/constants';
import { formatDate, formatMetric, formatPeriod, formatRank, ISSUE_DATA_NOTE } from '../lib/format';
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
            {slugs.length < COMPARE_MAX && (
              <p>
                <label htmlFor="compare-add">Add a company </label>
                <select
                  id="compare-add"
                  value=""
                  onChange={(event) =>
                    event.target.value && setSlugs([...slugs, event.target.value])
                  }
                >
                  <option value="">Choose…</option>
                  {data.result.ranked
                    .filter((company) => !slugs.includes(company.slug))
                    .map((company) => (
                      <option key={company.upright_cid} value={company.slug}>
                        {company.company_name}
                      </option>
                    ))}
                </select>
              </p>
            )}
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
                onRemove={(slug) => setSlugs(slugs.filter((other) => other !== slug))}
              />
            )
          }
        </PageState>
      )}
    </article>
  );
}

function ComparisonTables({
  answer,
  onRemove,
}: {
  answer: ComparisonResponse;
  onRemove: (slug: string) => void;
}) {
  const industry = answer.industryResult.industry;
  const companies = answer.companies.map((entry) => entry.detail);
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
  const overallRow = (label: string, rankOf: (ranks: Ranks) => string) => (
    <tr>
      <th scope="row">{label}</th>
      {companies.map((company) => (
        <td key={company.upright_cid}>
          {company.ranks
            ? `${rankOf(company.ranks)} of ${company.ranks.lowestRank}`
            : 'not ranked this period'}
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
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Ranks side by side">
        <table className="ranking-table compare-table">
          {head('Ranks side by side (1 is best)', 'Rank')}
          <tbody>
            {overallRow("Overall, members' average priorities", (ranks) =>
              formatRank(ranks.arank, ranks.atied),
            )}
            {overallRow('Overall, all issues equal', (ranks) =>
              formatRank(ranks.normalized_rank, ranks.tied),
            )}
            {ISSUES.map((issue) => (
              <tr key={issue.key}>
                <th scope="row">{issue.label}</th>
                {companies.map((company) => {
                  if (!company.ranks) return <td key={company.upright_cid}>—</td>;
                  const ranks = company.ranks as unknown as Record<string, unknown>;
                  const status = dataCoverage(company, company.ranks.companies_scores).issueData[
                    issue.key
                  ];
                  return (
                    <td key={company.upright_cid}>
                      {formatRank(
                        ranks[`${issue.key}_rank`] as number,
                        ranks[`${issue.key}_tied`] === true,
                      )}
                      {status !== 'scored' && (
                        <span className="data-note">{ISSUE_DATA_NOTE[status]}</span>
                      )}
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
                    ? `${dataCoverage(company, company.ranks.companies_scores).coverage} of ${ISSUES.length} issues`
                    : '—'}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>

      <div className="table-scroll" tabIndex={0} role="region" aria-label="Rank over time">
        <table className="ranking-table compare-table">
          {head("Rank over time (members' average priorities)", 'Quarter')}
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
          {DETAIL_TABLE_NAMES.map((table) => (
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
