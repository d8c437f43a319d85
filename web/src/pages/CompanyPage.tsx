import { useParams } from 'react-router-dom';
import {
  applicableDetailTables,
  applicableIssues,
  CORRECTION_PROMISE_DAYS,
  DETAIL_TABLES,
  ISSUES,
  DETAIL_TABLES_OF_ISSUE,
  issueEvidence,
  MISSING_CLIMATE_SCORE,
  WEIGHTS_LABEL,
  WebPaths,
  type CompanyDetail,
  type DetailMetric,
  type FigurePeers,
  type IndustryCompaniesResponse,
  type IssueKey,
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
import {
  describeRank,
  DISCLOSURE_DEPENDENT_WORDS,
  EVIDENCE_WORDS,
  formatDate,
  formatMetric,
  formatPeriod,
  formatRank,
  ISSUE_DATA_NOTE,
  joinWithDots,
} from '../lib/format';
import {
  bestAndWorstIssues,
  dataCoverage,
  industryRanking,
  issueRanksOf,
} from '../lib/ranking-view';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';
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
  useRouteTitle(state.kind === 'ready' ? [state.data && state.data.detail] : null);
  if (state.kind === 'error' && (state.status === 404 || state.status === 400))
    return <NotFoundPage />;
  return (
    <PageState state={state} what="the company">
      {(data) =>
        data ? <CompanyArticle industry={industry} company={company} {...data} /> : <NotFoundPage />
      }
    </PageState>
  );
}

type LoadedCompany = NonNullable<Awaited<ReturnType<typeof loadCompany>>>;
type Ranks = NonNullable<CompanyDetail['ranks']>;
type Overall = ReturnType<typeof overallRank>;
type ApplicableIssue = (typeof ISSUES)[number];

function CompanyArticle({
  industry,
  company,
  detail,
  otherRanks,
  ranking,
}: LoadedCompany & { industry: string; company: string }) {
  const industryText =
    detail.industryList.find((item) => item.industry === industry)?.industry_text ?? industry;
  const applicable = ISSUES.filter((issue) => detail.applicable_issues.includes(issue.key));
  const ranks = detail.ranks;
  const overall = ranks && overallRank(ranks, ranking?.basis);
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
        <AnswerFirst
          industry={industry}
          industryText={industryText}
          detail={detail}
          ranks={ranks}
          overall={overall}
          applicable={applicable}
          ranking={ranking}
        />
      ) : (
        <p data-testid="answer-first">Not ranked in {industryText} this period.</p>
      )}
      <CompanyFacts detail={detail} />
      <section aria-labelledby="ranks-heading">
        <h2 id="ranks-heading">Rankings</h2>
        <RankSummary
          industry={industry}
          industryText={industryText}
          detail={detail}
          overall={overall}
          otherRanks={otherRanks}
          visitors={ranking?.basis}
        />
        <CorrectionLinks industry={industry} detail={detail} />
        <p>
          <PrefetchLink to={WebPaths.compare(industry, [detail.slug])}>
            Add to comparison
          </PrefetchLink>{' '}
          <span className="muted">with other companies of this industry</span>
        </p>
        {ranks && (
          <>
            <p data-testid="coverage">
              Data coverage:{' '}
              {dataCoverage(detail, ranks.companies_scores, detail.applicable_issues).coverage} of{' '}
              {applicable.length} issues that apply to {industryText} with data
            </p>
            <IssueRanksTable
              industry={industry}
              industryText={industryText}
              detail={detail}
              ranks={ranks}
              applicable={applicable}
            />
          </>
        )}
      </section>
      {ranks && (
        <WhyThisRank industry={industry} company={company} personal={ranks.prank !== null} />
      )}
      <CompanyHistory industry={industry} company={detail} issues={detail.applicable_issues} />
      <FiguresBehindRanks detail={detail} />
    </article>
  );
}

/** The overall rank, its move, the best and worst issue and better choices, before anything else. */
function AnswerFirst({
  industry,
  industryText,
  detail,
  ranks,
  overall,
  applicable,
  ranking,
}: {
  industry: string;
  industryText: string;
  detail: CompanyDetail;
  ranks: Ranks;
  overall: Overall;
  applicable: readonly ApplicableIssue[];
  ranking: IndustryCompaniesResponse | null;
}) {
  const moves = ranking?.moves[detail.upright_cid];
  const move = overall.basis === 'personal' ? moves?.prank : moves?.arank;
  const choices = ranking ? betterChoices(ranking, detail.upright_cid) : [];
  return (
    <section className="answer-first" aria-label="Rank at a glance" data-testid="answer-first">
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
        movesSince={ranking?.previous_period ? formatPeriod(ranking.previous_period) : undefined}
      />
      <BestAndWorst ranks={ranks} applicable={applicable} />
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
  );
}

