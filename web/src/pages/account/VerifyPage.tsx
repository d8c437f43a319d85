import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { Field } from '../../components/Field';
import { PRODUCT_NAME } from '../../lib/constants';
import { MESSAGES } from '../../lib/messages';
import { useTitle } from '../../lib/useApi';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { useSession } from '../../state/session';

type Step = 'checking-link' | 'credentials' | 'verified';

/**
 * The target of a mailed verification link (WebPaths.verify): the link's code verifies the
 * email; when it cannot (expired, used), the member verifies with email and password.
 */
export default function VerifyPage() {
  useTitle(`Verify your account · ${PRODUCT_NAME}`);
  const { hash = '' } = useParams();
  const session = useSession();
  const [step, setStep] = useState<Step>('checking-link');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { submit, setError, errorBox } = useFormSubmit({ failureText: () => MESSAGES.verify });

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
        onSubmit={submit(async () => {
          const answer = await api.verify({ email, password });
          if (answer?.user && session.status === 'member') session.updateUser(answer.user);
          setStep('verified');
        })}
      >
        {errorBox}
        <Field
          id="verify-email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
        <Field
          id="verify-password"
          label="Password"
          type="password"
          required
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
        />
        <button type="submit" className="button">
          Verify
        </button>
      </form>
    </div>
  );
}
