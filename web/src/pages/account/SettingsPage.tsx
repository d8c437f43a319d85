import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Settings, SettingsBody, Theme } from '../../api/account-types';
import { api } from '../../api/endpoints';
import { ApiError, errorMessage } from '../../api/http';
import { FollowedCompanies } from '../../components/FollowedCompanies';
import { CheckField, CredentialFields, Field, NewPasswordField } from '../../components/Field';
import { MemberData } from '../../components/RequireMember';
import { SaveBar } from '../../components/SaveBar';
import { PRODUCT_NAME } from '../../lib/constants';
import { MESSAGES } from '../../lib/messages';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useFormSubmit } from '../../hooks/useFormSubmit';
import { useSession } from '../../state/session';
import { useTheme } from '../../state/theme';

const NO_CREDENTIALS = { email: '', password: '' };

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
  return { submit, feedback, pending: form.pending };
}

/** A settings form that sends `changes` on its own submit button (email, password). */
function ChangeForm({
  form,
  changes,
  doneText,
  submitLabel,
  children,
}: {
  form: ReturnType<typeof useSettingsSubmit>;
  changes: Partial<SettingsBody>;
  doneText: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form className="form" onSubmit={form.submit(changes, doneText)}>
      {form.feedback}
      {children}
      <button type="submit" className="button" disabled={form.pending}>
        {submitLabel}
      </button>
    </form>
  );
}

function SettingsForms({ initial }: { initial: Settings }) {
  return (
    <>
      <h1>Account settings</h1>
      <ProfileSection initial={initial} />
      <EmailSection initialEmail={initial.email} />
      <PasswordSection />
      <Section title="Followed companies">
        <FollowedCompanies />
      </Section>
      <DiscontinueSection />
    </>
  );
}

/** Name, newsletter and theme: saved together from the save bar once anything changed. */
function ProfileSection({ initial }: { initial: Settings }) {
  const session = useSession();
  const { setTheme } = useTheme();
  const [saved, setSaved] = useState(initial);
  const [profile, setProfile] = useState(initial);
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
  return (
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
        <Field
          id="settings-first-name"
          label="First name"
          required
          autoComplete="given-name"
          value={profile.first_name}
          onValueChange={(first_name) => setProfile({ ...profile, first_name })}
        />
        <Field
          id="settings-last-name"
          label="Last name"
          required
          autoComplete="family-name"
          value={profile.last_name}
          onValueChange={(last_name) => setProfile({ ...profile, last_name })}
        />
        <CheckField
          checked={profile.subscriber}
          onCheckedChange={(subscriber) => setProfile({ ...profile, subscriber })}
        >
          Send me the newsletter
        </CheckField>
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
        canSave={
          !profileForm.pending &&
          profile.first_name.trim() !== '' &&
          profile.last_name.trim() !== ''
        }
        form="profile-form"
      />
    </Section>
  );
}

function EmailSection({ initialEmail }: { initialEmail: string }) {
  const session = useSession();
  const [email, setEmail] = useState(NO_CREDENTIALS);
  const emailForm = useSettingsSubmit(() => {
    session.updateUser({ email: email.email });
    setEmail(NO_CREDENTIALS);
  });
  return (
    <Section title="Email">
      <p>
        Your email is <strong>{session.user?.email ?? initialEmail}</strong>.
      </p>
      <ChangeForm
        form={emailForm}
        changes={{ email: email.email, current_password: email.password }}
        doneText="Your email was changed. Follow the link we mailed to verify it."
        submitLabel="Change email"
      >
        <CredentialFields
          idPrefix="settings-email"
          emailLabel="New email"
          passwordLabel="Your password"
          value={email}
          onChange={setEmail}
        />
      </ChangeForm>
    </Section>
  );
}

function PasswordSection() {
  const [password, setPassword] = useState({ current: '', next: '' });
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
    <Section title="Password">
      <ChangeForm
        form={passwordForm}
        changes={{ current_password: password.current, new_password: password.next }}
        doneText="Your password was changed. Other devices have been signed out."
        submitLabel="Change password"
      >
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
      </ChangeForm>
    </Section>
  );
}

/** Discontinuing asks for the password once more before it signs the member out. */
function DiscontinueSection() {
  const session = useSession();
  const navigate = useNavigate();
  const [confirmDiscontinue, setConfirmDiscontinue] = useState(false);
  const [discontinuePassword, setDiscontinuePassword] = useState('');
  const discontinue = useFormSubmit({
    // A wrong password (400) or a lapsed session (401) says so; anything else is
    // docs/product/spec.md#s8's text.
    failureText: (failure) =>
      failure instanceof ApiError && (failure.status === 401 || failure.status === 400)
        ? errorMessage(failure)
        : MESSAGES.discontinue,
    clearsErrorOnRetry: false,
  });
  return (
    <Section title="Discontinue membership">
      <p>
        Discontinuing signs you out; your data is deleted 7 days later. Until then you can sign in
        and continue your {PRODUCT_NAME} membership.
      </p>
      {discontinue.errorBox}
      {confirmDiscontinue ? (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            discontinue.run(async () => {
              await api.discontinue(discontinuePassword);
              session.ended(MESSAGES.discontinued);
              navigate('/account/signin');
            });
          }}
        >
          <Field
            id="settings-discontinue-password"
            label="Your password, to confirm"
            type="password"
            required
            autoComplete="current-password"
            value={discontinuePassword}
            onValueChange={setDiscontinuePassword}
          />
          <div className="button-row">
            <button type="submit" className="button button-danger" disabled={discontinue.pending}>
              Yes, discontinue my membership
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setConfirmDiscontinue(false);
                setDiscontinuePassword('');
              }}
            >
              Keep my membership
            </button>
          </div>
        </form>
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
  );
}

export default function SettingsPage() {
  useRouteTitle();
  return (
    <MemberData load={api.settings} what="your settings">
      {(initial) => <SettingsForms initial={initial} />}
    </MemberData>
  );
}
