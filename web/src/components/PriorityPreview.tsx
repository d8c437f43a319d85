import { useMemo, useState } from 'react';
import { applicableIssues, orderByName, WebPaths, type PriorityValues } from '@upright/contracts';
import { api } from '../api/endpoints';
import { formatMove, formatRank } from '../lib/format';
import { previewRanking } from '../lib/priority-preview';
import { useApi } from '../hooks/useApi';
import { PageState } from './PageState';
import { PrefetchLink } from './PrefetchLink';

/**
 * "Try your priorities before saving": one industry re-ranked in the browser as the sliders move,
 * by the server's own weighting code, beside members' average. Nothing is saved from here; `saved`
 * says whether the values shown are the member's saved ones.
 */
export function PriorityPreview({ values, saved }: { values: PriorityValues; saved: boolean }) {
  const industries = useApi(() => api.activeIndustries(), []);
  const [industry, setIndustry] = useState('');
  return (
    <section aria-labelledby="preview-heading" className="priority-preview">
      <h2 id="preview-heading">Preview an industry</h2>
      <PageState state={industries} what="the industries">
        {(list) => (
          <p>
            <label htmlFor="preview-industry">Industry </label>
            <select
              id="preview-industry"
              value={industry}
              onChange={(event) => setIndustry(event.target.value)}
            >
              <option value="">Choose…</option>
              {list.map((item) => (
                <option key={item.industry} value={item.industry}>
                  {item.industry_text}
                </option>
              ))}
            </select>
          </p>
        )}
      </PageState>
      {industry && <PreviewTable industry={industry} values={values} saved={saved} />}
    </section>
  );
}

function PreviewTable({
  industry,
  values,
  saved,
}: {
  industry: string;
  values: PriorityValues;
  saved: boolean;
}) {
  const state = useApi(() => api.industryCompanies(industry), [industry]);
  const answer = state.kind === 'ready' ? state.data : null;
  const ranked = answer?.result.ranked ?? null;
  // Names and the industry's issues are worked out once per industry, not on every slider move.
  const nameOrder = useMemo(() => (ranked ? orderByName(ranked) : []), [ranked]);
  const applicable = useMemo(
    () => (answer ? applicableIssues(answer.industryResult.industry_values) : []),
    [answer],
  );
  const rows = useMemo(
    () => (ranked ? previewRanking(ranked, values, applicable, nameOrder) : []),
    [ranked, values, applicable, nameOrder],
  );
  return (
    <PageState state={state} what="the industry">
      {(data) =>
        data.result.none ? (
          <p className="muted">No companies are ranked in this industry yet.</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Preview">
            <table className="ranking-table" data-testid="priority-preview">
              <caption>
                {data.industryResult.industry_text}: your priorities as set above vs members&apos;
                average {saved ? '(saved)' : '(not saved yet)'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Yours</th>
                  <th scope="col">Company</th>
                  <th scope="col">Members&apos; average</th>
                  <th scope="col">Difference</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const { mark, words } = formatMove(row.shift);
                  return (
                    <tr key={row.upright_cid}>
                      <td className="rank-cell">{formatRank(row.yours.rank, row.yours.tied)}</td>
                      <th scope="row">
                        <PrefetchLink to={WebPaths.company(industry, row.slug)}>
                          {row.company_name}
                        </PrefetchLink>
                      </th>
                      <td>{formatRank(row.average.rank, row.average.tied)}</td>
                      <td className="move-cell">
                        <span aria-hidden="true">{mark}</span>
                        <span className="visually-hidden">{words} with your priorities</span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )
      }
    </PageState>
  );
}
