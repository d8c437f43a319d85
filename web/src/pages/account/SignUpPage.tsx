import { useState } from 'react';
import {
  isCalendarDate,
  oldEnoughToJoin,
  PASSWORD_MIN_LENGTH,
  type CalendarDate,
} from '@upright/contracts';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { AltchaField } from '../../components/AltchaField';
import { CheckField, Field, NewPasswordField } from '../../components/Field';
import { MINIMUM_AGE, PRODUCT_NAME } from '../../lib/constants';
import { MONTHS } from '../../lib/format';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';
import { useSession } from '../../state/session';
import type { JoinedState } from './PrioritiesPage';

interface BirthFields {
  birth_year: string;
  birth_month: string;
  birth_day: string;
}

/** The date of birth as typed, once it names a real day; null while incomplete or impossible. */
export function typedBirthDate(fields: BirthFields): CalendarDate | null {
  if (!/^\d{4}$/.test(fields.birth_year) || !/^\d{1,2}$/.test(fields.birth_day)) return null;
  const date = {
    year: Number(fields.birth_year),
    month: Number(fields.birth_month),
    day: Number(fields.birth_day),
  };
  return isCalendarDate(date) ? date : null;
}

/**
 * docs/product/rules.md#s8 age gate on the date of birth (not stored; decision 0047): the same rule
 * accounts decides with, so the form says "too young" exactly when accounts would refuse.
 */
export function tooYoungToJoin(fields: BirthFields, now: Date = new Date()): boolean {
  const birth = typedBirthDate(fields);
  return birth !== null && !oldEnoughToJoin(birth, now);
}

/** What the sign-up form still needs, in the words the disabled Join button shows beside it. */
export function missingToJoin(
  form: BirthFields & { first_name: string; last_name: string; email: string; password: string },
  checks: { individual: boolean; captcha: boolean },
  now: Date = new Date(),
): string[] {
  const missing: string[] = [];
  if (form.first_name.trim() === '') missing.push('your first name');
  if (form.last_name.trim() === '') missing.push('your last name');
  if (!/^[^@\s]+@[^@\s]+$/.test(form.email.trim())) missing.push('your email address');
  if (form.password.length < PASSWORD_MIN_LENGTH) {
    missing.push(`a password of at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (typedBirthDate(form) === null) missing.push('your date of birth');
  else if (tooYoungToJoin(form, now)) missing.push(`to be ${MINIMUM_AGE} or older`);
  if (!checks.individual) missing.push('the box saying you are an individual');
  if (!checks.captcha) missing.push('the captcha');
  return missing;
}

export default function SignUpPage() {
  useRouteTitle();
  const session = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    birth_year: '',
    birth_month: '',
    birth_day: '',
  });
  const [individual, setIndividual] = useState(false);
  const [subscriber, setSubscriber] = useState(false);
  const [altcha, setAltcha] = useState<string | null>(null);
  // docs/product/spec.md#s8: the server's error text is shown.
  const { submit, errorBox, pending } = useFormSubmit();
  const tooYoung = tooYoungToJoin(form);
  const missing = missingToJoin(form, { individual, captcha: altcha !== null });
  const input = (name: keyof typeof form) => ({
    id: `signup-${name}`,
    value: form[name],
    onValueChange: (value: string) => setForm({ ...form, [name]: value }),
  });
  return (
    <div className="narrow">
      <h1>Join {PRODUCT_NAME}</h1>
      <p>Free membership: set your priorities and every ranking follows what you care about.</p>
      <form
        className="form"
        onSubmit={submit(async () => {
          if (!altcha || !individual || missing.length > 0) return;
          const answer = await api.signUp({
            ...form,
            birth_year: Number(form.birth_year),
            birth_month: Number(form.birth_month),
            birth_day: Number(form.birth_day),
            individual,
            subscriber,
            altcha,
          });
          session.signedIn(answer.user);
          navigate('/account/priorities', { state: { joined: true } satisfies JoinedState });
        })}
      >
        <Field
          {...input('first_name')}
          label="First name"
          required
          autoComplete="given-name"
          maxLength={100}
        />
        <Field
          {...input('last_name')}
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={100}
        />
        <Field {...input('email')} label="Email" type="email" required autoComplete="email" />
        <NewPasswordField {...input('password')} label="Password" />
        <Field
          {...input('birth_year')}
          label="Year of birth"
          inputMode="numeric"
          pattern="[0-9]{4}"
          required
          autoComplete="bday-year"
          aria-describedby="birth-year-help"
        />
        <label htmlFor="signup-birth_month">Month</label>
        <select
          id="signup-birth_month"
          value={form.birth_month}
          onChange={(event) => setForm({ ...form, birth_month: event.target.value })}
          required
          autoComplete="bday-month"
          aria-describedby="birth-year-help"
        >
          <option value="">Choose the month</option>
          {MONTHS.map((name, index) => (
            <option key={name} value={String(index + 1)}>
              {name}
            </option>
          ))}
        </select>
        <Field
          {...input('birth_day')}
          label="Day"
          inputMode="numeric"
          pattern="[0-9]{1,2}"
          required
          autoComplete="bday-day"
          aria-describedby="birth-year-help"
        />
        <p id="birth-year-help" className={tooYoung ? 'field-error' : 'muted'}>
          {tooYoung
            ? `Members must be ${MINIMUM_AGE} or older.`
            : `Only used to check that you are ${MINIMUM_AGE} or older; it is not stored.`}
        </p>
        <CheckField checked={individual} onCheckedChange={setIndividual} required>
          I am an individual, not a company or organisation, and this is my only account.
        </CheckField>
        <CheckField checked={subscriber} onCheckedChange={setSubscriber}>
          Send me the newsletter (optional)
        </CheckField>
        <AltchaField onPayload={setAltcha} />
        {errorBox}
        <button
          type="submit"
          className="button"
          disabled={missing.length > 0 || pending}
          aria-describedby="join-missing"
        >
          Join
        </button>
        <p id="join-missing" className="muted" aria-live="polite" data-testid="join-missing">
          {missing.length > 0 ? `To join, still needed: ${missing.join(', ')}.` : 'Ready to join.'}
        </p>
        <p className="muted">
          By joining you accept the <Link to="/terms-of-use">terms of use</Link> and the{' '}
          <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </form>
      <p>
        Already a member? <Link to="/account/signin">Sign in</Link>
      </p>
    </div>
  );
}
