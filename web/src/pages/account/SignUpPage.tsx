import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { AltchaField } from '../../components/AltchaField';
import { CheckField, Field, NewPasswordField } from '../../components/Field';
import { MINIMUM_AGE, PRODUCT_NAME } from '../../lib/constants';
import { useTitle } from '../../hooks/useApi';
import { useFormSubmit } from '../../hooks/useFormSubmit';
import { useSession } from '../../state/session';

/**
 * docs/product/rules.md#s8 age gate by birth year (not stored). A year cannot tell whether the
 * birthday has passed, so only members certainly 13 or older pass — the same rule accounts applies.
 */
export function oldEnough(birthYear: number, now: Date = new Date()): boolean {
  return Number.isInteger(birthYear) && now.getUTCFullYear() - birthYear - 1 >= MINIMUM_AGE;
}

export default function SignUpPage() {
  useTitle(`Join · ${PRODUCT_NAME}`);
  const session = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({
    first_name: '',
    last_name: '',
    email: '',
    password: '',
    birth_year: '',
  });
  const [individual, setIndividual] = useState(false);
  const [subscriber, setSubscriber] = useState(false);
  const [altcha, setAltcha] = useState<string | null>(null);
  // docs/product/spec.md#s8: the server's error text is shown.
  const { submit, errorBox, pending } = useFormSubmit();
  const year = Number(form.birth_year);
  const tooYoung = form.birth_year.length === 4 && !oldEnough(year);
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
          if (!altcha || tooYoung || !individual) return;
          const answer = await api.signUp({
            ...form,
            birth_year: year,
            individual,
            subscriber,
            altcha,
          });
          session.signedIn(answer.user);
          navigate('/account/priorities');
        })}
      >
        {errorBox}
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
          label="What year were you born?"
          inputMode="numeric"
          pattern="[0-9]{4}"
          required
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
        <button
          type="submit"
          className="button"
          disabled={!altcha || tooYoung || !individual || pending}
        >
          Join
        </button>
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
