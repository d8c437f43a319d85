import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  CORRECTION_PROMISE_DAYS,
  CORRECTION_TEXT_MAX_LENGTH,
  WebPaths,
  correctionFieldLabel,
  isCorrectionField,
  type CorrectionReceipt,
} from '@upright/contracts';
import { api } from '../../api/endpoints';
import { AltchaField } from '../../components/AltchaField';
import { PrefetchLink } from '../../components/PrefetchLink';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';
import { useSession } from '../../state/session';
import NotFoundPage from '../NotFoundPage';
import { rememberRequest } from './own-requests';

/** `?period=2026-Q2` of WebPaths.correctionForm. */
function periodOf(value: string | null) {
  const match = /^(\d{4})-Q([1-4])$/.exec(value ?? '');
  return match ? { period_year: Number(match[1]), period_qrt: Number(match[2]) } : null;
}

/**
 * "Request a correction" of one figure or rank of a company page: acknowledged by
 * mail at once, resolved on the company's public ledger.
 */
export default function CorrectionRequestPage() {
  useRouteTitle();
  const [params] = useSearchParams();
  const { user } = useSession();
  const industry = params.get('industry') ?? '';
  const company = params.get('company') ?? '';
  const field = params.get('field') ?? '';
  const period = periodOf(params.get('period'));
  const [form, setForm] = useState({
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    email: user?.email ?? '',
    // A request started from a report names it.
    what_is_wrong: params.get('report') ? `In the report "${params.get('report')}": ` : '',
    evidence_url: '',
  });
  const [altcha, setAltcha] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<CorrectionReceipt | null>(null);
  const { submit, errorBox, pending } = useFormSubmit({ clearsErrorOnRetry: false });
  if (!industry || !company || !period || !isCorrectionField(field)) return <NotFoundPage />;
  const ledger = WebPaths.correctionLedger(industry, company);
  const input = (name: keyof typeof form) => ({
    id: `correction-${name}`,
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) =>
      setForm({ ...form, [name]: event.target.value }),
  });

  if (receipt) return <Receipt receipt={receipt} ledger={ledger} />;
  return (
    <>
      <h1>Request a correction</h1>
      <p>
        You are asking us to correct the <strong>{correctionFieldLabel(field)}</strong> of Q
        {period.period_qrt} {period.period_year} on{' '}
        <PrefetchLink to={WebPaths.company(industry, company)}>this company page</PrefetchLink>. We
        acknowledge every request at once and resolve it within {CORRECTION_PROMISE_DAYS} days; the
        outcome and its reason are published on the{' '}
        <PrefetchLink to={ledger}>corrections ledger</PrefetchLink>. Your name and email are never
        published, and are deleted once the request is resolved.
      </p>
      <form
        className="form"
        onSubmit={submit(async () => {
          if (!altcha) return;
          const sent = await api.requestCorrection(
            { industry, company, field, ...period, ...form },
            altcha,
          );
          rememberRequest(localStorage, industry, company, {
            reference: sent.reference,
            field_label: correctionFieldLabel(field),
            ...period,
            requested_at: new Date().toISOString(),
          });
          setReceipt(sent);
        })}
      >
        <label htmlFor="correction-name">Your name</label>
        <input {...input('name')} required autoComplete="name" maxLength={100} />
        <label htmlFor="correction-email">Email</label>
        <input {...input('email')} type="email" required autoComplete="email" />
        <label htmlFor="correction-what_is_wrong">What is wrong</label>
        <textarea
          {...input('what_is_wrong')}
          required
          rows={6}
          maxLength={CORRECTION_TEXT_MAX_LENGTH}
        />
        <label htmlFor="correction-evidence_url">Evidence (a link starting with https://)</label>
        <input
          {...input('evidence_url')}
          type="url"
          required
          pattern="https?://.+"
          placeholder="https://"
        />
        <AltchaField onPayload={setAltcha} />
        {errorBox}
        <button type="submit" className="button" disabled={!altcha || pending}>
          Request the correction
        </button>
      </form>
    </>
  );
}

/**
 * The receipt replaces a form the requester scrolled down to send: it is brought to the top and
 * its heading focused, so neither the eye nor a screen reader is left on a blank stretch of page.
 */
function Receipt({ receipt, ledger }: { receipt: CorrectionReceipt; ledger: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus();
  }, []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Correction requested
      </h1>
      <p role="status">
        Thank you. Your request {receipt.reference} is on its way to us, and we mailed you a
        receipt. We resolve every request within {receipt.promise_days} days.
      </p>
      <p>
        <PrefetchLink to={ledger}>See the corrections ledger</PrefetchLink>, where your request is
        listed on this browser until it is decided.
      </p>
    </>
  );
}
