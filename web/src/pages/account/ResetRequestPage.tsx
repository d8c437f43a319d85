import { useState } from 'react';
import { api } from '../../api/endpoints';
import { ApiError, errorMessage } from '../../api/http';
import { AltchaField } from '../../components/AltchaField';
import { Field } from '../../components/Field';
import { Outcome } from '../../components/Outcome';
import { MESSAGES } from '../../lib/messages';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';

export default function ResetRequestPage() {
  useRouteTitle();
  const [email, setEmail] = useState('');
  const [altcha, setAltcha] = useState<string | null>(null);
  const { submit, errorBox, pending } = useFormSubmit({
    failureText: (failure) =>
      failure instanceof ApiError && failure.status === 429
        ? errorMessage(failure)
        : MESSAGES.resetRequest,
    clearsErrorOnRetry: false,
  });
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <Outcome title="Check your email">
        If an account uses {email}, a link to reset its password is on its way.
      </Outcome>
    );
  }
  return (
    <div className="narrow">
      <h1>Reset your password</h1>
      <form
        className="form"
        onSubmit={submit(async () => {
          if (!altcha) return;
          await api.requestReset(email, altcha);
          setSent(true);
        })}
      >
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
        {errorBox}
        <button type="submit" className="button" disabled={!altcha || pending}>
          Send reset link
        </button>
      </form>
    </div>
  );
}
