import { useParams } from 'react-router-dom';
import {
  CORRECTION_PROMISE_DAYS,
  DETAIL_TABLE_NAMES,
  DETAIL_TABLES,
  ISSUES,
  WebPaths,
  type CompanyDetail,
} from '@upright/contracts';
import { api } from '../api/endpoints';
import { CompanyHistory } from '../components/CompanyHistory';
import { FollowButton } from '../components/FollowButton';
import { WhyThisRank } from '../components/WhyThisRank';
import { PageState } from '../components/PageState';
import { PrefetchLink } from '../components/PrefetchLink';
import { PRODUCT_NAME } from '../lib/constants';
import {
  describeRank,
  formatDate,
  formatMetric,
  formatPeriod,
  formatRank,
  ISSUE_DATA_NOTE,
  joinWithDots,
} from '../lib/format';
import { dataCoverage } from '../lib/ranking-view';
import { useApi, useTitle } from '../hooks/useApi';
import { useSession } from '../state/session';
import NotFoundPage from './NotFoundPage';

/** The company's rank in each industry it belongs to (the page's industry first). */
async function loadCompany(industry: string, company: string) {
  const detail = await api.company(industry, company);
  if (!detail) return null;
  const others = detail.industryList.filter((item) => item.industry !== industry);
  const otherRanks = await Promise.all(
    others.map(async (item) => ({
      item,
      detail: await api.company(item.industry, company).catch(() => null),
    })),
  );
  return { detail, otherRanks };
}

function overallRank(ranks: NonNullable<CompanyDetail['ranks']>) {
  return ranks.prank !== null
    ? { label: 'your priorities', rank: ranks.prank, tied: ranks.ptied === true }
    : { label: "members' average priorities", rank: ranks.arank, tied: ranks.atied };
}

