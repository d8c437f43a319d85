import {
  applicableIssues,
  ISSUES,
  WEIGHTS_LABEL,
  WebPaths,
  type IndustryCompaniesResponse,
} from '@upright/contracts';
import { api } from '../api/endpoints';
import { CrowdWeights } from '../components/CrowdWeights';
import { IssueDefinitions } from '../components/IssueDefinitions';
import { PageState } from '../components/PageState';
import { PrefetchLink } from '../components/PrefetchLink';
import { RecomputeCommand } from '../components/RecomputeCommand';
import { PRODUCT_NAME } from '../lib/constants';
import { formatDate, formatPeriod } from '../lib/format';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';

/**
 * The issues the worked example shows: those of its industry, the only ones its sums add
 * (rules §5 rule 5, decision 0054), so each row's ranks add up to its sum.
 */
function shownIssues(example: IndustryCompaniesResponse) {
  const applicable = new Set<string>(applicableIssues(example.industryResult.industry_values));
  return {
    issues: ISSUES.filter((issue) => applicable.has(issue.key)),
    leftOut: applicable.size < ISSUES.length,
  };
}

/**
 * docs/product/rules.md#s5 in plain words, worked live by the engine on the smallest industry
 * (#s12).
 */
export default function MethodologyPage() {
  useRouteTitle();
  const state = useApi(() => api.methodologyExample(), []);
  const crowd = useApi(() => api.crowd(), []);
  return (
    <div className="prose methodology">
      <h1>How {PRODUCT_NAME} ranks companies</h1>
      <p>
        Companies are only ever compared with the other companies of the same industry, at the same
        quarter. For each of the issues that apply to the industry (of nine in all), every company
        gets a rank; the ranks are then added up.
      </p>
      <h2>The rules</h2>
      <ol>
        <li>
          <strong>Rank each issue.</strong> On each issue the company with the best (lowest) score
          is 1st. Companies with the same score share a rank and the next rank is skipped (1, 2, 2,
          4), and are shown as tied.
        </li>
        <li>
          <strong>Missing data ranks last.</strong> A missing score puts the company at the lowest
          rank (the number of companies ranked). A missing climate score instead counts as a very
          poor score (1500) and is ranked with the others.
        </li>
        <li>
          <strong>Private companies that do not report</strong> rank last on executive pay, pay gap,
          diverse representation, taxes, stock repurchasing and price inflation, whatever their
          scores.
        </li>
        <li>
          <strong>The overall rank</strong> adds the nine issue ranks (lower is better) and ranks
          the companies by that sum, ties shared as above.
        </li>
        <li>
          <strong>The weighted rank</strong> multiplies each issue rank by a weight from 0 to 10
          before adding: for a signed-in member their own priorities; for visitors the members&apos;
          average priorities once enough members have set theirs, and equal weights (every issue 5)
          until then. Pages name the weights they use. Sums are kept to exactly two decimals, so
          rounding never changes a rank.
        </li>
      </ol>
      <IssueDefinitions />
      <PageState state={state} what="the worked example">
        {({ example, weights, basis, methodology_version }) =>
          example === null || example.period === null ? (
            <p className="muted">No industry has enough companies for a worked example yet.</p>
          ) : (
            <section aria-labelledby="example-heading">
              <h2 id="example-heading">
                Worked example: {example.industryResult.industry_text},{' '}
                {formatPeriod(example.period)}
              </h2>
              <p>
                Computed just now by the ranking engine on the smallest industry in the data (
                <PrefetchLink to={WebPaths.industry(example.industryResult.industry)}>
                  see its ranking
                </PrefetchLink>
                ). Methodology version {methodology_version}.
              </p>
              <p data-testid="example-weights">
                The weighted rank uses the weights visitors&apos; rankings use now:{' '}
                <strong>
                  {WEIGHTS_LABEL[basis]}
                  {basis === 'members' && crowd.kind === 'ready' && crowd.data.in_force
                    ? ` of ${formatDate(crowd.data.in_force.since)}`
                    : ''}
                </strong>
                {basis === 'equal'
                  ? ` (every issue ${weights[ISSUES[0].key]}). With equal weights the weighted sum is the sum of ranks times ${weights[ISSUES[0].key]}, so the weighted rank is the overall rank; members' own priorities are what makes them differ.`
                  : ` (${shownIssues(example)
                      .issues.map((issue) => `${issue.label} ${weights[issue.key]}`)
                      .join(', ')}).`}{' '}
                {shownIssues(example).leftOut &&
                  'Only the issues that apply to this industry are shown, and only they are added up: the others change no rank here.'}
              </p>
              <div className="table-scroll" tabIndex={0} role="region" aria-label="Worked example">
                <table>
                  <caption>Issue ranks, sums and the ranks they give</caption>
                  <thead>
                    <tr>
                      <th scope="col">Company</th>
                      {shownIssues(example).issues.map((issue) => (
                        <th scope="col" key={issue.key}>
                          {issue.label}
                          <br />
                          <span className="muted">weight {weights[issue.key]}</span>
                        </th>
                      ))}
                      <th scope="col">Sum of ranks</th>
                      <th scope="col">Overall rank</th>
                      <th scope="col">Weighted sum</th>
                      <th scope="col">Weighted rank</th>
                    </tr>
                  </thead>
                  <tbody>
                    {example.result.ranked.map((company) => (
                      <tr key={company.upright_cid}>
                        <th scope="row">{company.company_name}</th>
                        {shownIssues(example).issues.map((issue) => (
                          <td key={issue.key}>
                            {company[`${issue.key}_rank`]}
                            {company[`${issue.key}_tied`] ? ' (tied)' : ''}
                          </td>
                        ))}
                        <td>{company.raw_rank}</td>
                        <td>
                          {company.normalized_rank}
                          {company.tied ? ' (tied)' : ''}
                        </td>
                        <td>{company.raw_arank.toFixed(2)}</td>
                        <td>
                          {company.arank}
                          {company.atied ? ' (tied)' : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <h3 id="recompute">Recompute it yourself</h3>
              <p>
                The rules are a small package of their own in {PRODUCT_NAME}&apos;s source code,{' '}
                <code>services/ranking-rules</code>, with no dependencies: the same code the site
                ranks with. From a copy of the source, this downloads the industry&apos;s open data,
                recomputes every rank with the weights above and says whether each equals the
                site&apos;s:
              </p>
              <RecomputeCommand industry={example.industryResult.industry} weights={weights} />
            </section>
          )
        }
      </PageState>
      <section aria-labelledby="crowd" className="crowd">
        <h2 id="crowd">The crowd&apos;s weights</h2>
        <PageState state={crowd} what="the members' average priorities">
          {(answer) => <CrowdWeights crowd={answer} />}
        </PageState>
      </section>
    </div>
  );
}
