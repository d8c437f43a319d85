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

/** Choosing a password: the label states the length accounts enforces (decisions §8). */
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