export default function CompanyPage() {
  const { industry = '', company = '' } = useParams();
  // The ranks depend on who asks (visitor averages or the member's own weighting).
  const { viewerChanges } = useSession();
  const state = useApi(() => loadCompany(industry, company), [industry, company, viewerChanges]);
  useTitle(
    state.kind === 'ready' && state.data
      ? `${state.data.detail.company_name} · ${PRODUCT_NAME}`
      : null,
  );
  if (state.kind === 'error' && (state.status === 404 || state.status === 400))
    return <NotFoundPage />;
  return (
    <PageState state={state} what="the company">
      {(data) => {
        if (!data) return <NotFoundPage />;
        const { detail, otherRanks } = data;
        const pageIndustry = detail.industryList.find((item) => item.industry === industry);
        return (
          <article className="company">
            <h1>{detail.company_name}</h1>
            <FollowButton
              industry={industry}
              slug={detail.slug}
              uprightCid={detail.upright_cid}
              companyName={detail.company_name}
            />
            <dl className="facts">
              <dt>Structure</dt>
              <dd>{detail.structure ?? 'Not reported'}</dd>
              <dt>Sectors</dt>
              <dd>{detail.sectors.join(', ') || '—'}</dd>
              {detail.headquarters && (
                <>
                  <dt>Headquarters</dt>
                  <dd>
                    {[detail.headquarters.city, detail.headquarters.state]
                      .filter(Boolean)
                      .join(', ')}
                  </dd>
                </>
              )}
              <dt>Latest Update</dt>
              <dd>{formatDate(detail.updated)}</dd>
              {detail.brands.length > 0 && (
                <>
                  <dt>Brands</dt>
                  <dd>{joinWithDots(detail.brands)}</dd>
                </>
              )}
              {detail.subsidiaries.length > 0 && (
                <>
                  <dt>Subsidiaries</dt>
                  <dd>{joinWithDots(detail.subsidiaries)}</dd>
                </>
              )}
              {detail.structure !== 'Public' && (
                <>
                  <dt>Disclosure</dt>
                  <dd>
                    {detail.alt_reporting || detail.self_reporting
                      ? [
                          detail.alt_reporting && 'alternative reporting',
                          detail.self_reporting && 'self-reporting',
                        ]
                          .filter(Boolean)
                          .join(' and ')
                      : 'No public filings, alternative or self-reporting: lowest rank on pay, diversity, tax, repurchase and price issues'}
                  </dd>
                </>
              )}
            </dl>

            <section aria-labelledby="ranks-heading">
              <h2 id="ranks-heading">Rankings</h2>
              <ul className="rank-summary">
                {detail.ranks ? (
                  <li>
                    <PrefetchLink to={WebPaths.industry(industry)}>
                      {pageIndustry?.industry_text ?? industry}
                    </PrefetchLink>
                    :{' '}
                    {describeRank(
                      overallRank(detail.ranks).rank,
                      overallRank(detail.ranks).tied,
                      detail.ranks.lowestRank,
                    )}{' '}
                    with {overallRank(detail.ranks).label} ({formatPeriod(detail.ranks.period)})
                  </li>
                ) : (
                  <li>Not ranked in {pageIndustry?.industry_text ?? industry} this period.</li>
                )}
                {otherRanks.map(({ item, detail: other }) => (
                  <li key={item.industry}>
                    <PrefetchLink to={WebPaths.company(item.industry, detail.slug)}>
                      {item.industry_text}
                    </PrefetchLink>
                    :{' '}
                    {other?.ranks
                      ? `${describeRank(overallRank(other.ranks).rank, overallRank(other.ranks).tied, other.ranks.lowestRank)} with ${overallRank(other.ranks).label}`
                      : 'not ranked this period'}
                  </li>
                ))}
              </ul>
              <p className="corrections-links">
                {detail.ranks && (
                  <>
                    <PrefetchLink
                      to={WebPaths.correctionForm(
                        industry,
                        detail.slug,
                        'normalized_rank',
                        detail.ranks.period,
                      )}
                      aria-label="Request a correction of the overall rank"
                    >
                      Request a correction
                    </PrefetchLink>{' '}
                    ·{' '}
                  </>
                )}
                <PrefetchLink to={WebPaths.correctionLedger(industry, detail.slug)}>
                  Corrections ledger
                </PrefetchLink>{' '}
                <span className="muted">
                  (every request, its outcome and why; resolved within {CORRECTION_PROMISE_DAYS}{' '}
                  days)
                </span>
              </p>
              <p>
                <PrefetchLink to={WebPaths.compare(industry, [detail.slug])}>
                  Add to comparison
                </PrefetchLink>{' '}
                <span className="muted">with other companies of this industry</span>
              </p>
              {detail.ranks && (
                <p data-testid="coverage">
                  Data coverage: {dataCoverage(detail, detail.ranks.companies_scores).coverage} of{' '}
                  {ISSUES.length} issues with data
                </p>
              )}
              {detail.ranks && (
                <table className="ranking-table issue-ranks">
                  <caption>Rank on each issue in {pageIndustry?.industry_text ?? industry}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Issue</th>
                      <th scope="col">Rank (1 is best)</th>
                      <th scope="col">Score (lower is better)</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ISSUES.map((issue) => {
                      const ranks = detail.ranks as unknown as Record<string, unknown>;
                      const score = detail.ranks?.companies_scores[issue.scoreField];
                      const status = dataCoverage(detail, detail.ranks!.companies_scores).issueData[
                        issue.key
                      ];
                      return (
                        <tr key={issue.key}>
                          <th scope="row">{issue.label}</th>
                          <td>
                            {formatRank(
                              ranks[`${issue.key}_rank`] as number,
                              ranks[`${issue.key}_tied`] === true,
                            )}{' '}
                            of {detail.ranks?.lowestRank}
                            {status !== 'scored' && (
                              <span className="data-note">{ISSUE_DATA_NOTE[status]}</span>
                            )}
                          </td>
                          <td>
                            {score === null || score === undefined
                              ? issue.key === 'climate'
                                ? 'no data (counted as 1500)'
                                : 'no data'
                              : score}
                            {/* In the score's cell: a fourth column would not fit 360 px. */}
                            <br />
                            <PrefetchLink
                              className="correction-link"
                              to={WebPaths.correctionForm(
                                industry,
                                detail.slug,
                                issue.scoreField,
                                detail.ranks!.period,
                              )}
                              // The visible words start the name (axe: label-content-name-mismatch).
                              aria-label={`Correct this: request a correction of the ${issue.label} score`}
                            >
                              Correct this
                            </PrefetchLink>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </section>

            {detail.ranks && <WhyThisRank industry={industry} company={company} />}

            <CompanyHistory industry={industry} company={detail} />

            <section aria-labelledby="details-heading">
              <h2 id="details-heading">The figures behind the ranks</h2>
              <div className="detail-grid">
                {DETAIL_TABLE_NAMES.map((table) => {
                  const entry = detail[table];
                  return (
                    <section
                      key={table}
                      className="detail-block"
                      aria-labelledby={`detail-${table}`}
                    >
                      <h3 id={`detail-${table}`}>{DETAIL_TABLES[table].label}</h3>
                      {entry ? (
                        <>
                          <dl>
                            {entry.metrics.map((metric) => (
                              <div key={metric.name} className="metric">
                                <dt>{metric.label}</dt>
                                <dd>{formatMetric(metric)}</dd>
                              </div>
                            ))}
                          </dl>
                          <p className="source">
                            {formatPeriod(entry)} · Source:{' '}
                            <a href={entry.source.source_url} rel="noopener noreferrer">
                              {entry.source.source_publisher}
                            </a>
                            , {formatDate(entry.source.source_date)}
                          </p>
                        </>
                      ) : (
                        <p className="muted">No data reported.</p>
                      )}
                    </section>
                  );
                })}
              </div>
            </section>
          </article>
        );
      }}
    </PageState>
  );
}
