import { Link, useParams } from 'react-router-dom';
import {
  SLUG_PATTERN,
  type DraftPreviewAnswer,
  type IndustryPreview,
  type PreviewCompany,
} from '@upright/contracts';
import { api } from '../../api/endpoints';
import { ErrorBox } from '../../components/ErrorBox';
import { formatDate } from '../../lib/format';
import { PageState } from '../../components/PageState';
import { useApi } from '../../hooks/useApi';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useSession } from '../../state/session';
import NotFoundPage from '../NotFoundPage';
import { AdminOnly } from './AdminOnly';
import {
  alertedText,
  coverageText,
  deskPaths,
  issueText,
  periodMove,
  rankMove,
  scoreMoveText,
} from './desk-view';

/** Overall-rank moves in the order rankings gives them (largest first, then by name). */
function MovesTable({ preview }: { preview: IndustryPreview }) {
  if (preview.moves.length === 0) return <p>No company&apos;s overall rank moves.</p>;
  return (
    <div className="table-scroll">
      <table className="ranking-table" data-testid="preview-moves">
        <caption>Overall rank moves, largest first</caption>
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Rank before → after</th>
            <th scope="col">Scores that moved it (before → after)</th>
          </tr>
        </thead>
        <tbody>
          {preview.moves.map((move) => {
            const rank = rankMove(move);
            return (
              <tr key={move.upright_cid}>
                <th scope="row">{move.company_name}</th>
                <td
                  className={`move-cell${rank.direction === 'none' ? '' : ` is-${rank.direction}`}`}
                >
                  {rank.text}
                </td>
                <td>
                  {move.scores.length === 0 ? (
                    'no score changed (others moved around it)'
                  ) : (
                    <ul>
                      {move.scores.map((score) => (
                        <li key={score.issue}>{scoreMoveText(score)}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Companies({ title, companies }: { title: string; companies: readonly PreviewCompany[] }) {
  return (
    <>
      <h2>{title}</h2>
      {companies.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {companies.map((company) => (
            <li key={company.upright_cid}>{company.company_name}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function CoverageTable({ preview }: { preview: IndustryPreview }) {
  const members = { before: preview.members_before, after: preview.members_after };
  return (
    <div className="table-scroll">
      <table className="ranking-table">
        <caption>Companies with a score, of the industry&apos;s companies (before → after)</caption>
        <thead>
          <tr>
            <th scope="col">Issue</th>
            <th scope="col">Coverage</th>
          </tr>
        </thead>
        <tbody>
          {preview.coverage.map((coverage) => (
            <tr key={coverage.issue}>
              <th scope="row">{issueText(coverage.issue)}</th>
              <td>{coverageText(coverage, members)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The industry's published reports: a publish leaves their frozen figures as they are. */
function Reports({ reports }: { reports: DraftPreviewAnswer['reports'] }) {
  return (
    <>
      <h2>Reports on this industry</h2>
      <p>Published reports keep their figures: publishing this draft does not change them.</p>
      {reports.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul data-testid="preview-reports">
          {reports.map((report) => (
            <li key={report.report_id}>
              <Link to={report.path}>{report.title}</Link>, published{' '}
              {formatDate(report.published_date)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PreviewView({ preview }: { preview: DraftPreviewAnswer }) {
  return (
    <>
      <h1>Draft preview: {preview.industry_text}</h1>
      <p>
        <Link to={deskPaths.desk()}>Back to the data desk</Link>
      </p>
      <dl className="facts">
        <dt>Latest period</dt>
        <dd>{periodMove(preview.period_before, preview.period_after)}</dd>
        <dt>Companies</dt>
        <dd>
          {preview.members_before} → {preview.members_after}
        </dd>
        <dt>Rank alerts</dt>
        <dd data-testid="preview-alerted">{alertedText(preview)}</dd>
      </dl>
      <h2>Rank moves</h2>
      <MovesTable preview={preview} />
      <Companies title="Companies added" companies={preview.added} />
      <Companies title="Companies removed" companies={preview.removed} />
      <h2>Scores without a published figure</h2>
      {preview.scores_without_figures.length === 0 ? (
        <p className="muted">None.</p>
      ) : (
        <ul>
          {preview.scores_without_figures.map((company) => (
            <li key={company.upright_cid}>
              {company.company_name}: {company.issues.map(issueText).join(', ')}
            </li>
          ))}
        </ul>
      )}
      <h2>Coverage</h2>
      <CoverageTable preview={preview} />
      <Reports reports={preview.reports} />
    </>
  );
}

function Preview({ industry }: { industry: string }) {
  useRouteTitle();
  const { user } = useSession();
  const state = useApi(() => api.deskPreview(industry), [industry, user?.uid]);
  // No draft, or none with this industry: said, with the way back.
  if (state.kind === 'error' && state.status === 404) {
    return (
      <>
        <h1>Draft preview</h1>
        <ErrorBox message={state.message} />
        <p>
          <Link to={deskPaths.desk()}>Back to the data desk</Link>
        </p>
      </>
    );
  }
  return (
    <PageState state={state} what="the preview">
      {(preview) => <PreviewView preview={preview} />}
    </PageState>
  );
}

function PreviewRoute() {
  const { industry = '' } = useParams();
  if (!SLUG_PATTERN.test(industry)) return <NotFoundPage />;
  return <Preview industry={industry} />;
}

/** `/admin/data/preview/{industry}`: one industry of the draft against what is public now. */
export default function DraftPreviewPage() {
  return (
    <AdminOnly>
      <PreviewRoute />
    </AdminOnly>
  );
}
