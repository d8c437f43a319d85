import { useParams } from 'react-router-dom';
import {
  applicableDetailTables,
  applicableIssues,
  CORRECTION_PROMISE_DAYS,
  DETAIL_TABLES,
  ISSUES,
  DETAIL_TABLES_OF_ISSUE,
  issueEvidence,
  WEIGHTS_LABEL,
  WebPaths,
  type CompanyDetail,
  type DetailMetric,
  type FigurePeers,
  type IndustryCompaniesResponse,
  type WeightsBasis,
} from '@upright/contracts';
import { api } from '../api/endpoints';
import { CompanyHistory } from '../components/CompanyHistory';
import { FollowButton } from '../components/FollowButton';
import { WeightsInEffect } from '../components/WeightsInEffect';
import { WhyThisRank } from '../components/WhyThisRank';
import { PageState } from '../components/PageState';
import { PrefetchLink } from '../components/PrefetchLink';
import { FigureCard, RankBadge, type PeerFigure } from '../design';
import { PRODUCT_NAME } from '../lib/constants';
import {
  describeRank,
  EVIDENCE_WORDS,
  formatDate,
  formatMetric,
  formatPeriod,
  formatRank,
  ISSUE_DATA_NOTE,
  joinWithDots,
} from '../lib/format';
import { dataCoverage, industryRanking } from '../lib/ranking-view';
import { useApi, useTitle } from '../hooks/useApi';
import { useSession } from '../state/session';
import NotFoundPage from './NotFoundPage';

/**
 * The company's rank in each industry it belongs to (the page's industry first), and the page
 * industry's ranking: the move since the previous period and the better choices come from it.
 */
async function loadCompany(industry: string, company: string) {
  const detail = await api.company(industry, company);
  if (!detail) return null;
  const others = detail.industryList.filter((item) => item.industry !== industry);
  const [otherRanks, ranking] = await Promise.all([
    Promise.all(
      others.map(async (item) => ({
        item,
        detail: await api.company(item.industry, company).catch(() => null),
      })),
    ),
    api.industryCompanies(industry).catch(() => null),
  ]);
  return { detail, otherRanks, ranking };
}

/**
 * The rank the reader's ranking gives, named by the weights it uses (rules §16); `visitors` is
 * undefined when the industry's answer could not say whose they are.
 */
function overallRank(
  ranks: NonNullable<CompanyDetail['ranks']>,
  visitors: WeightsBasis | undefined,
) {
  const basis = ranks.prank !== null ? 'personal' : visitors;
  const label = basis ? WEIGHTS_LABEL[basis] : "visitors' weights";
  return ranks.prank !== null
    ? { basis, label, rank: ranks.prank, tied: ranks.ptied === true }
    : { basis, label, rank: ranks.arank, tied: ranks.atied };
}

/** How many of the industry's best-ranked companies a company page offers as better choices. */
const BETTER_CHOICES = 3;

/** The industry's best-ranked companies for the weights in force, this one left out. */
function betterChoices(ranking: IndustryCompaniesResponse, uprightCid: string) {
  const applicable = applicableIssues(ranking.industryResult.industry_values);
  const { rows } = industryRanking(ranking.result, applicable, ranking.moves);
  const own = rows.find((row) => row.upright_cid === uprightCid);
  return rows
    .filter((row) => row.upright_cid !== uprightCid && (own?.rank ?? Infinity) > (row.rank ?? 0))
    .slice(0, BETTER_CHOICES);
}

