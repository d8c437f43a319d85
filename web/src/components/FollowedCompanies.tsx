import { WebPaths, type FollowsResponse } from '@upright/contracts';
import { useState } from 'react';
import { api } from '../api/endpoints';
import { errorMessage } from '../api/http';
import { useApi } from '../hooks/useApi';
import { VERIFY_FOR_ALERTS } from '../lib/follow-alerts';
import { formatDate } from '../lib/format';
import { ErrorBox } from './ErrorBox';
import { PageState } from './PageState';
import { PrefetchLink } from './PrefetchLink';

/** The account page's list of followed companies, each with Unfollow. */
export function FollowedCompanies() {
  const state = useApi(() => api.follows(), []);
  return (
    <PageState state={state} what="the companies you follow">
      {(initial) => <FollowList initial={initial} />}
    </PageState>
  );
}

function FollowList({ initial }: { initial: FollowsResponse }) {
  const [answer, setAnswer] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  if (answer.follows.length === 0) {
    return (
      <p className="muted" data-testid="follows-empty">
        You follow no company yet. Follow one from its page to get a mail when a new quarter moves
        its rank.
      </p>
    );
  }
  return (
    <>
      <p>
        {answer.alerts
          ? 'You get one mail per company when a new quarter moves its rank.'
          : 'Alert mails are off (you unsubscribed). Following a company turns them on again.'}
      </p>
      {answer.alerts && answer.alerts_need_verification && (
        <p data-testid="follows-verify">{VERIFY_FOR_ALERTS}</p>
      )}
      <ul className="follows" data-testid="follows-list">
        {answer.follows.map((follow) => (
          <li key={follow.upright_cid}>
            <PrefetchLink to={WebPaths.company(follow.industry, follow.slug)}>
              {follow.company_name}
            </PrefetchLink>{' '}
            <span className="muted">since {formatDate(follow.since)}</span>{' '}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setError(null);
                api
                  .unfollow(follow.upright_cid)
                  .then(setAnswer, (failure: unknown) => setError(errorMessage(failure)));
              }}
            >
              Unfollow<span className="visually-hidden"> {follow.company_name}</span>
            </button>
          </li>
        ))}
      </ul>
      {error && <ErrorBox message={error} onClear={() => setError(null)} />}
    </>
  );
}
