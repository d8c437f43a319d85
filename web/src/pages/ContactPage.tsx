import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../api/endpoints';
import { errorMessage } from '../api/http';
import { AltchaField } from '../components/AltchaField';
import { PRODUCT_NAME } from '../lib/constants';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { useFormSubmit } from '../hooks/useFormSubmit';
import { useSession } from '../state/session';

/** docs/product/spec.md#s8 contact failure text. */
export const CONTACT_ERROR =
  'There was a error and your message was not sent. Try refreshing this page and sending your message again.';

export default function ContactPage() {
  useRouteTitle();
  const [params] = useSearchParams();
  const { user } = useSession();
  const report = params.get('report');
  const reportPath = params.get('path');
  const [form, setForm] = useState({
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    email: user?.email ?? '',
    message: report
      ? `Correction request for the report "${report}"${reportPath ? ` (${reportPath})` : ''}:\n\n`
      : '',
  });
  const [altcha, setAltcha] = useState<string | null>(null);
  const { submit, setError, errorBox, pending } = useFormSubmit({
    failureText: (failure) =>
      (failure as { status?: number }).status === 429 ? errorMessage(failure) : CONTACT_ERROR,
    clearsErrorOnRetry: false,
  });
  const [sent, setSent] = useState(false);
  const field = (name: keyof typeof form) => ({
    id: `contact-${name}`,
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm({ ...form, [name]: event.target.value }),
  });

  if (sent) {
    return (
      <>
        <h1>Message sent</h1>
        <p role="status">Thank you. Your message has been sent; we will answer by email.</p>
      </>
    );
  }
  return (
    <>
      <h1>Contact {PRODUCT_NAME}</h1>
      {report && (
        <p className="notice" data-testid="correction-report">
          You are requesting a correction to the report <strong>{report}</strong>.
        </p>
      )}
      <form
        className="form"
        onSubmit={submit(async () => {
          if (!altcha) return;
          const answer = await api.message({ ...form, report_title: report }, altcha);
          if (answer?.sent === false) setError(CONTACT_ERROR);
          else setSent(true);
        })}
      >
        <label htmlFor="contact-name">Your name</label>
        <input {...field('name')} required autoComplete="name" />
        <label htmlFor="contact-email">Email</label>
        <input {...field('email')} type="email" required autoComplete="email" />
        <label htmlFor="contact-message">Message</label>
        <textarea {...field('message')} required rows={8} maxLength={5000} />
        <AltchaField onPayload={setAltcha} />
        {errorBox}
        <button type="submit" className="button" disabled={!altcha || pending}>
          Send message
        </button>
      </form>
    </>
  );
}
