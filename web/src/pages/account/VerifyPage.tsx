import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { ErrorBox } from '../../components/ErrorBox';
import { PRODUCT_NAME } from '../../lib/constants';
import { MESSAGES } from '../../lib/messages';
import { useTitle } from '../../lib/useApi';
import { useSession } from '../../state/session';

/** The target of a mailed verification link (WebPaths.verify): confirm with email and password. */
export default function VerifyPage() {
  useTitle(`Verify your account · ${PRODUCT_NAME}`);
  const { hash = '' } = useParams();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  if (verified) {
    return (
      <div className="narrow">
        <h1>Account verified</h1>
        <p role="status">
          Thank you, your account is verified.{' '}
          <Link to="/account/priorities">Set your priorities</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <h1>Verify your account</h1>
      <form
        className="form"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          try {
            const answer = await api.verify(hash, email, password);
            if (answer?.user) session.signedIn(answer.user);
            setVerified(true);
          } catch {
            setError(MESSAGES.verify);
          }
        }}
      >
        {error && <ErrorBox message={error} onClear={() => setError(null)} />}
        <label htmlFor="verify-email">Email</label>
        <input
          id="verify-email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label htmlFor="verify-password">Password</label>
        <input
          id="verify-password"
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button type="submit" className="button">
          Verify
        </button>
      </form>
    </div>
  );
}