function peerFigures(metric: DetailMetric, peers: FigurePeers | undefined): PeerFigure[] {
  if (!peers || peers.count < 2) return [];
  const shown = (value: number) => formatMetric({ unit: metric.unit, value });
  const figures = [{ label: `Industry median (${peers.count})`, value: shown(peers.median) }];
  if (peers.best !== null) figures.push({ label: 'Industry best', value: shown(peers.best) });
  return figures;
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
        const { detail, otherRanks, ranking } = data;
        const pageIndustry = detail.industryList.find((item) => item.industry === industry);
        const industryText = pageIndustry?.industry_text ?? industry;
        const visitors = ranking?.basis;
        const applicable = ISSUES.filter((issue) => detail.applicable_issues.includes(issue.key));
        const ranks = detail.ranks;
        const overall = ranks && overallRank(ranks, visitors);
        const issueRank = (key: string) => {
          const fields = ranks as unknown as Record<string, unknown>;
          return { rank: fields[`${key}_rank`] as number, tied: fields[`${key}_tied`] === true };
        };
        const byRank = ranks
          ? [...applicable].sort((a, b) => issueRank(a.key).rank - issueRank(b.key).rank)
          : [];
        const bestIssue = byRank[0];
        const worstIssue = byRank[byRank.length - 1];
        const moves = ranking && ranks ? ranking.moves[detail.upright_cid] : undefined;
        const move = overall?.basis === 'personal' ? moves?.prank : moves?.arank;
        const choices = ranking && ranks ? betterChoices(ranking, detail.upright_cid) : [];
        return (
          <article className="company">
            <h1>{detail.company_name}</h1>
            <FollowButton
              industry={industry}
              slug={detail.slug}
              uprightCid={detail.upright_cid}
              companyName={detail.company_name}
            />
            {ranks && overall ? (
              <section
                className="answer-first"
                aria-label="Rank at a glance"
                data-testid="answer-first"
              >
                <RankBadge
                  size="large"
                  rank={overall.rank}
                  tied={overall.tied}
                  of={ranks.lowestRank}
                  label={`Overall in ${industryText}`}
                  context={
                    <span data-testid="weights-label">
                      {formatPeriod(ranks.period)} · ranked with {overall.label}
                      <WeightsInEffect basis={overall.basis} />
                    </span>
                  }
                  move={ranking?.previous_period ? move : undefined}
                  movesSince={
                    ranking?.previous_period ? formatPeriod(ranking.previous_period) : undefined
                  }
                />
                {bestIssue && worstIssue && (
                  <p data-testid="best-worst">
                    {issueRank(bestIssue.key).rank === issueRank(worstIssue.key).rank ? (
                      <>
                        Same rank on every issue that applies:{' '}
                        {describeRank(
                          issueRank(bestIssue.key).rank,
                          issueRank(bestIssue.key).tied,
                          ranks.lowestRank,
                        )}
                        .
                      </>
                    ) : (
                      <>
                        Best on <strong>{bestIssue.label}</strong> (
                        {describeRank(
                          issueRank(bestIssue.key).rank,
                          issueRank(bestIssue.key).tied,
                          ranks.lowestRank,
                        )}
                        ); worst on <strong>{worstIssue.label}</strong> (
                        {describeRank(
                          issueRank(worstIssue.key).rank,
                          issueRank(worstIssue.key).tied,
                          ranks.lowestRank,
                        )}
                        ).
                      </>
                    )}
                  </p>
                )}
                {choices.length > 0 && (
                  <div className="better-choices" data-testid="better-choices">
                    <h2 id="choices-heading">Better choices in {industryText}</h2>
                    <p className="muted">Ranked higher with {overall.label}:</p>
                    <ol>
                      {choices.map((choice) => (
                        <li key={choice.upright_cid} value={choice.rank ?? undefined}>
                          <PrefetchLink to={WebPaths.company(industry, choice.slug)}>
                            {choice.company_name}
                          </PrefetchLink>
                        </li>
                      ))}
                    </ol>
                  </div>
                )}
              </section>
            ) : (
              <p data-testid="answer-first">Not ranked in {industryText} this period.</p>
            )}
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
                    : {describeRank(overall!.rank, overall!.tied, detail.ranks.lowestRank)} with{' '}
                    {overall!.label} ({formatPeriod(detail.ranks.period)})
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
                      ? `${describeRank(overallRank(other.ranks, visitors).rank, overallRank(other.ranks, visitors).tied, other.ranks.lowestRank)} with ${overallRank(other.ranks, visitors).label}`
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
                  Data coverage:{' '}
                  {
                    dataCoverage(detail, detail.ranks.companies_scores, detail.applicable_issues)
                      .coverage
                  }{' '}
                  of {applicable.length} issues that apply to {industryText} with data
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
                    {applicable.map((issue) => {
                      const ranks = detail.ranks as unknown as Record<string, unknown>;
                      const score = detail.ranks?.companies_scores[issue.scoreField];
                      const status = dataCoverage(detail, detail.ranks!.companies_scores).issueData[
                        issue.key
                      ];
                      const evidence = issueEvidence(
                        issue.key,
                        score ?? null,
                        detail.ranks!.period,
                        detail,
                      );
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
                            {EVIDENCE_WORDS[evidence] && (
                              <span className="data-note" data-evidence={evidence}>
                                {evidence === 'figure' ? (
                                  <a href={`#detail-${DETAIL_TABLES_OF_ISSUE[issue.key][0]}`}>
                                    {EVIDENCE_WORDS[evidence]}
                                  </a>
                                ) : (
                                  EVIDENCE_WORDS[evidence]
                                )}
                              </span>
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

            {detail.ranks && (
              <WhyThisRank
                industry={industry}
                company={company}
                personal={detail.ranks.prank !== null}
              />
            )}

            <CompanyHistory
              industry={industry}
              company={detail}
              issues={detail.applicable_issues}
            />

            <section aria-labelledby="details-heading">
              <h2 id="details-heading">The figures behind the ranks</h2>
              <div className="detail-grid">
                {applicableDetailTables(detail.applicable_issues).map((table) => {
                  const entry = detail[table];
                  const peers = detail.peers[table];
                  return (
                    <section
                      key={table}
                      className="detail-block"
                      id={`detail-${table}`}
                      aria-labelledby={`detail-${table}-heading`}
                    >
                      <h3 id={`detail-${table}-heading`}>{DETAIL_TABLES[table].label}</h3>
                      {entry ? (
                        <>
                          <div className="figure-cards">
                            {entry.metrics.map((metric) => (
                              <FigureCard
                                key={metric.name}
                                label={metric.label}
                                value={formatMetric(metric)}
                                peers={peerFigures(metric, peers?.metrics[metric.name])}
                              />
                            ))}
                          </div>
                          <p className="source">
                            {formatPeriod(entry)} · Source:{' '}
                            <a href={entry.source.source_url} rel="noopener noreferrer">
                              {entry.source.source_publisher}
                            </a>
                            , {formatDate(entry.source.source_date)}
                          </p>
                        </>
                      ) : (
                        <p className="muted">
                          No figure published: the data has no figures behind this issue&apos;s
                          score.
                        </p>
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
