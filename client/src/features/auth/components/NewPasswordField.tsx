import { Field } from '@chakra-ui/react';
import { useId } from 'react';
import { usePasswordStrength } from '../hooks/usePasswordStrength';
import { PASSWORD_MAX_LENGTH, type PasswordAccount } from '../lib/password-rules';
import { PasswordInput } from './PasswordInput';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

interface Props {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field (e.g. "too weak" after a submit). */
  error?: string | null;
  placeholder?: string;
  /** Whose password it is: their e-mail and name count against it (as on the server). */
  account?: PasswordAccount;
}

/** A new password with its live strength meter (register and change-password forms). */
export function NewPasswordField({ label, name, value, onChange, error, placeholder = 'A long phrase works best', account }: Props) {
  const state = usePasswordStrength(value, account);
  const meterId = useId();
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <PasswordInput
        name={name}
        autoComplete="new-password"
        minLength={8}
        maxLength={PASSWORD_MAX_LENGTH}
        placeholder={placeholder}
        value={value}
        aria-describedby={meterId}
        onChange={(event) => onChange(event.target.value)}
      />
      <PasswordStrengthMeter id={meterId} state={state} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : !value && <Field.HelperText>At least 8 characters, rated at least "Strong".</Field.HelperText>}
    </Field.Root>
  );
}
