import type { InputHTMLAttributes, ReactNode } from 'react';
import { PASSWORD_MIN_LENGTH } from '@upright/contracts';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'> & {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange(value: string): void;
};

/** A labelled input, laid out as every form of the app lays them out (label above). */
export function Field({ id, label, value, onValueChange, ...input }: FieldProps) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
      />
    </>
  );
}

/**
 * Choosing a password: the label states the length accounts enforces (docs/product/rules.md#s8).
 */
export function NewPasswordField({
  label,
  ...props
}: Omit<FieldProps, 'type' | 'required' | 'minLength' | 'autoComplete'>) {
  return (
    <Field
      {...props}
      label={
        <>
          {label} (at least {PASSWORD_MIN_LENGTH} characters)
        </>
      }
      type="password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      autoComplete="new-password"
    />
  );
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * An email field above the member's current password: sign-in, verification by credentials and
 * the change of email all ask for the pair.
 */
export function CredentialFields({
  idPrefix,
  emailLabel = 'Email',
  passwordLabel = 'Password',
  value,
  onChange,
}: {
  idPrefix: string;
  emailLabel?: string;
  passwordLabel?: string;
  value: Credentials;
  onChange(value: Credentials): void;
}) {
  return (
    <>
      <Field
        id={`${idPrefix}-email`}
        label={emailLabel}
        type="email"
        required
        autoComplete="email"
        value={value.email}
        onValueChange={(email) => onChange({ ...value, email })}
      />
      <Field
        id={`${idPrefix}-password`}
        label={passwordLabel}
        type="password"
        required
        autoComplete="current-password"
        value={value.password}
        onValueChange={(password) => onChange({ ...value, password })}
      />
    </>
  );
}

/** A checkbox with its label text to the right. */
export function CheckField({
  checked,
  onCheckedChange,
  required,
  children,
}: {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onCheckedChange(event.target.checked)}
        required={required}
      />
      {children}
    </label>
  );
}
