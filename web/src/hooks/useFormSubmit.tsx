import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { ApiError, errorMessage } from '../api/http';
import { rateLimitedText } from '../lib/messages';
import { ErrorBox } from '../components/ErrorBox';

interface FormSubmitOptions {
  /**
   * docs/product/spec.md#s8: the text shown when the action throws; the server's own text by
   * default.
   */
  failureText?: (failure: unknown) => string;
  /** Whether a new attempt first hides the previous error (otherwise it stays until dismissed). */
  clearsErrorOnRetry?: boolean;
}

/**
 * One account action with its error box (docs/product/spec.md#s4: dismissed by an explicit clear
 * action): `run` performs the action and shows the failure text when it throws; `submit` is the
 * same as a form's submit handler; `pending` is true while the action runs. Forms place `errorBox`
 * just above their button, where the eye is, and it takes the focus when it appears; a refusal for
 * coming too soon says the real wait (decision 0056).
 */
export function useFormSubmit({
  failureText = errorMessage,
  clearsErrorOnRetry = true,
}: FormSubmitOptions = {}) {
  const [error, setError] = useState<string | null>(null);
  // While the action runs its buttons are disabled, so a double click does not send it twice.
  const [pending, setPending] = useState(false);
  const run = async (action: () => Promise<void>) => {
    if (clearsErrorOnRetry) setError(null);
    setPending(true);
    try {
      await action();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 429
          ? rateLimitedText(failure.retryAfter)
          : failureText(failure),
      );
    } finally {
      setPending(false);
    }
  };
  const submit = (action: () => Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    return run(action);
  };
  const errorBox: ReactNode = error ? (
    <ErrorBox message={error} onClear={() => setError(null)} takeFocus />
  ) : null;
  return { run, submit, setError, errorBox, pending };
}
