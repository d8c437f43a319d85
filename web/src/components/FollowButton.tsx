import { WebPaths } from '@upright/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../api/endpoints';
import { errorMessage } from '../api/http';
import { followStateOf, VERIFY_FOR_ALERTS, type FollowState } from '../lib/follow-alerts';
import { useSession } from '../state/session';
import { ErrorBox } from './ErrorBox';

/**
 * Follow / Unfollow on a company page: a member gets one mail when a new quarter
 * moves a followed company's rank. Visitors are offered to sign in or join. A member whose email is
 * unverified is told that alerts wait for it.
 */
export function FollowButton({
  industry,
  slug,
  uprightCid,
  companyName,
}: {
  industry: string;
  slug: string;
  uprightCid: string;
  companyName: string;
}) {
  const { status, user } = useSession();
  const [state, setState] = useState<FollowState | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (status !== 'member') return;
    let current = true;
    api.follows().then(
      (answer) => current && setState(followStateOf(answer, uprightCid)),
      () => current && setState({ following: false, waitsForVerification: false }),
    );
    return () => {
      current = false;
    };
  }, [status, user?.uid, uprightCid]);

  // Nothing while the session is being checked: a member would see "Sign in" flash by.
  if (status === 'checking') return null;
  if (status !== 'member') {
    return (
      <p className="follow">
        <Link to={WebPaths.signIn()}>Sign in</Link> or <Link to={WebPaths.signUp()}>join</Link>{' '}
        (free) to follow {companyName} and get a mail when its rank moves.
      </p>
    );
  }
  if (state === null) return null;
  const { following, waitsForVerification } = state;
  const toggle = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = following ? await api.unfollow(uprightCid) : await api.follow(industry, slug);
      setState(followStateOf(answer, uprightCid));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="follow">
      <button
        type="button"
        className={following ? 'button button-secondary' : 'button'}
        aria-pressed={following}
        disabled={pending}
        onClick={() => void toggle()}
        data-testid="follow-button"
      >
        {following ? `Following ${companyName}` : `Follow ${companyName}`}
      </button>{' '}
      <span className="muted">
        {following
          ? 'You get one mail when a new quarter moves its rank. Press to unfollow.'
          : 'Get one mail when a new quarter moves its rank.'}
      </span>
      {waitsForVerification && (
        <p className="muted" data-testid="follow-verify">
          {VERIFY_FOR_ALERTS}
        </p>
      )}
      {error && <ErrorBox message={error} onClear={() => setError(null)} />}
    </div>
  );
}
