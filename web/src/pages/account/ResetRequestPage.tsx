import { useState } from 'react';
import { api } from '../../api/endpoints';
import { ApiError, errorMessage } from '../../api/http';
import { AltchaField } from '../../components/AltchaField';
import { Field } from '../../components/Field';
import { ErrorBox } from '../../components/ErrorBox';
import { PRODUCT_NAME } from '../../lib/constants';
import { MESSAGES } from '../../lib/messages';
import { useTitle } from '../../lib/useApi';

export default function ResetRequestPage() {
  useTitle(`Reset your password · ${PRODUCT_NAME}`);
  const [email, setEmail] = useState('');
  const [altcha, setAltcha] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <div className="narrow">
        <h1>Check your email</h1>
        <p role="status">If an account uses {email}, a link to reset its password is on its way.</p>
      </div>
    );
  }
  return (
    <div className="narrow">
      <h1>Reset your password</h1>
      <form
        className="form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!altcha) return;
          try {
            await api.requestReset(email, altcha);
            setSent(true);
          } catch (failure) {
            setError(
              failure instanceof ApiError && failure.status === 429
                ? errorMessage(failure)
                : MESSAGES.resetRequest,
            );
          }
        }}
      >
        {error && <ErrorBox message={error} onClear={() => setError(null)} />}
        <Field
          id="reset-email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
        <AltchaField onPayload={setAltcha} />
        <button type="submit" className="button" disabled={!altcha}>
          Send reset link
        </button>
      </form>
    </div>
  );
}
