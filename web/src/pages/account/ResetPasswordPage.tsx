import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { ApiError } from '../../api/http';
import { NewPasswordField } from '../../components/Field';
import { ErrorBox } from '../../components/ErrorBox';
import { Outcome } from '../../components/Outcome';
import { MESSAGES } from '../../lib/messages';
import { useApi } from '../../hooks/useApi';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';

/** The target of a mailed reset link (WebPaths.passwordReset). */
export default function ResetPasswordPage() {
  useRouteTitle();
  const { hash = '' } = useParams();
  const valid = useApi(() => api.validateHash(hash), [hash]);
  const [password, setPassword] = useState('');
  const { submit, setError, errorBox, pending } = useFormSubmit({
    failureText: (failure) =>
      failure instanceof ApiError && failure.status === 0
        ? MESSAGES.passwordSaveNetwork
        : failure instanceof ApiError && failure.status === 400 && failure.message
          ? failure.message
          : MESSAGES.passwordSave,
  });
  const [saved, setSaved] = useState(false);
  if (valid.kind === 'loading') return <p className="muted">Checking your link…</p>;
  if (valid.kind === 'error' || !valid.data) {
    return (
      <div className="narrow">
        <h1>Reset link not valid</h1>
        <ErrorBox message={MESSAGES.hashInvalid} />
        <p>
          <Link to="/account/reset">Request a new link</Link>
        </p>
      </div>
    );
  }
  if (saved) {
    return (
      <Outcome title="Password saved">
        Your new password is saved. <Link to="/account/signin">Sign in</Link>
      </Outcome>
    );
  }
  return (
    <div className="narrow">
      <h1>Choose a new password</h1>
      <form
        className="form"
        onSubmit={submit(async () => {
          const answer = await api.resetPassword(hash, password);
          // docs/product/spec.md#s5: the save fails when the reply's success is not true.
          if (answer?.success !== true) setError(MESSAGES.passwordSystem);
          else setSaved(true);
        })}
      >
        <NewPasswordField
          id="reset-password"
          label="New password"
          value={password}
          onValueChange={setPassword}
        />
        {errorBox}
        <button type="submit" className="button" disabled={pending}>
          Save password
        </button>
      </form>
    </div>
  );
}