function BestAndWorst({
  ranks,
  applicable,
}: {
  ranks: Ranks;
  applicable: readonly ApplicableIssue[];
}) {
  const issueRanks = issueRanksOf(ranks as unknown as Record<string, unknown>);
  const ends = bestAndWorstIssues(
    issueRanks,
    applicable.map((issue) => issue.key),
  );
  if (!ends) return null;
  const label = (key: IssueKey) => applicable.find((issue) => issue.key === key)!.label;
  const described = (key: IssueKey) =>
    describeRank(issueRanks[key].rank, issueRanks[key].tied, ranks.lowestRank);
  return (
    <p data-testid="best-worst">
      {issueRanks[ends.best].rank === issueRanks[ends.worst].rank ? (
        <>Same rank on every issue that applies: {described(ends.best)}.</>
      ) : (
        <>
          Best on <strong>{label(ends.best)}</strong> ({described(ends.best)}); worst on{' '}
          <strong>{label(ends.worst)}</strong> ({described(ends.worst)}).
        </>
      )}
    </p>
  );
}

function CompanyFacts({ detail }: { detail: CompanyDetail }) {
  const reporting = [
    detail.alt_reporting && 'alternative reporting',
    detail.self_reporting && 'self-reporting',
  ].filter(Boolean);
  return (
    <dl className="facts">
      <dt>Structure</dt>
      <dd>{detail.structure ?? 'Not reported'}</dd>
      <dt>Sectors</dt>
      <dd>{detail.sectors.join(', ') || '—'}</dd>
      {detail.headquarters && (
        <>
          <dt>Headquarters</dt>
          <dd>
            {[detail.headquarters.city, detail.headquarters.state].filter(Boolean).join(', ')}
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
            {reporting.length > 0
              ? reporting.join(' and ')
              : `No public filings, alternative or self-reporting: lowest rank on ${DISCLOSURE_DEPENDENT_WORDS}`}
          </dd>
        </>
      )}
    </dl>
  );
}

/** The company's rank in the page's industry, then in each other industry it belongs to. */
function RankSummary({
  industry,
  industryText,
  detail,
  overall,
  otherRanks,
  visitors,
}: {
  industry: string;
  industryText: string;
  detail: CompanyDetail;
  overall: Overall | null;
  otherRanks: LoadedCompany['otherRanks'];
  visitors: WeightsBasis | undefined;
}) {
  const inWords = (ranks: Ranks, rank: Overall) =>
    `${describeRank(rank.rank, rank.tied, ranks.lowestRank)} with ${rank.label}`;
  return (
    <ul className="rank-summary">
      {detail.ranks && overall ? (
        <li>
          <PrefetchLink to={WebPaths.industry(industry)}>{industryText}</PrefetchLink>:{' '}
          {inWords(detail.ranks, overall)} ({formatPeriod(detail.ranks.period)})
        </li>
      ) : (
        <li>Not ranked in {industryText} this period.</li>
      )}
      {otherRanks.map(({ item, detail: other }) => (
        <li key={item.industry}>
          <PrefetchLink to={WebPaths.company(item.industry, detail.slug)}>
            {item.industry_text}
          </PrefetchLink>
          :{' '}
          {other?.ranks
            ? inWords(other.ranks, overallRank(other.ranks, visitors))
            : 'not ranked this period'}
        </li>
      ))}
    </ul>
  );
}

function CorrectionLinks({ industry, detail }: { industry: string; detail: CompanyDetail }) {
  return (
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
        (every request, its outcome and why; resolved within {CORRECTION_PROMISE_DAYS} days)
      </span>
    </p>
  );
}

function IssueRanksTable({
  industry,
  industryText,
  detail,
  ranks,
  applicable,
}: {
  industry: string;
  industryText: string;
  detail: CompanyDetail;
  ranks: Ranks;
  applicable: readonly ApplicableIssue[];
}) {
  const { issueData } = dataCoverage(detail, ranks.companies_scores);
  const issueRanks = issueRanksOf(ranks as unknown as Record<string, unknown>);
  return (
    <table className="ranking-table issue-ranks">
      <caption>Rank on each issue in {industryText}</caption>
      <thead>
        <tr>
          <th scope="col">Issue</th>
          <th scope="col">Rank (1 is best)</th>
          <th scope="col">Score (lower is better)</th>
        </tr>
      </thead>
      <tbody>
        {applicable.map((issue) => {
          const score = ranks.companies_scores[issue.scoreField];
          const status = issueData[issue.key];
          const evidence = issueEvidence(issue.key, score ?? null, ranks.period, detail);
          const { rank, tied } = issueRanks[issue.key];
          return (
            <tr key={issue.key}>
              <th scope="row">{issue.label}</th>
              <td>
                {formatRank(rank, tied)} of {ranks.lowestRank}
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
                    ? `no data (counted as ${MISSING_CLIMATE_SCORE})`
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
                    ranks.period,
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
  );
}

function FiguresBehindRanks({ detail }: { detail: CompanyDetail }) {
  return (
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
                  No figure published: the data has no figures behind this issue&apos;s score.
                </p>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}
