import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { CredentialFields } from '../../components/Field';
import { Outcome } from '../../components/Outcome';
import { MESSAGES } from '../../lib/messages';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';
import { useSession } from '../../state/session';

type Step = 'checking-link' | 'credentials' | 'verified';

/**
 * The target of a mailed verification link (WebPaths.verify): the link's code verifies the
 * email; when it cannot (expired, used), the member verifies with email and password.
 */
export default function VerifyPage() {
  useRouteTitle();
  const { hash = '' } = useParams();
  const session = useSession();
  const [step, setStep] = useState<Step>('checking-link');
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const { submit, setError, errorBox, pending } = useFormSubmit({
    failureText: () => MESSAGES.verify,
  });

  useEffect(() => {
    api
      .verify({ hash })
      .then(() => setStep('verified'))
      .catch((failure: unknown) => {
        setError(failure instanceof Error && failure.message ? failure.message : MESSAGES.verify);
        setStep('credentials');
      });
  }, [hash]);

  if (step === 'checking-link') return <p className="muted">Verifying your account…</p>;
  if (step === 'verified') {
    return (
      <Outcome title="Account verified">
        Thank you, your account is verified.{' '}
        <Link to="/account/priorities">Set your priorities</Link>
      </Outcome>
    );
  }
  return (
    <div className="narrow">
      <h1>Verify your account</h1>
      <form
        className="form"
        onSubmit={submit(async () => {
          const answer = await api.verify(credentials);
          if (answer?.user && session.status === 'member') session.updateUser(answer.user);
          setStep('verified');
        })}
      >
        <CredentialFields idPrefix="verify" value={credentials} onChange={setCredentials} />
        {errorBox}
        <button type="submit" className="button" disabled={pending}>
          Verify
        </button>
      </form>
    </div>
  );
}
