import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Settings, SettingsBody, Theme } from '../../api/account-types';
import { api } from '../../api/endpoints';
import { ApiError, errorMessage } from '../../api/http';
import { Field, NewPasswordField } from '../../components/Field';
import { ErrorBox } from '../../components/ErrorBox';
import { RequireMember } from '../../components/RequireMember';
import { SaveBar } from '../../components/SaveBar';
import { PRODUCT_NAME } from '../../lib/constants';
import { MESSAGES } from '../../lib/messages';
import { useTitle } from '../../lib/useApi';
import { useFormSubmit } from '../../lib/useFormSubmit';
import { useSession } from '../../state/session';
import { useTheme } from '../../state/theme';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="settings-section">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One form that sends `changes` with PUT /api/settings and reports its own outcome. */
function useSettingsSubmit(onSaved: () => void, failureText?: (error: unknown) => string) {
  const form = useFormSubmit({ failureText });
  const [done, setDone] = useState<string | null>(null);
  const submit = (changes: Partial<SettingsBody>, doneText: string) =>
    form.submit(async () => {
      setDone(null);
      await api.saveSettings(changes);
      setDone(doneText);
      onSaved();
    });
  const feedback = (
    <>
      {form.errorBox}
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
    </>
  );
  return { submit, feedback };
}

function SettingsForms({ initial }: { initial: Settings }) {
  const session = useSession();
  const { setTheme } = useTheme();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(initial);
  const [profile, setProfile] = useState(initial);
  const [email, setEmail] = useState({ email: '', password: '' });
  const [password, setPassword] = useState({ current: '', next: '' });
  const [confirmDiscontinue, setConfirmDiscontinue] = useState(false);
  const discontinue = useFormSubmit({
    failureText: (failure) =>
      failure instanceof ApiError && failure.status === 401
        ? errorMessage(failure)
        : MESSAGES.discontinue,
    clearsErrorOnRetry: false,
  });
  const dirty =
    profile.first_name !== saved.first_name ||
    profile.last_name !== saved.last_name ||
    profile.subscriber !== saved.subscriber ||
    profile.theme !== saved.theme;

  const profileForm = useSettingsSubmit(() => {
    setSaved(profile);
    setTheme(profile.theme);
    session.updateUser({
      first_name: profile.first_name,
      last_name: profile.last_name,
      subscriber: profile.subscriber,
      theme: profile.theme,
    });
  });
  const emailForm = useSettingsSubmit(() => {
    session.updateUser({ email: email.email });
    setEmail({ email: '', password: '' });
  });
  const passwordForm = useSettingsSubmit(
    () => setPassword({ current: '', next: '' }),
    (failure) =>
      failure instanceof ApiError && failure.status === 0
        ? MESSAGES.passwordSaveNetwork
        : failure instanceof ApiError && failure.status >= 500
          ? MESSAGES.passwordSystem
          : failure instanceof ApiError && failure.message
            ? failure.message
            : MESSAGES.passwordSave,
  );

  return (
    <>
      <h1>Account settings</h1>
      <Section title="Profile">
        <form
          id="profile-form"
          className="form"
          onSubmit={profileForm.submit(
            {
              first_name: profile.first_name,
              last_name: profile.last_name,
              subscriber: profile.subscriber,
              theme: profile.theme,
            },
            'Your settings were saved.',
          )}
        >
          {profileForm.feedback}
          <label htmlFor="settings-first-name">First name</label>
          <input
            id="settings-first-name"
            required
            value={profile.first_name}
            onChange={(event) => setProfile({ ...profile, first_name: event.target.value })}
          />
          <label htmlFor="settings-last-name">Last name</label>
          <input
            id="settings-last-name"
            required
            value={profile.last_name}
            onChange={(event) => setProfile({ ...profile, last_name: event.target.value })}
          />
          <label className="check">
            <input
              type="checkbox"
              checked={profile.subscriber}
              onChange={(event) => setProfile({ ...profile, subscriber: event.target.checked })}
            />
            Send me the newsletter
          </label>
          <fieldset className="theme-choice">
            <legend>Theme</legend>
            {(['light', 'dark'] as Theme[]).map((theme) => (
              <label key={theme} className="check">
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  checked={profile.theme === theme}
                  onChange={() => setProfile({ ...profile, theme })}
                />
                {theme === 'light' ? 'Light' : 'Dark'}
              </label>
            ))}
          </fieldset>
        </form>
        <SaveBar
          dirty={dirty}
          canSave={profile.first_name.trim() !== '' && profile.last_name.trim() !== ''}
          form="profile-form"
        />
      </Section>

      <Section title="Email">
        <p>
          Your email is <strong>{session.user?.email ?? saved.email}</strong>.
        </p>
        <form
          className="form"
          onSubmit={emailForm.submit(
            { email: email.email, current_password: email.password },
            'Your email was changed. Follow the link we mailed to verify it.',
          )}
        >
          {emailForm.feedback}
          <Field
            id="settings-email"
            label="New email"
            type="email"
            required
            autoComplete="email"
            value={email.email}
            onValueChange={(value) => setEmail({ ...email, email: value })}
          />
          <Field
            id="settings-email-password"
            label="Your password"
            type="password"
            required
            autoComplete="current-password"
            value={email.password}
            onValueChange={(value) => setEmail({ ...email, password: value })}
          />
          <button type="submit" className="button">
            Change email
          </button>
        </form>
      </Section>

      <Section title="Password">
        <form
          className="form"
          onSubmit={passwordForm.submit(
            { current_password: password.current, new_password: password.next },
            'Your password was changed. Other devices have been signed out.',
          )}
        >
          {passwordForm.feedback}
          <Field
            id="settings-current-password"
            label="Current password"
            type="password"
            required
            autoComplete="current-password"
            value={password.current}
            onValueChange={(value) => setPassword({ ...password, current: value })}
          />
          <NewPasswordField
            id="settings-new-password"
            label="New password"
            value={password.next}
            onValueChange={(value) => setPassword({ ...password, next: value })}
          />
          <button type="submit" className="button">
            Change password
          </button>
        </form>
      </Section>

      <Section title="Discontinue membership">
        <p>
          Discontinuing signs you out; your data is deleted 7 days later. Until then you can sign in
          and continue your {PRODUCT_NAME} membership.
        </p>
        {discontinue.errorBox}
        {confirmDiscontinue ? (
          <div className="button-row">
            <button
              type="button"
              className="button button-danger"
              onClick={() =>
                discontinue.run(async () => {
                  await api.discontinue();
                  session.ended(MESSAGES.discontinued);
                  navigate('/account/signin');
                })
              }
            >
              Yes, discontinue my membership
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setConfirmDiscontinue(false)}
            >
              Keep my membership
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setConfirmDiscontinue(true)}
          >
            Discontinue membership
          </button>
        )}
      </Section>
    </>
  );
}

function SettingsLoader() {
  const { user } = useSession();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .settings()
      .then(setSettings)
      .catch((failure: unknown) => setError(errorMessage(failure)));
    // Reload when a different member signs in.
  }, [user?.uid]);
  if (error) return <ErrorBox message={error} />;
  if (!settings) return <p className="muted">Loading your settings…</p>;
  return <SettingsForms initial={settings} />;
}

export default function SettingsPage() {
  useTitle(`Account settings · ${PRODUCT_NAME}`);
  return (
    <RequireMember>
      <SettingsLoader />
    </RequireMember>
  );
}
