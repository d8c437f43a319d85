import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { ApiError, errorMessage } from '../../api/http';
import { CredentialFields } from '../../components/Field';
import { MESSAGES } from '../../lib/messages';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';
import { useSession } from '../../state/session';

/**
 * Only this site's addresses are followed after sign-in, as the browser itself resolves them:
 * `/\\evil.example` starts with one slash yet is another host to a URL parser. `origin` is the
 * page's own (a parameter so that the rule is testable without a window).
 */
export function safeNext(next: string | null, origin = window.location.origin): string {
  if (!next) return '/';
  let target: URL;
  try {
    target = new URL(next, origin);
  } catch {
    return '/';
  }
  return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : '/';
}

export default function SignInPage() {
  useRouteTitle();
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const { submit, errorBox, pending } = useFormSubmit({
    failureText: (failure) => {
      const status = failure instanceof ApiError ? failure.status : 0;
      return status === 401 || status === 400 ? MESSAGES.signIn : errorMessage(failure);
    },
  });
  return (
    <div className="narrow">
      <h1>Sign in</h1>
      {session.notice && (
        <p className="notice" role="status" data-testid="session-notice">
          {session.notice}
        </p>
      )}
      <form
        className="form"
        onSubmit={submit(async () => {
          const answer = await api.signIn(credentials.email, credentials.password);
          session.signedIn(answer.user);
          navigate(safeNext(params.get('next')));
        })}
      >
        <CredentialFields idPrefix="signin" value={credentials} onChange={setCredentials} />
        {errorBox}
        <button type="submit" className="button" disabled={pending}>
          Sign in
        </button>
      </form>
      <p>
        <Link to="/account/reset">Forgot your password?</Link> · New here?{' '}
        <Link to="/account/signup">Join free</Link>
      </p>
    </div>
  );
}
